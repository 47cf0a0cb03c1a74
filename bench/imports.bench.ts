import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../apps/server/src/db/client.js';
import { IMPORT_QUEUE, importJobs } from '../apps/server/src/modules/imports/index.js';
import { JobRunner } from '../apps/server/src/platform/jobs/index.js';
import { ensureReferenceData } from '../apps/server/src/modules/reference/index.js';
import { DiskFileStore, newStorageKey } from '../apps/server/src/platform/storage.js';
import { freshDatabase } from './databases.js';
import { report, SMALL } from './lib.js';

const DOCTORS = Number(process.env.BENCH_IMPORT_DOCTORS ?? (SMALL ? 5_000 : process.env.BENCH_DATABASE_URL ? 1_000_000 : 100_000));
const HOSPITALS = Math.max(10, Math.ceil(DOCTORS / 50));
const MB = 1024 * 1024;
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀英华';
const DEPTS: [string, string][] = [
  ['内科', '心血管内科专业'],
  ['内科', '呼吸内科专业'],
  ['外科', '普通外科专业'],
  ['内科', '神经内科专业'],
];
const TITLES = ['主任医师', '副主任医师', '主治医师', '住院医师'];

/** The doctors' file as a company's master data would give it: one line per doctor, a code, a hospital code and the taxonomy by name. */
function writeDoctorsCsv(file: string): void {
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, '医生编码,姓名,医院编码,一级科室,二级科室,职称,电话\n');
  let chunk = '';
  for (let i = 0; i < DOCTORS; i++) {
    const [dept1, dept2] = DEPTS[i % DEPTS.length]!;
    const name = SURNAMES[i % SURNAMES.length]! + GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]! + GIVEN[Math.floor(i / 400) % GIVEN.length]!;
    chunk += `D${String(i).padStart(8, '0')},${name},H${String(i % HOSPITALS).padStart(6, '0')},${dept1},${dept2},${TITLES[i % TITLES.length]},1380000${String(i % 10000).padStart(4, '0')}\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(out, chunk);
      chunk = '';
    }
  }
  fs.writeSync(out, chunk);
  fs.closeSync(out);
}

function writeHospitalsCsv(file: string): void {
  const lines = ['医院编码,医院名称,医院等级,所在地区'];
  for (let i = 0; i < HOSPITALS; i++) lines.push(`H${String(i).padStart(6, '0')},基准医院${i},三级甲等,310101`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

/** The same file by a bare COPY into an unindexed table: on PostgreSQL in the same database (a server-side file), on PGlite in a fresh in-memory one. */
async function bareCopy(database: Database, file: string): Promise<number> {
  const table = 'create table bench_copy (code text, name text, hospital text, dept1 text, dept2 text, title text, phone text)';
  if (database.kind === 'postgres') {
    await database.query('drop table if exists bench_copy');
    await database.query(table);
    // The server reads the file as its own user: the folder (mkdtemp makes it 0700) and the file must be readable to it.
    fs.chmodSync(path.dirname(file), 0o755);
    fs.chmodSync(file, 0o644);
    const started = performance.now();
    await database.query(`copy bench_copy from '${file.replace(/'/g, "''")}' with (format csv, header true)`);
    return performance.now() - started;
  }
  const pg = new PGlite();
  await pg.query(table);
  const blob = new Blob([fs.readFileSync(file)]);
  const started = performance.now();
  await pg.query(`copy bench_copy from '/dev/blob' with (format csv, header true)`, [], { blob });
  const ms = performance.now() - started;
  await pg.close();
  return ms;
}

async function runJob(
  database: Database,
  worker: JobRunner,
  files: DiskFileStore,
  userId: number,
  kind: 'hospitals' | 'doctors',
  file: string,
): Promise<{ dryMs: number; commitMs: number; counts: unknown }> {
  const key = newStorageKey();
  await files.put(key, fs.createReadStream(file));
  const size = fs.statSync(file).size;
  const [job] = await selectRows<{ id: number }>(
    database.db,
    sql`
    insert into import_jobs (user_id, created_by, kind, file_name, file_key, digest, size, lang, created_at)
    values (${userId}, 'bench', ${kind}, ${path.basename(file)}, ${key}, ${key}, ${size}, 'zh', now()) returning id`,
  );
  const id = Number(job!.id);
  let started = performance.now();
  await worker.runOnce(IMPORT_QUEUE);
  const dryMs = performance.now() - started;
  const [ready] = await selectRows<{ status: string; counts: { refused: number }; error_key: string | null }>(
    database.db,
    sql`select status, counts, error_key from import_jobs where id = ${id}`,
  );
  if (ready?.status !== 'ready' || ready.counts.refused > 0) throw new Error(`the dry run did not pass: ${JSON.stringify(ready)}`);
  await database.db.execute(sql`update import_jobs set stage = 'commit', status = 'queued', mode = 'allOrNothing', attempts = 0 where id = ${id}`);
  started = performance.now();
  await worker.runOnce(IMPORT_QUEUE);
  const commitMs = performance.now() - started;
  const [done] = await selectRows<{ status: string; committed: unknown }>(database.db, sql`select status, committed from import_jobs where id = ${id}`);
  if (done?.status !== 'done') throw new Error(`the commit did not finish: ${JSON.stringify(done)}`);
  return { dryMs, commitMs, counts: done.committed };
}

export async function run(): Promise<void> {
  console.log(`\nimports: ${DOCTORS.toLocaleString('en')} doctors from CSV (${HOSPITALS.toLocaleString('en')} hospitals)`);
  const { database, drop } = await freshDatabase();
  const where = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-imports-'));
  const files = new DiskFileStore(path.join(dir, 'files'));
  try {
    await database.db.transaction((tx) => ensureReferenceData(tx));
    const [user] = await selectRows<{ id: number }>(database.db, sql`insert into users (username, password_hash) values ('bench', '-') returning id`);
    const hospitalsFile = path.join(dir, 'hospitals.csv');
    const doctorsFile = path.join(dir, 'doctors.csv');
    writeHospitalsCsv(hospitalsFile);
    writeDoctorsCsv(doctorsFile);
    const worker = new JobRunner(database).register(importJobs(database, files, { progressMs: 1000 }));
    await runJob(database, worker, files, user!.id, 'hospitals', hospitalsFile);

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const { dryMs, commitMs, counts } = await runJob(database, worker, files, user!.id, 'doctors', doctorsFile);
    clearInterval(sampler);
    const copyMs = await bareCopy(database, doctorsFile);
    const totalMs = dryMs + commitMs;
    const rate = (DOCTORS / totalMs) * 1000;
    const copyRate = (DOCTORS / copyMs) * 1000;
    report({
      name: `import of ${DOCTORS.toLocaleString('en')} doctors, dry run + commit (${where})`,
      value: rate,
      unit: 'rows/s',
      budget: '>= 20% of a bare COPY of the same file',
      reference: `COPY ${copyRate.toFixed(0)} rows/s (the import at ${((rate / copyRate) * 100).toFixed(1)}%); whole import ${(totalMs / 1000).toFixed(1)} s; committed ${JSON.stringify(counts)}`,
      ok: rate >= copyRate * 0.2,
    });
    report({
      name: `dry run alone of ${DOCTORS.toLocaleString('en')} doctors (${where})`,
      value: dryMs / 1000,
      unit: 's',
      budget: 'none (the part before any write)',
      reference: `${((DOCTORS / dryMs) * 1000).toFixed(0)} rows/s; commit ${(commitMs / 1000).toFixed(1)} s`,
      ok: true,
    });
    const growth = (rssPeak - rssBefore) / MB;
    report({
      name: `RSS growth while ${DOCTORS.toLocaleString('en')} doctors are imported (${where})`,
      value: growth,
      unit: 'MB',
      budget: '<= 200 MB',
      reference: `RSS before ${(rssBefore / MB).toFixed(0)} MB, peak ${(rssPeak / MB).toFixed(0)} MB; file ${(fs.statSync(doctorsFile).size / MB).toFixed(1)} MB`,
      ok: growth <= 200,
    });
  } finally {
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
