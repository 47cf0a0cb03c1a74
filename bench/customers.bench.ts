import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { distributionQuery, doctorListQuery, type DistributionDimension } from '@field-portal/shared';
import { openDatabase, selectRows, type Database } from '../apps/server/src/db/client.js';
import { buildDemoTemplate } from '../apps/server/src/seed/template.js';
import { DOCTOR_COLUMNS, doctorValues, insertLiteral, withIndexesDeferred, writeDataset } from '../apps/server/src/modules/customers/index.js';
import { distribution, listDoctors } from '../apps/server/src/modules/customers/index.js';
import { doctorGenerator, generateHospitals } from '../apps/server/src/modules/customers/index.js';
import { ensureReferenceData } from '../apps/server/src/modules/reference/index.js';
import type { DataScope } from '../apps/server/src/modules/customers/index.js';
import { emptyPostgres } from './databases.js';
import { median, p95, report, SMALL, time } from './lib.js';

/**
 * Issue 14: the doctor list, name search and top-10 distributions on PostgreSQL at national
 * scale (BENCH_DATABASE_URL; BENCH_CUSTOMERS_DOCTORS doctors, default 1,000,000, hospitals 6
 * per 100) and on PGlite at the demo size (20,000 doctors), each next to the same query's bare
 * SQL; and generating the national dataset, rows/s next to a bare multi-row INSERT of the same rows.
 * With BENCH_FILLED_URL (not with BENCH_SMALL=1) the PostgreSQL figures are taken on that database
 * as seed:scale filled it, without generating one.
 */
const RUNS = SMALL ? 10 : 100;

const ALL: DataScope = { userId: 1, all: true, hospitalIds: [], provinceCodes: [] };

async function measureQueries(database: Database, label: string) {
  const db = database.db;
  // The busiest province and, in it, the busiest department and a title: the filter a representative uses.
  const [pick] = await selectRows<{ province_code: string; dept1_code: string; name2: string; name3: string; initials: string }>(
    db,
    sql`select d.province_code, d.dept1_code,
               (select name from doctors where char_length(name) = 2 order by id limit 1) as name2,
               (select name from doctors where char_length(name) = 3 order by id limit 1) as name3,
               (select initials from doctors where char_length(initials) = 3 order by id limit 1) as initials
          from doctors d group by 1, 2 order by count(*) desc limit 1`,
  );
  const province = pick!.province_code;
  const filter = { doctorRange: 'internal', provinceCodes: province, dept1Codes: pick!.dept1_code, titleCodes: 'ATTENDING', size: '20' };
  const first = doctorListQuery.parse(filter);
  const firstPage = await listDoctors(db, ALL, 1, first);
  const later = doctorListQuery.parse({ ...filter, cursor: firstPage.nextCursor ?? undefined });
  const listTimes = await time(RUNS, () => listDoctors(db, ALL, 1, first));
  const laterTimes = await time(RUNS, () => listDoctors(db, ALL, 1, later));
  const bare = await time(RUNS, () =>
    database.query(
      `select id, name, hospital_id from doctors where province_code = $1 and dept1_code = $2 and title_code = 'ATTENDING' and doctor_range = 'internal' order by id limit 21`,
      [province, pick!.dept1_code],
    ),
  );
  const listP95 = p95(listTimes);
  report({
    name: `${label}: doctor list, first page filtered by province + department + title (${firstPage.total}${firstPage.capped ? '+' : ''} of ${firstPage.scopeTotal}${firstPage.scopeCapped ? '+' : ''}), p95 of ${RUNS}`,
    value: listP95,
    unit: 'ms',
    budget: '<= 30 ms',
    reference: `bare SQL of the page ${p95(bare).toFixed(2)} ms p95, ${median(bare).toFixed(2)} ms median`,
    ok: listP95 <= 30,
  });
  const laterP95 = p95(laterTimes);
  report({
    name: `${label}: doctor list, later page by keyset, p95 of ${RUNS}`,
    value: laterP95,
    unit: 'ms',
    budget: '<= 30 ms',
    reference: `first page ${listP95.toFixed(2)} ms p95`,
    ok: laterP95 <= 30,
  });

  // Name search: a 3-character name, pinyin initials, a 2-character name with a province filter.
  const provinceScope: DataScope = { userId: 1, all: false, hospitalIds: [], provinceCodes: [province] };
  const searches: [string, DataScope, Record<string, string>][] = [
    [`3-character name ${pick!.name3}`, ALL, { doctorRange: 'internal', search: pick!.name3 }],
    [`initials ${pick!.initials}`, ALL, { doctorRange: 'internal', search: pick!.initials }],
    [`2-character name ${pick!.name2} in a province scope`, provinceScope, { doctorRange: 'internal', search: pick!.name2 }],
  ];
  for (const [what, scope, params] of searches) {
    const query = doctorListQuery.parse(params);
    const times = await time(RUNS, () => listDoctors(db, scope, 1, query));
    const bareSearch = await time(RUNS, () =>
      database.query(`select id from doctors where doctor_range = 'internal' and (name like $1 or initials like $1) order by id limit 21`, [
        `${params.search}%`,
      ]),
    );
    const value = p95(times);
    report({
      name: `${label}: name search, ${what}, p95 of ${RUNS}`,
      value,
      unit: 'ms',
      budget: '<= 50 ms',
      reference: `bare prefix SQL ${p95(bareSearch).toFixed(2)} ms p95`,
      ok: value <= 50,
    });
  }

  // Top 10 over a province-wide scope, every dimension.
  for (const dimension of ['department', 'title', 'province', 'city', 'hospital'] as DistributionDimension[]) {
    const parsed = distributionQuery.parse({ doctorRange: 'internal', dimension });
    const { dimension: _d, ...f } = parsed;
    const times = await time(Math.max(3, RUNS / 10), () => distribution(db, provinceScope, 1, f, dimension));
    const bareGroup = await time(Math.max(3, RUNS / 10), () =>
      database.query(`select dept1_code, count(*) from doctors where province_code = $1 and doctor_range = 'internal' group by 1 order by 2 desc limit 10`, [
        province,
      ]),
    );
    const value = p95(times);
    report({
      name: `${label}: top 10 by ${dimension} over a province-wide scope, p95`,
      value,
      unit: 'ms',
      budget: '<= 300 ms',
      reference: `bare GROUP BY ${p95(bareGroup).toFixed(2)} ms p95`,
      ok: value <= 300,
    });
  }
}

export async function run() {
  console.log('\ncustomers (doctors and hospitals)');
  // PGlite at the demo size: the demo snapshot the portal starts from.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-customers-'));
  const demo = await openDatabase({ pgliteDir: path.join(dir, 'db'), pgliteTemplate: await buildDemoTemplate() });
  try {
    await measureQueries(demo, 'PGlite, 20,000 doctors');
  } finally {
    await demo.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // A database seed:scale filled (docs/decisions/0024 "at national scale"): measured as it is.
  const filled = process.env.BENCH_FILLED_URL;
  if (filled && !SMALL) {
    const database = await openDatabase({ databaseUrl: filled, poolSize: 4 });
    try {
      const [n] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from doctors`);
      await measureQueries(database, `PostgreSQL filled by seed:scale, ${Number(n!.n).toLocaleString('en')} doctors`);
    } finally {
      await database.close();
    }
    return;
  }
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.log('  (set BENCH_DATABASE_URL for the PostgreSQL figures at national scale)');
    return;
  }
  const doctors = SMALL ? 5000 : Number(process.env.BENCH_CUSTOMERS_DOCTORS ?? 1_000_000);
  const hospitals = Math.max(10, Math.round(doctors * 0.06));
  const empty = await emptyPostgres(adminUrl);
  const database = await openDatabase({ databaseUrl: empty.url, poolSize: 4 });
  try {
    const db = database.db;
    await ensureReferenceData(db);
    const [admin] = await selectRows<{ id: number }>(db, sql`select id from users order by id limit 1`);
    const started = performance.now();
    const counts = await withIndexesDeferred(db, () => writeDataset(db, { hospitals, doctors, seed: 14, tagOwner: admin?.id ?? 1 }));
    const seconds = (performance.now() - started) / 1000;
    // Measured as the tables stand once autovacuum has visited a bulk load: visibility map set, statistics current.
    await db.execute(sql`vacuum (analyze)`);
    const rows = counts.hospitals + counts.doctors + counts.affiliations + counts.doctorTags;

    // Reference: the same doctor rows, made beforehand, by the same multi-row INSERT into a bare copy of the table.
    const sample = Math.min(doctors, SMALL ? 5000 : 50_000);
    const made = generateHospitals(hospitals, 14);
    const at = doctorGenerator(made, 14 * 101);
    const ids = (await selectRows<{ id: number }>(db, sql`select id from hospitals order by id`)).map((r) => Number(r.id));
    const prepared = Array.from({ length: sample }, (_, n) => {
      const d = at(n);
      return doctorValues(d, ids[d.hospital]!, made[d.hospital]!, null);
    });
    await db.execute(sql`create table bench_doctors (like doctors including defaults)`);
    const bareStarted = performance.now();
    await insertLiteral(db, 'bench_doctors', DOCTOR_COLUMNS, prepared);
    const bareRate = sample / ((performance.now() - bareStarted) / 1000);
    report({
      name: `PostgreSQL: generating the national dataset (${counts.hospitals.toLocaleString('en')} hospitals, ${counts.doctors.toLocaleString('en')} doctors, ${counts.affiliations.toLocaleString('en')} affiliations, ${counts.doctorTags.toLocaleString('en')} doctor tags) in ${seconds.toFixed(0)} s`,
      value: rows / seconds,
      unit: 'rows/s',
      budget: 'reported',
      reference: `bare multi-row INSERT of ${sample.toLocaleString('en')} prepared doctor rows ${Math.round(bareRate).toLocaleString('en')} rows/s`,
      ok: true,
    });
    await measureQueries(database, `PostgreSQL, ${counts.doctors.toLocaleString('en')} doctors`);
  } finally {
    await database.close();
    await empty.drop();
  }
}
