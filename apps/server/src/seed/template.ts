import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client.js';
import { templateDatabase } from '../db/scratch.js';
import { isDatabaseDir } from '../db/snapshot.js';
import { seedMoreDoctors } from './customers.js';
import { seedDemoData } from './demo.js';
import { DEMO_DATASET } from './demo-size.js';
import { demoSnapshotPath, snapshotKey } from './demo-snapshot.js';

/**
 * Build step: initdb, the migrations and the demo seed, run once into a directory that a
 * fresh DATA_DIR is copied from. initdb alone takes seconds in WASM; a copy takes half of one.
 */
export async function buildDemoTemplate(doctors: number = DEMO_DATASET.doctors): Promise<string> {
  if (doctors !== DEMO_DATASET.doctors) return buildBiggerDemoTemplate(doctors);
  const target = demoSnapshotPath();
  if (isDatabaseDir(target)) return target;
  const tmp = `${target}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const database = await openDatabase({ pgliteDir: tmp });
  await seedDemoData(database.db);
  // Creating files is most of what copying this folder costs, and the demo data lives in the
  // `postgres` database: the two template databases (half of the ~1,200 files) are dropped.
  // CREATE DATABASE is the one thing that needs them, and the portal never runs it.
  for (const name of ['template0', 'template1']) {
    await database.query(`alter database ${name} is_template false`);
    await database.query(`drop database ${name}`);
  }
  await database.close();
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(tmp, target);
  pruneStaleSnapshots(target);
  return target;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A snapshot is ~400 MB and a new one is made whenever the seed's code changes, so those of
 * earlier versions (and half-made ones whose process has gone) are removed beside the new one;
 * a developer switching branches or a CI machine keeping node_modules would otherwise fill its disk.
 * Snapshots of this version for more doctors stay, and so do half-made ones of a running process.
 */
export function pruneStaleSnapshots(current: string): void {
  const folder = path.dirname(current);
  const keep = path.basename(current);
  for (const name of fs.readdirSync(folder)) {
    if (!name.startsWith('pglite-demo-') || name.startsWith(keep)) continue;
    const building = /\.(\d+)\.tmp$/.exec(name);
    if (building && isRunning(Number(building[1]))) continue;
    fs.rmSync(path.join(folder, name), { recursive: true, force: true });
  }
}

/**
 * A demo of more doctors (DEMO_DOCTORS): a copy of the demo's snapshot with the dataset's next
 * doctors added (seedMoreDoctors), kept beside it for the next fresh data folder. Made on the
 * first start that needs it, not by the build. A snapshot another process finished meanwhile is kept.
 */
async function buildBiggerDemoTemplate(doctors: number): Promise<string> {
  const target = demoSnapshotPath(doctors);
  if (isDatabaseDir(target)) return target;
  const base = await buildDemoTemplate();
  const tmp = `${target}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(base, tmp, { recursive: true });
  const database = await openDatabase({ pgliteDir: tmp });
  await database.db.transaction((tx) => seedMoreDoctors(tx, doctors));
  await database.close();
  if (isDatabaseDir(target)) fs.rmSync(tmp, { recursive: true, force: true });
  else fs.renameSync(tmp, target);
  return target;
}

/**
 * The PostgreSQL counterpart for the tests: the demo seeded once a day per version of the seed
 * into a template database on the server of `adminUrl`, which each test file copies. The
 * PostgreSQL test run makes it before the first file starts (vitest's global setup), so no
 * file's hook waits for a seed on a busy machine.
 */
export function demoTemplateDatabase(adminUrl: string): Promise<string> {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return templateDatabase(adminUrl, 'fp_demo_template', `${snapshotKey()}_${day}`, async (url) => {
    const seeding = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      await seedDemoData(seeding.db);
    } finally {
      await seeding.close();
    }
  });
}
