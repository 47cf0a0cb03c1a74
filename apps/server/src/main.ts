import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { demoSnapshotPath, fillFromSnapshot } from './db/snapshot.js';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

const config = configOrExit();
const pgliteDir = path.join(config.dataDir, 'db');
const snapshot = !config.databaseUrl && config.demoData ? demoSnapshotPath() : undefined;
// A fresh data folder is filled from the demo snapshot while the rest of the server's code
// loads: this entry point imports little, and the server comes in by import() (docs/decisions/0001).
const filled = fillFromSnapshot(snapshot, pgliteDir);
// Its failure is reported where startServer awaits it, not as an unhandled rejection meanwhile.
filled.catch(() => undefined);
const { startServer } = await import('./server.js');
await startServer({ config, pgliteDir, snapshot, filled });
