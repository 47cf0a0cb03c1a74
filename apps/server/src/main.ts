import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { fillFromSnapshot, isDatabaseDir } from './db/snapshot.js';
import { demoSnapshotPath } from './seed/demo-snapshot.js';
import { DEMO_DATASET } from './seed/demo-size.js';

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
let snapshot = !config.databaseUrl && config.demoData ? demoSnapshotPath(config.demoDoctors) : undefined;
// A demo of more doctors (DEMO_DOCTORS) has a snapshot of its own, made from the demo's on the first
// fresh data folder that needs it (without the demo's snapshot, the server seeds it in place).
if (snapshot && config.demoDoctors !== DEMO_DATASET.doctors && !isDatabaseDir(pgliteDir) && !isDatabaseDir(snapshot) && isDatabaseDir(demoSnapshotPath())) {
  process.stdout.write(`Making the demo snapshot of ${config.demoDoctors} doctors (once)\n`);
  snapshot = await (await import('./seed/template.js')).buildDemoTemplate(config.demoDoctors);
}
// A fresh data folder is filled from the demo snapshot while the rest of the server's code
// loads: this entry point imports little, and the server comes in by import() (docs/decisions/0001).
const filled = fillFromSnapshot(snapshot, pgliteDir);
// Its failure is reported where startServer awaits it, not as an unhandled rejection meanwhile.
filled.catch(() => undefined);
const { startServer } = await import('./server.js');
await startServer({ config, pgliteDir, snapshot, filled });
