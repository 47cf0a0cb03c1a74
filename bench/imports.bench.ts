import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { IMPORT_LIMITS, VISIT_CHANNELS } from '@field-portal/shared';
import { selectRows, type Database } from '../apps/server/src/db/client.js';
import { IMPORT_QUEUE, importJobs } from '../apps/server/src/modules/imports/index.js';
import { JobRunner } from '../apps/server/src/platform/jobs/index.js';
import { ensureReferenceData } from '../apps/server/src/modules/reference/index.js';
import { DiskFileStore, newStorageKey } from '../apps/server/src/platform/storage.js';
import { freshDatabase } from './databases.js';
import { report, SMALL } from './lib.js';

/**
 * Imports from CSV (issue 32, docs/decisions/0056): doctors with their hospitals, visit history,
 * territories, people, the hospital master, the organisation tree and products, each as dry run +
 * commit through the job runner, next to a bare COPY of the same file into an unindexed table in
 * the same run. BENCH_IMPORT_DOCTORS, _VISITS, _TERRITORIES, _USERS, _HOSPITALS, _ORGANISATIONS
 * and _PRODUCTS set the sizes.
 */

const POSTGRES = Boolean(process.env.BENCH_DATABASE_URL);
const DOCTORS = Number(process.env.BENCH_IMPORT_DOCTORS ?? (SMALL ? 5_000 : POSTGRES ? 1_000_000 : 100_000));
const HOSPITALS = Math.max(10, Math.ceil(DOCTORS / 50));
const VISITS = Number(process.env.BENCH_IMPORT_VISITS ?? (SMALL ? 5_000 : POSTGRES ? 10_000_000 : 100_000));
const VISIT_DOCTORS = Math.max(100, Math.min(100_000, Math.ceil(VISITS / 20)));
const REPS = Math.max(10, Math.ceil(VISIT_DOCTORS / 200));
/** Territories (users' data permissions; spec 001 section 5 allows a file of 1,000,000): hospitals a user covers. */
const TERRITORIES = Number(process.env.BENCH_IMPORT_TERRITORIES ?? (SMALL ? 5_000 : POSTGRES ? 1_000_000 : 100_000));
const TERRITORY_USERS = Math.max(10, Math.ceil(TERRITORIES / 200));
const TERRITORY_HOSPITALS = Math.max(200, Math.min(50_000, Math.ceil(TERRITORIES / 20)));
/** A company's people: a national field force is some thousands to 20,000, each with a manager. */
const PEOPLE = Number(process.env.BENCH_IMPORT_USERS ?? (SMALL ? 2_000 : 20_000));
/** A company's hospital master: China has some 38,000 hospitals; a master with clinics and pharmacies reaches 100,000 and more. */
const HOSPITAL_MASTER = Number(process.env.BENCH_IMPORT_HOSPITALS ?? (SMALL ? 5_000 : 100_000));
/** The organisation tree: a national field force's regions, districts and teams, some thousands of them, five levels deep. */
const ORGANISATIONS = Number(process.env.BENCH_IMPORT_ORGANISATIONS ?? (SMALL ? 500 : 10_000));
/** Products and competitors: a company's list is hundreds; a few thousand with every competitor's form. */
const PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? (SMALL ? 500 : 5_000));
const DAY = 86_400_000;
const MB = 1024 * 1024;
/** The goal of issue 32: the whole import at a fifth of a bare COPY's rate. */
const GOAL = 0.2;
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀英华';
const DEPTS: [string, string][] = [
  ['内科', '心血管内科专业'],
  ['内科', '呼吸内科专业'],
  ['外科', '普通外科专业'],
  ['内科', '神经内科专业'],
];
const TITLES = ['主任医师', '副主任医师', '主治医师', '住院医师'];

/** A CSV file of a header and the lines `line(i)` gives for i in [from, to), written a megabyte at a time (a file of millions never sits in memory). */
function writeCsv(file: string, header: string, from: number, to: number, line: (i: number) => string): void {
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, `${header}\n`);
  let chunk = '';
  for (let i = from; i < to; i++) {
    chunk += `${line(i)}\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(out, chunk);
      chunk = '';
    }
  }
  fs.writeSync(out, chunk);
  fs.closeSync(out);
}

/** The doctors' file as a company's master data would give it: one line per doctor, a code, a hospital code and the taxonomy by name. */
function writeDoctorsCsv(file: string): void {
  writeCsv(file, '医生编码,姓名,医院编码,一级科室,二级科室,职称,电话', 0, DOCTORS, (i) => {
    const [dept1, dept2] = DEPTS[i % DEPTS.length]!;
    const name = SURNAMES[i % SURNAMES.length]! + GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]! + GIVEN[Math.floor(i / 400) % GIVEN.length]!;
    return `D${String(i).padStart(8, '0')},${name},H${String(i % HOSPITALS).padStart(6, '0')},${dept1},${dept2},${TITLES[i % TITLES.length]},1380000${String(i % 10000).padStart(4, '0')}`;
  });
}

function writeHospitalsCsv(file: string): void {
  writeCsv(file, '医院编码,医院名称,医院等级,所在地区', 0, HOSPITALS, (i) => `H${String(i).padStart(6, '0')},基准医院${i},三级甲等,310101`);
}

/**
 * One visit a line: a representative by employee number, a doctor by code, a past day, a channel;
 * no two on the same key. Visits `from` to `from + count` of the whole history, so that a history
 * too long for one file (IMPORT_LIMITS.rowsMax) comes as several, as a company would send it.
 */
function writeVisitsCsv(file: string, from = 0, count = VISITS): void {
  const start = Date.UTC(2020, 0, 1);
  writeCsv(file, '代表,医生编码,拜访日期,拜访方式,拜访目的', from, from + count, (i) => {
    const doctor = i % VISIT_DOCTORS;
    const round = Math.floor(i / VISIT_DOCTORS);
    const day = new Date(start + round * DAY).toISOString().slice(0, 10);
    return `B${String(doctor % REPS).padStart(6, '0')},V${String(doctor).padStart(8, '0')},${day},${VISIT_CHANNELS[round % VISIT_CHANNELS.length]},product`;
  });
}

/**
 * One data permission a line, as a company's territory file gives it: a representative by employee
 * number and a hospital by the company's code, 200 hospitals a representative, no pair twice.
 */
function writeTerritoriesCsv(file: string): void {
  writeCsv(file, '用户,医院编码', 0, TERRITORIES, (i) => {
    const user = i % TERRITORY_USERS;
    const hospital = (user * 7 + Math.floor(i / TERRITORY_USERS)) % TERRITORY_HOSPITALS;
    return `T${String(user).padStart(6, '0')},TH${String(hospital).padStart(6, '0')}`;
  });
}

/** The people file as HR gives it: login name, name, employee number, organisation by code, role, the manager by employee number (ten people a team and a manager). */
function writeUsersCsv(file: string): void {
  writeCsv(file, '用户名,姓名,员工编号,组织,角色,上级', 0, PEOPLE, (i) => {
    const manager = i % 10 === 0 ? '' : `E${String(i - (i % 10)).padStart(6, '0')}`;
    return `person${i},员工${i},E${String(i).padStart(6, '0')},G${String(Math.floor(i / 10)).padStart(6, '0')},${i % 10 === 0 ? '团队经理' : '销售代表'},${manager}`;
  });
}

/** A hospital master: code, name, grade (as files write it, 三甲 as often as 三级甲等), type, region by code or by name, address. */
function writeHospitalMasterCsv(file: string): void {
  const grades = ['三级甲等', '三甲', '二级甲等', '二乙', '一甲'];
  const regions = ['310101', '北京市东城区', '440106', '四川省成都市武侯区', '330106'];
  writeCsv(file, '医院编码,医院名称,医院等级,医院类型,所在地区,地址', 0, HOSPITAL_MASTER, (i) => {
    return `M${String(i).padStart(7, '0')},基准医院${i},${grades[i % grades.length]},综合医院,${regions[i % regions.length]},某路${i}号`;
  });
}

/** The organisation tree top down, each below one of the rows before it: five children a parent, so about five levels at 10,000. */
function writeOrganisationsCsv(file: string): void {
  writeCsv(file, '组织编码,组织名称,英文名称,上级组织编码,负责人', 0, ORGANISATIONS, (i) => {
    const parent = i === 0 ? '' : `O${String(Math.floor((i - 1) / 5)).padStart(6, '0')}`;
    return `O${String(i).padStart(6, '0')},组织${i},Org ${i},${parent},${SURNAMES[i % SURNAMES.length]}${GIVEN[i % GIVEN.length]}`;
  });
}

/** Products, each with three indications from data management's list and three competitors, one with an alias in brackets. */
function writeProductsCsv(file: string): void {
  const indications = ['高血压', '心力衰竭', '冠心病', '心房颤动', '高脂血症'];
  writeCsv(file, '产品编码,产品名称,别名,公司,适应症,竞品', 0, PRODUCTS, (i) => {
    const named = [0, 1, 2].map((n) => indications[(i + n) % indications.length]).join('、');
    return `P${String(i).padStart(6, '0')},产品${i},Product ${i},公司${i % 50},${named},"竞品${i}A (Rival ${i}), 竞品${i}B; 竞品${i}C"`;
  });
}

/** The same file by a bare COPY into an unindexed table: on PostgreSQL in the same database (a server-side file), on PGlite in a fresh in-memory one. */
async function bareCopy(database: Database, file: string, columns: string[]): Promise<number> {
  const table = `create table bench_copy (${columns.map((c) => `${c} text`).join(', ')})`;
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

type BenchKind = 'hospitals' | 'doctors' | 'visits' | 'territories' | 'users' | 'organisations' | 'products';

async function runJob(
  database: Database,
  worker: JobRunner,
  files: DiskFileStore,
  userId: number,
  kind: BenchKind,
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
  const [ready] = await selectRows<{ status: string; counts: { refused: number } | null; error_key: string | null }>(
    database.db,
    sql`select status, counts, error_key from import_jobs where id = ${id}`,
  );
  if (ready?.status !== 'ready' || (ready.counts?.refused ?? 1) > 0) throw new Error(`the dry run did not pass: ${JSON.stringify(ready)}`);
  await database.db.execute(sql`update import_jobs set stage = 'commit', status = 'queued', mode = 'allOrNothing', attempts = 0 where id = ${id}`);
  started = performance.now();
  await worker.runOnce(IMPORT_QUEUE);
  const commitMs = performance.now() - started;
  const [done] = await selectRows<{ status: string; committed: unknown; error_key: string | null; error_params: unknown }>(
    database.db,
    sql`select status, committed, error_key, error_params from import_jobs where id = ${id}`,
  );
  if (done?.status !== 'done') throw new Error(`the commit did not finish: ${JSON.stringify(done)}`);
  return { dryMs, commitMs, counts: done.committed };
}

/**
 * One import measured: wall time of dry run + commit, RSS growth, then the bare COPY of the same
 * file. Rows beyond one file's limit come as several files one after another into the same
 * database (each file's line printed as it finishes); the rate is over them all, the COPY the last's.
 */
async function measure(
  database: Database,
  worker: JobRunner,
  files: DiskFileStore,
  userId: number,
  kind: BenchKind,
  parts: string[],
  rows: number,
  columns: string[],
): Promise<void> {
  const where = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const what = `${rows.toLocaleString('en')} ${kind}${parts.length > 1 ? ` in ${parts.length} files` : ''}`;
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  let dryMs = 0;
  let commitMs = 0;
  let counts: unknown;
  for (const [n, file] of parts.entries()) {
    const part = await runJob(database, worker, files, userId, kind, file);
    dryMs += part.dryMs;
    commitMs += part.commitMs;
    counts = part.counts;
    if (parts.length > 1)
      console.log(
        `  file ${n + 1} of ${parts.length}: dry run ${(part.dryMs / 1000).toFixed(1)} s, commit ${(part.commitMs / 1000).toFixed(1)} s; ${JSON.stringify(part.counts)}`,
      );
  }
  clearInterval(sampler);
  const file = parts.at(-1)!;
  // A history too long for one file comes as files of IMPORT_LIMITS.rowsMax rows: the last has what is left.
  const fileRows = rows - (parts.length - 1) * IMPORT_LIMITS.rowsMax;
  const copyMs = await bareCopy(database, file, columns);
  const totalMs = dryMs + commitMs;
  const rate = (rows / totalMs) * 1000;
  const copyRate = (fileRows / copyMs) * 1000;
  report({
    name: `import of ${what}, dry run + commit (${where})`,
    value: rate,
    unit: 'rows/s',
    budget: `>= ${GOAL * 100}% of a bare COPY of the same file`,
    reference: `COPY ${copyRate.toFixed(0)} rows/s (the import at ${((rate / copyRate) * 100).toFixed(1)}%, goal ${GOAL * 100}%); whole import ${(totalMs / 1000).toFixed(1)} s; committed${parts.length > 1 ? ' (last file)' : ''} ${JSON.stringify(counts)}`,
    ok: rate >= copyRate * GOAL,
  });
  report({
    name: `dry run alone of ${what} (${where})`,
    value: dryMs / 1000,
    unit: 's',
    budget: 'none (the part before any write)',
    reference: `${((rows / dryMs) * 1000).toFixed(0)} rows/s; commit ${(commitMs / 1000).toFixed(1)} s`,
    ok: true,
  });
  const growth = (rssPeak - rssBefore) / MB;
  report({
    name: `RSS growth while ${what} are imported (${where})`,
    value: growth,
    unit: 'MB',
    budget: '<= 200 MB',
    reference: `RSS before ${(rssBefore / MB).toFixed(0)} MB, peak ${(rssPeak / MB).toFixed(0)} MB; file ${(fs.statSync(file).size / MB).toFixed(1)} MB`,
    ok: growth <= 200,
  });
  // A master-data system sends its whole list again every night: the same file once more must find every row unchanged.
  const again = await runJob(database, worker, files, userId, kind, file);
  const unchanged = (again.counts as { unchanged?: number } | undefined)?.unchanged;
  if (unchanged !== fileRows) throw new Error(`the same file again was not unchanged: ${JSON.stringify(again.counts)}`);
  report({
    name: `the same ${fileRows.toLocaleString('en')} ${kind} again, nothing changed (${where})`,
    value: (again.dryMs + again.commitMs) / 1000,
    unit: 's',
    budget: 'none (a nightly sync of an unchanged list)',
    reference: `dry run ${(again.dryMs / 1000).toFixed(1)} s, commit ${(again.commitMs / 1000).toFixed(1)} s; the first import ${((dryMs + commitMs) / 1000 / parts.length).toFixed(1)} s a file`,
    ok: true,
  });
}

/** A fresh database with the reference data and a bench user, a file store in a temporary folder, and an import job runner; all gone afterwards. */
async function withImportBench(
  folder: string,
  work: (bench: { database: Database; dir: string; files: DiskFileStore; userId: number; worker: JobRunner }) => Promise<void>,
): Promise<void> {
  const { database, drop } = await freshDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), folder));
  const files = new DiskFileStore(path.join(dir, 'files'));
  try {
    await database.db.transaction((tx) => ensureReferenceData(tx));
    const [user] = await selectRows<{ id: number }>(database.db, sql`insert into users (username, password_hash) values ('bench', '-') returning id`);
    const worker = new JobRunner(database).register(importJobs(database, files, { progressMs: 1000, onError: (error) => console.error('import job:', error) }));
    await work({ database, dir, files, userId: user!.id, worker });
  } finally {
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function doctorImports(): Promise<void> {
  console.log(`\nimports: ${DOCTORS.toLocaleString('en')} doctors from CSV (${HOSPITALS.toLocaleString('en')} hospitals)`);
  await withImportBench('fp-bench-imports-', async ({ database, dir, files, userId, worker }) => {
    const hospitalsFile = path.join(dir, 'hospitals.csv');
    const doctorsFile = path.join(dir, 'doctors.csv');
    writeHospitalsCsv(hospitalsFile);
    writeDoctorsCsv(doctorsFile);
    await runJob(database, worker, files, userId, 'hospitals', hospitalsFile);
    await measure(database, worker, files, userId, 'doctors', [doctorsFile], DOCTORS, ['code', 'name', 'hospital', 'dept1', 'dept2', 'title', 'phone']);
  });
}

/** `count` accounts written directly: login names `login`0…, employee numbers `employee`000000…. */
async function insertAccounts(database: Database, login: string, employee: string, count: number): Promise<void> {
  await database.db.execute(sql`
    insert into users (username, password_hash, employee_no) select ${login} || g, '-', ${employee} || lpad(g::text, 6, '0') from generate_series(0, ${count - 1}) g`);
}

/** Visit history (docs/decisions/0053): the doctors and representatives are written directly, so this measures the visits alone. */
async function visitImports(): Promise<void> {
  console.log(
    `\nimports: ${VISITS.toLocaleString('en')} visits from CSV (${VISIT_DOCTORS.toLocaleString('en')} doctors, ${REPS.toLocaleString('en')} representatives)`,
  );
  await withImportBench('fp-bench-visit-imports-', async ({ database, dir, files, userId, worker }) => {
    await insertAccounts(database, 'bench', 'B', REPS);
    const [hospital] = await selectRows<{ id: number }>(
      database.db,
      sql`
      insert into hospitals (code, name, province, city, level, province_code, city_code, type) values ('BH1', '基准医院', '上海市', '上海市', '3A', '310000', '310100', 'GENERAL') returning id`,
    );
    await database.db.execute(sql`
      insert into doctors (code, name, hospital_id, province_code, city_code, dept1_code, title_code)
      select 'V' || lpad(g::text, 8, '0'), '医生' || g, ${hospital!.id}, '310000', '310100', '03', 'ATTENDING' from generate_series(0, ${VISIT_DOCTORS - 1}) g`);
    // A file holds at most IMPORT_LIMITS.rowsMax rows: a longer history comes as several files.
    const parts: string[] = [];
    for (let from = 0; from < VISITS; from += IMPORT_LIMITS.rowsMax) {
      const file = path.join(dir, `visits-${parts.length + 1}.csv`);
      writeVisitsCsv(file, from, Math.min(IMPORT_LIMITS.rowsMax, VISITS - from));
      parts.push(file);
    }
    await measure(database, worker, files, userId, 'visits', parts, VISITS, ['rep', 'doctor', 'day', 'channel', 'purpose']);
  });
}

/** Territories: the users and hospitals written directly, so this measures the permissions alone. */
async function territoryImports(): Promise<void> {
  console.log(
    `\nimports: ${TERRITORIES.toLocaleString('en')} territories from CSV (${TERRITORY_USERS.toLocaleString('en')} users, ${TERRITORY_HOSPITALS.toLocaleString('en')} hospitals)`,
  );
  await withImportBench('fp-bench-territory-imports-', async ({ database, dir, files, userId, worker }) => {
    await insertAccounts(database, 'terr', 'T', TERRITORY_USERS);
    await database.db.execute(sql`
      insert into hospitals (code, name, province, city, level, province_code, city_code, type)
      select 'TH' || lpad(g::text, 6, '0'), '基准医院' || g, '上海市', '上海市', '3A', '310000', '310100', 'GENERAL' from generate_series(0, ${TERRITORY_HOSPITALS - 1}) g`);
    const file = path.join(dir, 'territories.csv');
    writeTerritoriesCsv(file);
    await measure(database, worker, files, userId, 'territories', [file], TERRITORIES, ['login', 'hospital']);
  });
}

/** People: a file of PEOPLE users, each named by a manager among them, into a portal without them. */
async function userImports(): Promise<void> {
  console.log(`\nimports: ${PEOPLE.toLocaleString('en')} users from CSV (a team and a manager for every ten)`);
  await withImportBench('fp-bench-user-imports-', async ({ database, dir, files, userId, worker }) => {
    await database.db.execute(sql`insert into roles (name, name_en, data_scope) values ('MANGA', 'Team manager', 'all'), ('Sales', 'Sales', 'custom')`);
    // The teams, one for every ten people, written directly: the people name them by code.
    await database.db.execute(sql`
      insert into organisations (name, code) select '团队' || g, 'G' || lpad(g::text, 6, '0') from generate_series(0, ${Math.ceil(PEOPLE / 10) - 1}) g`);
    const file = path.join(dir, 'users.csv');
    writeUsersCsv(file);
    await measure(database, worker, files, userId, 'users', [file], PEOPLE, ['login', 'name', 'employee', 'org', 'roles', 'manager']);
  });
}

/** A kind whose file is all it needs: `count` rows that `write` gives, into a portal without them. */
function fileOnly(kind: BenchKind, count: number, what: string, write: (file: string) => void, columns: string[]): () => Promise<void> {
  return async () => {
    console.log(`\nimports: ${count.toLocaleString('en')} ${kind} from CSV${what}`);
    await withImportBench(`fp-bench-${kind}-imports-`, async ({ database, dir, files, userId, worker }) => {
      const file = path.join(dir, `${kind}.csv`);
      write(file);
      await measure(database, worker, files, userId, kind, [file], count, columns);
    });
  };
}

const KINDS = {
  doctors: doctorImports,
  visits: visitImports,
  territories: territoryImports,
  users: userImports,
  hospitals: fileOnly('hospitals', HOSPITAL_MASTER, '', writeHospitalMasterCsv, ['code', 'name', 'grade', 'type', 'region', 'address']),
  organisations: fileOnly('organisations', ORGANISATIONS, ' (five below each)', writeOrganisationsCsv, ['code', 'name', 'name_en', 'parent', 'leader']),
  products: fileOnly('products', PRODUCTS, ' (three indications and three competitors each)', writeProductsCsv, [
    'code',
    'name',
    'alias',
    'company',
    'indications',
    'competitors',
  ]),
} as const;

/** BENCH_IMPORT_ONLY names one of KINDS (doctors, visits, territories, users, hospitals, organisations, products) to run it alone. */
export async function run(): Promise<void> {
  const only = process.env.BENCH_IMPORT_ONLY;
  for (const [kind, measureKind] of Object.entries(KINDS)) if (!only || only === kind) await measureKind();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
