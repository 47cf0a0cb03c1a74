import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { MIGRATIONS_DIR, SEED_DIR, SERVER_SRC, SHARED_SRC } from '../db/paths.js';
import { DEMO_DATASET } from './demo-size.js';

// Light on purpose: the entry point imports this before the rest of the server loads.
const require = createRequire(import.meta.url);

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

const RELATIVE_IMPORT = /(?:from\s+|import\(\s*)'(\.{1,2}\/[^']+)'/g;

/** A source file and every file it imports by a relative path, transitively (the code the demo seed runs). */
function importClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = path.resolve(path.dirname(file), specifier!);
      const found = [target, target.replace(/\.js$/, '.ts')].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
      if (found) visit(found);
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen].sort();
}

let key: string | undefined;

/**
 * Changes whenever PGlite, a migration, the demo seed — or any code the seed imports (the
 * generators, the services it calls), the shared package included (its words are seeded into the
 * text catalogue, its menu names and limits into the rows) — or the way the snapshot is made
 * changes, so a stale snapshot is never used. Read once a process (it hashes some hundreds of
 * files: about 40 ms, and a start asks for it up to three times); the sources do not change under
 * a running process.
 */
export function snapshotKey(): string {
  key ??= readSnapshotKey();
  return key;
}

function readSnapshotKey(): string {
  const pglite = path.dirname(require.resolve('@electric-sql/pglite'));
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(path.join(pglite, '..', 'package.json')));
  const seedCode = importClosure(filesUnder(SEED_DIR).filter((f) => /\.[jt]s$/.test(f)));
  for (const file of [...filesUnder(MIGRATIONS_DIR), ...seedCode]) {
    hash.update(file.slice(SERVER_SRC.length)).update(fs.readFileSync(file));
  }
  const sharedCode = fs.existsSync(SHARED_SRC) ? filesUnder(SHARED_SRC).filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts')) : [];
  for (const file of sharedCode) hash.update(`shared${file.slice(SHARED_SRC.length)}`).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Where the build keeps a ready embedded database with the demo data (template.ts makes it); a
 * demo of another number of doctors (DEMO_DOCTORS) has a snapshot of its own beside it.
 */
export function demoSnapshotPath(doctors: number = DEMO_DATASET.doctors): string {
  const nodeModules = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..', '..', '..');
  const size = doctors === DEMO_DATASET.doctors ? '' : `-${doctors}-doctors`;
  return path.join(nodeModules, '.cache', 'field-portal', `pglite-demo-${snapshotKey()}${size}`);
}
