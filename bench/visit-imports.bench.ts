import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { VISIT_CHANNELS } from '@field-portal/shared';
import { selectRows, type Database } from '../apps/server/src/db/client.js';
import { IMPORT_QUEUE, importJobs } from '../apps/server/src/modules/imports/index.js';
import { JobRunner } from '../apps/server/src/platform/jobs/index.js';
import { ensureReferenceData } from '../apps/server/src/modules/reference/index.js';
import { DiskFileStore, newStorageKey } from '../apps/server/src/platform/storage.js';
import { freshDatabase } from './databases.js';
import { report, SMALL } from './lib.js';

/**
 * Visit history from CSV (issue 32, docs/decisions/0053): the import (dry run + commit) in rows/s
 * next to a bare COPY of the same file into an unindexed table. The doctors and representatives are
 * written directly: this measures the visits alone. BENCH_IMPORT_VISITS sets the number of visits.
 */

const VISITS = Number(process.env.BENCH_IMPORT_VISITS ?? (SMALL ? 20_000 : 10_000_000));
const DOCTORS = Math.max(100, Math.min(100_000, Math.ceil(VISITS / 20)));
const REPS = Math.max(10, Math.ceil(DOCTORS / 200));
const DAY = 86_400_000;

/** One visit a line: a representative by employee number, a doctor by code, a past day, a channel; no two on the same key. */
function writeVisitsCsv(file: string): void {
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, '代表,医生编码,拜访日期,拜访方式,拜访目的\n');
  const start = Date.UTC(2020, 0, 1);
  let chunk = '';
  for (let i = 0; i < VISITS; i++) {
    const doctor = i % DOCTORS;
    const round = Math.floor(i / DOCTORS);
    const day = new Date(start + round * DAY).toISOString().slice(0, 10);
    chunk += `B${String(doctor % REPS).padStart(6, '0')},V${String(doctor).padStart(8, '0')},${day},${VISIT_CHANNELS[round % VISIT_CHANNELS.length]},product\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(out, chunk);
      chunk = '';
    }
  }
  fs.writeSync(out, chunk);
  fs.closeSync(out);
}

async function bareCopy(database: Database, file: string): Promise<number> {
  const table = 'create table bench_visit_copy (rep text, doctor text, day text, channel text, purpose text)';
  if (database.kind === 'postgres') {
    await database.query('drop table if exists bench_visit_copy');
    await database.query(table);
    fs.chmodSync(path.dirname(file), 0o755);
    fs.chmodSync(file, 0o644);
    const started = performance.now();
    await database.query(`copy bench_visit_copy from '${file.replace(/'/g, "''")}' with (format csv, header true)`);
    return performance.now() - started;
  }
  const pg = new PGlite();
  await pg.query(table);
  const blob = new Blob([fs.readFileSync(file)]);
  const started = performance.now();
  await pg.query(`copy bench_visit_copy from '/dev/blob' with (format csv, header true)`, [], { blob });
  const ms = performance.now() - started;
  await pg.close();
  return ms;
}

export async function run(): Promise<void> {
  console.log(
    `\nvisit imports: ${VISITS.toLocaleString('en')} visits from CSV (${DOCTORS.toLocaleString('en')} doctors, ${REPS.toLocaleString('en')} representatives)`,
  );
  const { database, drop } = await freshDatabase();
  const where = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-visit-imports-'));
  const files = new DiskFileStore(path.join(dir, 'files'));
  try {
    await database.db.transaction((tx) => ensureReferenceData(tx));
    const [user] = await selectRows<{ id: number }>(database.db, sql`insert into users (username, password_hash) values ('bench', '-') returning id`);
    await database.db.execute(sql`
      insert into users (username, password_hash, employee_no) select 'bench' || g, '-', 'B' || lpad(g::text, 6, '0') from generate_series(0, ${REPS - 1}) g`);
    const [hospital] = await selectRows<{ id: number }>(
      database.db,
      sql`
      insert into hospitals (code, name, province, city, level, province_code, city_code, type) values ('BH1', '基准医院', '上海市', '上海市', '3A', '310000', '310100', 'GENERAL') returning id`,
    );
    await database.db.execute(sql`
      insert into doctors (code, name, hospital_id, province_code, city_code, dept1_code, title_code)
      select 'V' || lpad(g::text, 8, '0'), '医生' || g, ${hospital!.id}, '310000', '310100', '03', 'ATTENDING' from generate_series(0, ${DOCTORS - 1}) g`);
    const file = path.join(dir, 'visits.csv');
    writeVisitsCsv(file);
    const key = newStorageKey();
    await files.put(key, fs.createReadStream(file));
    const [job] = await selectRows<{ id: number }>(
      database.db,
      sql`
      insert into import_jobs (user_id, created_by, kind, file_name, file_key, digest, size, lang, created_at)
      values (${user!.id}, 'bench', 'visits', 'visits.csv', ${key}, ${key}, ${fs.statSync(file).size}, 'zh', now()) returning id`,
    );
    const id = Number(job!.id);
    const worker = new JobRunner(database).register(importJobs(database, files, { progressMs: 1000 }));
    let started = performance.now();
    await worker.runOnce(IMPORT_QUEUE);
    const dryMs = performance.now() - started;
    const [ready] = await selectRows<{ status: string; counts: { refused: number } | null; error_key: string | null }>(
      database.db,
      sql`select status, counts, error_key from import_jobs where id = ${id}`,
    );
    if (ready?.status !== 'ready' || (ready.counts?.refused ?? 1) > 0) throw new Error(`the dry run did not pass: ${JSON.stringify(ready)}`);
    await database.db.execute(sql`update import_jobs set stage = 'commit', status = 'queued', mode = 'allOrNothing', attempts = 0 where id = ${id}`);
    started = performance.now();
    await worker.runOnce(IMPORT_QUEUE);
    const commitMs = performance.now() - started;
    const [done] = await selectRows<{ status: string; committed: unknown }>(database.db, sql`select status, committed from import_jobs where id = ${id}`);
    if (done?.status !== 'done') throw new Error(`the commit did not finish: ${JSON.stringify(done)}`);
    const copyMs = await bareCopy(database, file);
    const rate = (VISITS / (dryMs + commitMs)) * 1000;
    const copyRate = (VISITS / copyMs) * 1000;
    report({
      name: `import of ${VISITS.toLocaleString('en')} visits, dry run + commit (${where})`,
      value: rate,
      unit: 'rows/s',
      budget: 'none stated (reported next to a bare COPY of the same file)',
      reference: `COPY ${copyRate.toFixed(0)} rows/s (the import at ${((rate / copyRate) * 100).toFixed(1)}%); dry run ${(dryMs / 1000).toFixed(1)} s, commit ${(commitMs / 1000).toFixed(1)} s; committed ${JSON.stringify(done.committed)}`,
      ok: true,
    });
  } finally {
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
