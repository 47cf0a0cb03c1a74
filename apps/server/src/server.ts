import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DEFAULT_WEB_DIST } from './db/paths.js';
import { AUTH_INVALIDATE_CHANNEL, AuthCache } from './platform/auth-cache.js';
import { pushJobs } from './modules/push/index.js';
import { sentimentJobs } from './modules/market/index.js';
import { intelligenceJobs } from './modules/intelligence/index.js';
import { loggableError } from './platform/errors.js';
import { stopGracefully } from './platform/lifecycle.js';
import { portalMetrics } from './platform/metrics.js';
import { DOWNLOAD_QUEUE, downloadJobs } from './modules/downloads/index.js';
import { serveBackupSocket } from './ops/backup-socket.js';
import { IMPORT_QUEUE, importJobs } from './modules/imports/index.js';
import { DiskFileStore } from './platform/storage.js';
import { JobRunner } from './platform/jobs/index.js';
import { TokenService } from './platform/tokens.js';
import { DEMO_PASSWORD, seedDemoData } from './seed/demo.js';
import { syncReleaseMenus } from './seed/menu-sync.js';
import { syncReleaseTexts, type TextSync } from './seed/text-sync.js';
import { seedSystemData } from './seed/system.js';
import { announceSetupLink, bootstrapAdministrator, BootstrapError } from './modules/setup/index.js';

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

/**
 * What every start does to the data once the migrations have run: the seeds of a new database, the
 * reference data an older one lacks, and the menu entries of this release it was never given.
 */
export async function prepareData(database: Database, config: Config): Promise<{ seeded: boolean; menusAdded: string[]; texts: TextSync }> {
  const seeded = config.demoData ? await seedDemoData(database.db, { doctors: config.demoDoctors }) : false;
  // Without demo data the system data (menus, roles, reference data, catalogue) is seeded on the first
  // start (docs/decisions/0041); reference data missing from an older database is added (docs/decisions/0017).
  if (!config.demoData) {
    await seedSystemData(database.db);
    const { regionsAdded } = await (await import('./modules/reference/index.js')).ensureReferenceData(database.db);
    // Hospitals of a database older than the region list take their province codes from it, once.
    if (regionsAdded) await (await import('./modules/customers/index.js')).fillHospitalProvinceCodes(database.db);
  }
  // After the seeds, so a new database counts its whole menu list as given (docs/decisions/0052).
  const menusAdded = await syncReleaseMenus(database.db);
  // Likewise the text catalogue: this release's wording where an administrator did not change it (docs/decisions/0060).
  const texts = await syncReleaseTexts(database.db);
  // Instances already running on the same PostgreSQL forget the menus and grants they have cached.
  if (menusAdded.length > 0) await database.notify(AUTH_INVALIDATE_CHANNEL, '*');
  return { seeded, menusAdded, texts };
}

export interface StartOptions {
  config: Config;
  /** The embedded database's folder (DATA_DIR/db). */
  pgliteDir: string;
  /** The demo snapshot a fresh embedded database starts from, if any. */
  snapshot: string | undefined;
  /** The entry point's copy of the snapshot into a fresh pgliteDir, already under way. */
  filled: Promise<boolean>;
}

/** Opens the database, seeds it when empty, builds the app and listens (main.ts calls it). */
export async function startServer({ config, pgliteDir, snapshot, filled }: StartOptions): Promise<void> {
  let database;
  try {
    await filled;
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, pgliteTemplate: snapshot });
  } catch (error) {
    const where = config.databaseUrl ? 'the PostgreSQL server at DATABASE_URL' : `the embedded database in ${pgliteDir}`;
    process.stderr.write(`Cannot open ${where}: ${(error as Error).message}\n`);
    process.exit(3);
  }
  const { seeded, menusAdded, texts } = await prepareData(database, config);
  let bootstrapped: string | undefined;
  if (config.bootstrapAdmin) {
    try {
      if (await bootstrapAdministrator(database.db, config.bootstrapAdmin, new Date())) bootstrapped = config.bootstrapAdmin.username;
    } catch (error) {
      if (!(error instanceof BootstrapError)) throw error;
      process.stderr.write(`Invalid configuration:\n  ${error.message}\n`);
      await database.close();
      process.exit(2);
    }
  }
  const webDist = config.webDist ?? DEFAULT_WEB_DIST;
  const files = new DiskFileStore(path.join(config.dataDir, 'files'));
  const app = await buildApp(
    {
      config,
      database,
      tokens: new TokenService(signingSecret(config)),
      authCache: new AuthCache(database),
      files,
      now: Date.now,
    },
    { logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] }, webDist },
  );
  const metrics = portalMetrics(app.ctx);
  if (menusAdded.length > 0) app.log.info({ routers: menusAdded }, 'menu entries of this release added');
  if (texts.added + texts.reworded > 0) app.log.info(texts, 'text catalogue entries of this release added or reworded');
  // Every background job of this instance, in one runner (docs/decisions/0047); a run that ends in
  // an error not the job's own is counted by its queue's or periodic work's name and logged.
  const jobs = new JobRunner(database, {
    hooks: {
      failed: (kind, error) => {
        metrics?.jobRunsFailed.inc({ kind });
        app.log.error({ err: loggableError(error), job: kind }, 'background job run failed');
      },
    },
  });
  const jobError = (kind: string) => (error: unknown) => {
    metrics?.jobRunsFailed.inc({ kind });
    app.log.error({ err: loggableError(error), job: kind }, 'background job failed');
  };
  // Fires queued pushes and sends must-read reminders, every second (docs/decisions/0004).
  jobs.register(
    pushJobs(database.db, {
      onDelivered: (e) => app.log.info(e, 'push delivered'),
      onResent: (e) => app.log.info(e, 'must-read reminders sent'),
    }),
  );
  // Rescores public opinion when the sentiment lexicon changes (docs/decisions/0025).
  jobs.register(
    sentimentJobs(database.db, {
      onRescored: (e) => {
        metrics?.sentimentRescored.inc(e.items);
        app.log.info(e, 'opinion items rescored');
      },
    }),
  );
  // Recomputes doctor intelligence, then the suggestions, when a job is queued (docs/decisions/0024).
  jobs.register(intelligenceJobs(database.db));
  // Runs the download centre's export jobs (docs/decisions/0022).
  jobs.register(
    downloadJobs(database, app.ctx.files, {
      keepMs: config.downloads.keepHours * 3_600_000,
      leaseMs: config.downloads.leaseMs,
      progressMs: config.downloads.progressMs,
      onError: jobError(DOWNLOAD_QUEUE),
    }),
  );
  // Runs the import centre's dry runs and commits (docs/decisions/0042).
  jobs.register(
    importJobs(database, app.ctx.files, { keepMs: config.downloads.keepHours * 3_600_000, onError: jobError(IMPORT_QUEUE), authCache: app.ctx.authCache }),
  );
  // A process killed mid-write (an upload, an export) leaves a temporary file; an hour untouched, it goes.
  jobs.every({
    name: 'file-partials',
    intervalMs: 15 * 60_000,
    work: async () => {
      const removed = await files.sweepPartials(3_600_000);
      if (removed > 0) app.log.info({ removed }, 'unfinished file writes removed');
    },
  });
  await jobs.start();
  metrics?.watchJobs(jobs);
  // `npm run backup` asks this process for a copy of the embedded database it holds (docs/decisions/0039).
  const stopBackups = database.kind === 'pglite' ? await serveBackupSocket(config.dataDir, database, app.log) : async () => undefined;
  // Out of rotation first, then the clients, jobs and requests under way, then out (docs/decisions/0038).
  const close = async () => {
    try {
      await stopBackups();
      await stopGracefully(app, { jobs: [jobs], graceMs: config.shutdownGraceMs });
    } catch (error) {
      app.log.error({ err: loggableError(error) }, 'stopping did not end cleanly');
    }
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Field Portal is running at ${url}  (API docs: ${url}/docs)`,
    `Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${pgliteDir}`}${seeded ? ', demo data seeded' : ''}`,
  ];
  if (bootstrapped) lines.push(`Administrator ${bootstrapped} created from ADMIN_USERNAME / ADMIN_PASSWORD: the first sign-in asks for a new password`);
  // While no administrator exists, a one-time link sets the portal up (also in DATA_DIR/setup-link.txt).
  const setupLink = await announceSetupLink(database.db, config.dataDir, url);
  if (setupLink) lines.push('No administrator yet. Set up the portal (this link works once):', `  ${setupLink}`);
  if (config.demoData) lines.push(`Demo accounts (password ${DEMO_PASSWORD}): admin (everything), operator (card operator), rep01 (sales representative)`);
  // performance.now() counts from the start of the process.
  lines.push(`Ready in ${Math.round(performance.now())} ms`, '');
  process.stdout.write(lines.join('\n') + '\n');
}
