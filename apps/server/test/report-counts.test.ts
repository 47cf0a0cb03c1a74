import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorFigures, hospitalFigures, hospitalReportPages, tagFigures, type ReportWindow } from '../src/modules/customers/report-figures.js';
import type { DataScope } from '../src/modules/customers/scope.js';
import { createHarness, type Harness } from './harness.js';
import { randomSource } from '../src/platform/random.js';

/**
 * The kept doctor counts (decision 0033) against the doctor rows (and the tag report's counts
 * without the doctors join against the join): after random inserts, edits
 * (hospital and province moves, title, department, source, range, creator, registration time),
 * deletes and several writers at once, docMain's and masterData's figures from the kept counts
 * equal the straightforward queries' for every kind of scope and window, and the kept tables
 * equal a grouping of the doctors.
 */

let h: Harness;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);

/** The same writes on every run (the platform's seeded source). */
const random = randomSource;

const DAY = 86_400_000;
let hospitals: { id: number; province: string }[] = [];
let users: number[] = [];
const TITLES = ['CHIEF', 'ASSOCIATE_CHIEF', 'ATTENDING', ''];
const DEPTS = ['NEI', 'WAI', 'ER', 'KEPT-TEST'];
const SOURCES = ['generated', 'manual', 'import'];

beforeAll(async () => {
  h = await createHarness();
  hospitals = (await q<{ id: number; province_code: string }>(`select id, province_code from hospitals order by id limit 40`)).map((r) => ({
    id: Number(r.id),
    province: r.province_code,
  }));
  users = (await q<{ id: number }>(`select id from users order by id limit 5`)).map((r) => Number(r.id));
});

afterAll(async () => {
  await h?.close();
});

/** One random doctor's counted columns as SQL values. */
function doctorValues(next: () => number, now: number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const hospital = pick(hospitals);
  // now and then a doctor whose province is not its hospital's (the counts follow the doctor row)
  const province = next() < 0.1 ? pick(hospitals).province : hospital.province;
  return {
    hospital: hospital.id,
    province,
    title: pick(TITLES),
    dept: pick(DEPTS),
    source: pick(SOURCES),
    range: next() < 0.3 ? 'internet' : 'internal',
    createdBy: next() < 0.4 ? pick(users) : null,
    // registered from 400 days ago to 30 days ahead: windows ending before now must take the later ones away
    createdAt: new Date(now - Math.floor(next() * 430 * DAY) + 30 * DAY).toISOString(),
  };
}

async function insertDoctors(next: () => number, count: number, now: number) {
  const rows = Array.from({ length: count }, () => doctorValues(next, now));
  const params: unknown[] = [];
  const values = rows.map((r) => {
    const base = params.length;
    params.push(`kept test ${Math.floor(next() * 1e9)}`, r.hospital, r.province, r.title, r.dept, r.source, r.range, r.createdBy, r.createdAt);
    return `($${base + 1}, $${base + 2}, $${base + 3}, left($${base + 3}, 4) || '00', $${base + 5}, $${base + 4}, $${base + 6}, $${base + 7}, $${base + 8}::int, $${base + 9}::timestamptz)`;
  });
  await q(
    `insert into doctors (name, hospital_id, province_code, city_code, dept1_code, title_code, source, doctor_range, created_by, created_at) values ${values.join(', ')}`,
    params,
  );
}

async function randomWrites(seed: number, rounds: number) {
  const next = random(seed);
  const now = Date.now();
  const ids = async () => (await q<{ id: number }>(`select id from doctors order by id`)).map((r) => Number(r.id));
  for (let round = 0; round < rounds; round++) {
    await insertDoctors(next, 1 + Math.floor(next() * 12), now); // one statement of several rows
    const all = await ids();
    const some = (n: number) => Array.from({ length: n }, () => all[Math.floor(next() * all.length)]!);
    for (const id of some(4)) {
      const v = doctorValues(next, now);
      const change = Math.floor(next() * 6);
      if (change === 0) await q(`update doctors set hospital_id = $2, province_code = $3 where id = $1`, [id, v.hospital, v.province]);
      else if (change === 1) await q(`update doctors set title_code = $2, dept1_code = $3 where id = $1`, [id, v.title, v.dept]);
      else if (change === 2) await q(`update doctors set source = $2, doctor_range = $3 where id = $1`, [id, v.source, v.range]);
      else if (change === 3) await q(`update doctors set created_by = $2::int, created_at = $3::timestamptz where id = $1`, [id, v.createdBy, v.createdAt]);
      else if (change === 4)
        await q(`update doctors set name = name || '*' where id = $1`, [id]); // no counted column
      else await q(`update doctors set title_code = $2 where id = any($1::int[])`, [some(20), v.title]); // one statement over many rows
    }
    // taggings (with the shared tags and a personal one), some on doctors deleted below
    const tag = (await q<{ id: number }>(`select id from tags order by id`)).map((r) => Number(r.id));
    await q(`insert into doctor_tags (tag_id, doctor_id, created_by, created_at) values ($1, $2, $3, $4::timestamptz) on conflict do nothing`, [
      tag[Math.floor(next() * tag.length)],
      some(1)[0],
      users[0],
      new Date(now - Math.floor(next() * 60 * DAY)).toISOString(),
    ]);
    // deletes (of doctors this test added: the demo's have visits and meetings that name them)
    const mine = (await q<{ id: number }>(`select id from doctors where name like 'kept test %' order by id`)).map((r) => Number(r.id));
    if (mine.length > 0 && next() < 0.6)
      await q(`delete from doctors where id = any($1::int[])`, [[mine[Math.floor(next() * mine.length)]!, mine[Math.floor(next() * mine.length)]!]]);
  }
}

async function expectKeptTablesEqualRows() {
  const kept = await q(
    `select hospital_id, province_code, doctors, internal, internet, manual, by_rep from doctor_hospital_counts where doctors <> 0 or internal <> 0 or internet <> 0 or manual <> 0 or by_rep <> 0 order by 1, 2`,
  );
  const rows = await q(`select hospital_id, province_code, count(*)::int as doctors, count(*) filter (where doctor_range = 'internal')::int as internal,
      count(*) filter (where doctor_range = 'internet')::int as internet, count(*) filter (where source <> 'generated')::int as manual,
      count(*) filter (where created_by is not null)::int as by_rep from doctors group by 1, 2 order by 1, 2`);
  expect(kept).toEqual(rows);
  const profile = await q(`select province_code, title_code, dept1_code, source, doctors from doctor_profile_counts where doctors <> 0 order by 1, 2, 3, 4`);
  const profileRows = await q(
    `select province_code, title_code, dept1_code, source, count(*)::int as doctors from doctors group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
  expect(profile).toEqual(profileRows);
}

/** Every kind of scope: the whole country, provinces, hospitals, both, none; with and without a province filter. */
function windows(): ReportWindow[] {
  const now = Date.now();
  const byProvince = [...new Set(hospitals.map((x) => x.province))];
  const scopes: DataScope[] = [
    { userId: users[0]!, all: true, hospitalIds: [], provinceCodes: [] },
    { userId: users[0]!, all: false, hospitalIds: [], provinceCodes: byProvince.slice(0, 2) },
    { userId: users[0]!, all: false, hospitalIds: hospitals.slice(0, 5).map((x) => x.id), provinceCodes: [] },
    { userId: users[0]!, all: false, hospitalIds: hospitals.slice(0, 3).map((x) => x.id), provinceCodes: byProvince.slice(1, 2) },
    { userId: users[0]!, all: false, hospitalIds: [], provinceCodes: [] },
  ];
  const ranges = [
    { from: new Date(now - 30 * DAY), to: new Date(now + DAY) },
    // a window ending before now: the doctors registered since (some of them ahead of now) are taken away
    { from: new Date(now - 200 * DAY), to: new Date(now - 60 * DAY) },
  ];
  return scopes.flatMap((scope) => ranges.flatMap((r) => ['', byProvince[0]!].map((province) => ({ ...r, province, scope }))));
}

async function expectFiguresEqual() {
  for (const w of windows()) {
    const kept = await doctorFigures(h.database.db, w, 'asOf', 20);
    const rows = await doctorFigures(h.database.db, w, 'asOf', 20, { path: 'rows' });
    expect(kept, JSON.stringify({ scope: w.scope, province: w.province, to: w.to })).toEqual(rows);
    const keptHospitals = await hospitalFigures(h.database.db, w, 20);
    const rowHospitals = await hospitalFigures(h.database.db, w, 20, { path: 'rows' });
    expect(keptHospitals).toEqual(rowHospitals);
    const keptTags = await tagFigures(h.database.db, w, 20);
    const rowTags = await tagFigures(h.database.db, w, 20, { path: 'rows' });
    const days = (f: typeof keptTags) => ({ ...f, byDay: [...f.byDay].sort((a, b) => a.day.localeCompare(b.day)) });
    expect(days(keptTags)).toEqual(days(rowTags));
  }
}

describe('kept doctor counts (docMain, masterData)', () => {
  it('equal the rows on the demo data as seeded', async () => {
    await expectKeptTablesEqualRows();
    await expectFiguresEqual();
    const [all] = windows();
    const f = await doctorFigures(h.database.db, all!, 'asOf', 20);
    expect(f.totals.doctors).toBeGreaterThan(1000); // the demo's doctors are counted, not an empty table equal to an empty table
    expect(f.byTitle.length).toBeGreaterThan(1);
  });

  it('equal the rows after random inserts, edits and deletes', async () => {
    await randomWrites(18, 25);
    await expectKeptTablesEqualRows();
    await expectFiguresEqual();
  });

  it('stay exact with several writers at once', async () => {
    const next = random(33);
    const now = Date.now();
    const hospital = hospitals[0]!;
    // writers of the same hospital's count at once (on PostgreSQL in separate connections and transactions)
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.database.db.transaction(async (tx) => {
          const v = doctorValues(next, now);
          await tx.execute(
            sql`insert into doctors (name, hospital_id, province_code, city_code, dept1_code, title_code, source, created_at)
              select 'kept test writer ' || ${i} || '-' || n, ${hospital.id}, ${hospital.province}, '', ${v.dept}, ${v.title}, ${v.source}, now() from generate_series(1, 5) n`,
          );
        }),
      ),
    );
    await expectKeptTablesEqualRows();
  });

  it('the master-data table pages read the kept counts in the same order as the rows', async () => {
    const w = windows()[0]!;
    const pages: unknown[] = [];
    for await (const page of hospitalReportPages(h.database.db, w, 700)) pages.push(...page);
    const rows = await hospitalFigures(h.database.db, w, 100_000, { path: 'rows' });
    expect(pages.length).toBe(rows.totals.hospitals);
    expect(pages).toEqual(rows.rows);
  });
});
