import fs from 'node:fs';
import { seedMoreDoctors } from '../seed/customers.js';
import { seedDemoData } from '../seed/demo.js';
import { DEMO_DATASET } from '../seed/demo-size.js';
import { openDatabase } from './client.js';
import { templateDatabase } from './scratch.js';
import { demoSnapshotPath, isDatabaseDir, snapshotKey } from './snapshot.js';

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
  return target;
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
