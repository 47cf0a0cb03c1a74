import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { seedDemoData } from '../seed/demo.js';
import { openDatabase } from './client.js';
import { MIGRATIONS_DIR, SEED_DIR, SERVER_SRC } from './paths.js';

const require = createRequire(import.meta.url);

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

/** Changes whenever PGlite, a migration or the demo seed changes, so a stale snapshot is never used. */
function templateKey(): string {
  const pglite = path.dirname(require.resolve('@electric-sql/pglite'));
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(path.join(pglite, '..', 'package.json')));
  for (const file of [...filesUnder(MIGRATIONS_DIR), ...filesUnder(SEED_DIR)]) {
    hash.update(file.slice(SERVER_SRC.length)).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the build keeps a ready embedded database with the demo data. */
export function demoTemplatePath(): string {
  const nodeModules = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..', '..', '..');
  return path.join(nodeModules, '.cache', 'field-portal', `pglite-demo-${templateKey()}`);
}

/**
 * Build step: initdb, the migrations and the demo seed, run once into a directory that a
 * fresh DATA_DIR is copied from. initdb alone takes seconds in WASM; a copy takes under one.
 */
export async function buildDemoTemplate(): Promise<string> {
  const target = demoTemplatePath();
  if (fs.existsSync(path.join(target, 'PG_VERSION'))) return target;
  const tmp = `${target}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const database = await openDatabase({ pgliteDir: tmp });
  await seedDemoData(database.db);
  await database.close();
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(tmp, target);
  return target;
}
