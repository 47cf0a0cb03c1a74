import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { demoTemplatePath } from './db/template.js';
import { AuthCache } from './platform/auth-cache.js';
import { PushScheduler } from './modules/push/scheduler.js';
import { DiskFileStore } from './platform/storage.js';
import { TokenService } from './platform/tokens.js';
import { DEMO_PASSWORD, seedDemoData } from './seed/demo.js';

/** The signing secret: from the environment, else made once and kept in DATA_DIR. */
function signingSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main() {
  const startedAt = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      pgliteTemplate: config.demoData ? demoTemplatePath() : undefined,
    });
  } catch (error) {
    const where = config.databaseUrl ? 'the PostgreSQL server at DATABASE_URL' : `the embedded database in ${path.join(config.dataDir, 'db')}`;
    process.stderr.write(`Cannot open ${where}: ${(error as Error).message}\n`);
    process.exit(3);
  }
  const seeded = config.demoData ? await seedDemoData(database.db) : false;
  const webDist = config.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const app = await buildApp(
    {
      config,
      database,
      tokens: new TokenService(signingSecret(config)),
      authCache: new AuthCache(database),
      files: new DiskFileStore(path.join(config.dataDir, 'files')),
      now: Date.now,
    },
    { logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] }, webDist },
  );
  // Fires queued pushes and sends must-read reminders, every second (docs/decisions/0004).
  const scheduler = new PushScheduler(database.db, {
    onDelivered: (e) => app.log.info(e, 'push delivered'),
    onResent: (e) => app.log.info(e, 'must-read reminders sent'),
    onError: (error) => app.log.error({ err: error }, 'push scheduler run failed'),
  });
  scheduler.start();
  const close = async () => {
    await scheduler.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Field Portal is running at ${url}  (API docs: ${url}/docs)`,
    `Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.join(config.dataDir, 'db')}`}${seeded ? ', demo data seeded' : ''}`,
  ];
  if (config.demoData) lines.push(`Demo accounts (password ${DEMO_PASSWORD}): admin (everything), operator (card operator), rep01 (sales representative)`);
  lines.push(`Ready in ${Math.round(performance.now() - startedAt)} ms`, '');
  process.stdout.write(lines.join('\n') + '\n');
}

await main();
