import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIT_CHANNELS } from '@field-portal/shared';
import { visitFigures, visitsByUserMonth, type ActivityWindow, type VisitSelection } from './report-figures.js';
import { reachFigures, relationFigures } from './report-reach.js';
import { keptDays } from './visit-counts.js';
import { dateRange } from '../analytics/index.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { reportWindows } from '../../../test/report-windows.js';
import { randomSource } from '../../platform/random.js';
import { PAIR_GAP_CAP } from '../../db/schema/activity-counts.js';
import { selectRows } from '../../db/client.js';

/**
 * The kept visit counts (visit_doctor_days, decision 0033) against the visit rows: after random
 * inserts, edits (day, channel, effective, status, duration, doctor, representative), deletes,
 * doctor moves and deletes, and several writers at once, the visit, reach, relation and goData
 * figures from the kept counts equal the straightforward queries' for every kind of scope,
 * province, BU and channel selection, and the kept table equals a grouping of the visits. The
 * whole-country sums (visit_rep_days) and doctor bit sets (visit_doctor_bits, every bit) equal a
 * grouping of the kept days and of the calls (inserted, moved and deleted too), and the calls'
 * doctor hospital and province equal the doctor rows'. The province doctor sets
 * (province_doctor_bits) equal a grouping of the doctors after doctor inserts, moves between
 * provinces (one and several in a statement), deletes and restores, alone and in parallel, and the
 * figures of scopes of exactly one or more provinces (which read them) equal the rows'.
 */

let h: Harness;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);

/** The same writes on every run (the platform's seeded source). */
const random = randomSource;

const DAY = 86_400_000;
const NOW = Date.now();
let reps: number[] = [];
let doctors: { id: number; hospital: number; province: string }[] = [];
let hospitals: { id: number; province: string }[] = [];
let bu = '';
let members = sql`(select 0)`;

beforeAll(async () => {
  h = await createHarness();
  reps = (await q<{ id: number }>(`select id from users where username like 'rep%' order by id limit 6`)).map((r) => Number(r.id));
  // doctors of a few hospitals in a few provinces (the scopes below name some of them)
  doctors = (
    await q<{ id: number; hospital_id: number; province_code: string }>(
      `select d.id, d.hospital_id, d.province_code from doctors d where d.hospital_id in (select id from hospitals order by id limit 12) order by d.id limit 60`,
    )
  ).map((r) => ({ id: Number(r.id), hospital: Number(r.hospital_id), province: r.province_code }));
  hospitals = (await q<{ id: number; province_code: string }>(`select id, province_code from hospitals order by id limit 12`)).map((r) => ({
    id: Number(r.id),
    province: r.province_code,
  }));
  const [row] = await q<{ bu: string }>(`select b as bu from users, unnest(bu_list) b where id = any($1::int[]) group by 1 order by count(*), 1 limit 1`, [
    reps,
  ]);
  bu = row?.bu ?? '';
  members = sql.raw(`(${reps.join(',')})`);
});

afterAll(async () => {
  await h?.close();
});

function visitValues(next: () => number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  // around portal midnights too (16:00 UTC), and now and then a doctor id that does not exist
  const day = Math.floor(next() * 45);
  const at = next() < 0.2 ? Math.floor(NOW / DAY) * DAY - day * DAY + 16 * 3_600_000 + (next() < 0.5 ? -1 : 0) : NOW - Math.floor(next() * 45 * DAY);
  return {
    user: pick(reps),
    doctor: next() < 0.03 ? 2_000_000_000 : pick(doctors).id,
    at: new Date(at).toISOString(),
    channel: pick(VISIT_CHANNELS),
    status: next() < 0.7 ? 1 : 0,
    effective: next() < 0.5,
    duration: next() < 0.3 ? null : Math.floor(next() * 1800),
  };
}

async function insertVisits(next: () => number, count: number, db: { execute: (query: SQL) => Promise<unknown> } = h.database.db) {
  const values = Array.from({ length: count }, () => {
    const v = visitValues(next);
    return sql`(${v.user}::int, ${v.doctor}::int, ${v.at}::timestamptz, ${v.channel}, ${v.status}::smallint, ${v.effective}::boolean, ${v.duration}::int, 'kept visit test')`;
  });
  await db.execute(
    sql`insert into visit_records (user_id, doctor_id, visit_at, channel, status, effective, duration_seconds, purpose) values ${sql.join(values, sql`, `)}`,
  );
}

async function randomWrites(seed: number, rounds: number) {
  const next = random(seed);
  for (let round = 0; round < rounds; round++) {
    await insertVisits(next, 1 + Math.floor(next() * 15));
    const mine = (await q<{ id: number }>(`select id from visit_records where purpose = 'kept visit test' order by id`)).map((r) => Number(r.id));
    const some = (n: number) => Array.from({ length: n }, () => mine[Math.floor(next() * mine.length)]!);
    for (const id of some(4)) {
      const v = visitValues(next);
      const change = Math.floor(next() * 8);
      if (change === 0) await q(`update visit_records set visit_at = $2::timestamptz where id = $1`, [id, v.at]);
      else if (change === 1) await q(`update visit_records set channel = $2, effective = $3 where id = $1`, [id, v.channel, v.effective]);
      else if (change === 2) await q(`update visit_records set status = $2, duration_seconds = $3::int where id = $1`, [id, v.status, v.duration]);
      else if (change === 3) await q(`update visit_records set doctor_id = $2, user_id = $3 where id = $1`, [id, v.doctor, v.user]);
      else if (change === 4)
        await q(`update visit_records set feedback = feedback || '*' where id = $1`, [id]); // no counted column
      else if (change === 5)
        await q(`update visit_records set effective = not effective where id = any($1::int[])`, [some(6)]); // many rows at once
      else if (change === 6) await q(`delete from visit_records where id = any($1::int[])`, [some(3)]);
      else await q(`delete from visit_records where id = $1`, [id]);
    }
    await randomCalls(next);
    if (round % 4 === 1) await deleteOrRestore(next);
    if (round % 6 === 4) await moveMany(next);
    if (round % 5 === 2) {
      // a doctor moves to another hospital and province: its days follow it
      const doctor = doctors[Math.floor(next() * doctors.length)]!;
      const to = hospitals[Math.floor(next() * hospitals.length)]!;
      await q(`update doctors set hospital_id = $2, province_code = $3 where id = $1`, [doctor.id, to.id, to.province]);
    }
  }
  // a doctor with visits removed: its days count for the whole country only, as its visit rows do
  const [gone] = await q<{ id: number }>(
    `insert into doctors (name, hospital_id, province_code, city_code, dept1_code, title_code) values ('kept visit test doctor', $1, $2, '', 'NEI', 'CHIEF') returning id`,
    [hospitals[0]!.id, hospitals[0]!.province],
  );
  await q(`insert into visit_records (user_id, doctor_id, visit_at, channel, purpose) values ($1, $2, now() - interval '2 days', 'face', 'kept visit test')`, [
    reps[0],
    gone!.id,
  ]);
  await q(`insert into call_records (call_id, user_id, doctor_id, started_at) values ('kept-call-test-gone', $1, $2, now() - interval '3 days')`, [
    reps[0],
    gone!.id,
  ]);
  await q(`delete from doctors where id = $1`, [gone!.id]);
}

/** Doctors added for the test (their visits and calls come from the random writes), some deleted and restored under the same id. */
const ownDoctors: number[] = [];
const removed = new Map<number, string>();
const doctorWrites = { deleted: 0, restored: 0 };

async function addDoctors(count: number) {
  const rows = await q<{ id: number; hospital_id: number; province_code: string }>(
    `insert into doctors (name, hospital_id, province_code, city_code, dept1_code, title_code)
     select 'kept visit test doctor ' || g, h.id, h.province_code, '', 'NEI', 'CHIEF'
       from generate_series(1, $1::int) g join (select id, province_code, row_number() over (order by id) - 1 as i from hospitals where id = any($2::int[])) h on h.i = g % $3::int
     returning id, hospital_id, province_code`,
    [count, hospitals.map((x) => x.id), hospitals.length],
  );
  const added = rows.map((r) => ({ id: Number(r.id), hospital: Number(r.hospital_id), province: r.province_code }));
  ownDoctors.push(...added.map((d) => d.id));
  doctors.push(...added);
}

/** Deletes one of the test's doctors (keeping its row), or restores a deleted one, now and then in another hospital and province. */
async function deleteOrRestore(next: () => number) {
  const back = [...removed.keys()];
  if (back.length > 0 && next() < 0.5) {
    const id = back[Math.floor(next() * back.length)]!;
    const to = next() < 0.5 ? hospitals[Math.floor(next() * hospitals.length)]! : null;
    await q(
      `insert into doctors select (jsonb_populate_record(null::doctors, $1::jsonb || jsonb_strip_nulls(jsonb_build_object('hospital_id', $2::int, 'province_code', $3::text)))).*`,
      [removed.get(id), to?.id ?? null, to?.province ?? null],
    );
    removed.delete(id);
    doctorWrites.restored += 1;
    return;
  }
  const here = ownDoctors.filter((id) => !removed.has(id));
  const id = here[Math.floor(next() * here.length)]!;
  const [row] = await q<{ row: string }>(`select row_to_json(d)::text as row from doctors d where d.id = $1`, [id]);
  await q(`delete from doctors where id = $1`, [id]);
  removed.set(id, row!.row);
  doctorWrites.deleted += 1;
}

/** Several doctors moved in one statement, two of them swapping provinces. */
async function moveMany(next: () => number) {
  const pick = () => doctors[Math.floor(next() * doctors.length)]!;
  const [a, b, c] = [pick(), pick(), pick()];
  const to = hospitals[Math.floor(next() * hospitals.length)]!;
  await q(
    `update doctors d set hospital_id = x.hospital_id, province_code = x.province_code
       from (select $1::int as id, (select hospital_id from doctors where id = $2) as hospital_id, (select province_code from doctors where id = $2) as province_code
             union all select $2::int, (select hospital_id from doctors where id = $1), (select province_code from doctors where id = $1)
             union all select $3::int, $4::int, $5::text) x
      where d.id = x.id and x.hospital_id is not null and $1::int <> $2::int and $3::int not in ($1::int, $2::int)`,
    [a.id, b.id, c.id, to.id, to.province],
  );
}

let callSeq = 0;

/** Calls inserted (some at the very time of a kept visit: ties in the reach table's order), moved and deleted. */
async function insertCalls(next: () => number, count: number, db: { execute: (query: SQL) => Promise<unknown> } = h.database.db) {
  const values = Array.from({ length: count }, () => {
    const v = visitValues(next);
    callSeq += 1;
    return sql`(${`kept-call-test-${callSeq}`}, ${v.user}::int, ${v.doctor}::int, ${v.at}::timestamptz, 'out', ${v.duration}::int)`;
  });
  await db.execute(sql`insert into call_records (call_id, user_id, doctor_id, started_at, direction, duration_seconds) values ${sql.join(values, sql`, `)}`);
}

async function randomCalls(next: () => number) {
  await insertCalls(next, 1 + Math.floor(next() * 6));
  const mine = (await q<{ id: number }>(`select id from call_records where call_id like 'kept-call-test-%' order by id`)).map((r) => Number(r.id));
  const some = (n: number) => Array.from({ length: n }, () => mine[Math.floor(next() * mine.length)]!);
  const change = Math.floor(next() * 6);
  const v = visitValues(next);
  if (change === 0) await q(`update call_records set started_at = $2::timestamptz where id = $1`, [some(1)[0], v.at]);
  else if (change === 1) await q(`update call_records set doctor_id = $2 where id = any($1::int[])`, [some(2), v.doctor]);
  else if (change === 2)
    await q(`update call_records set duration_seconds = coalesce(duration_seconds, 0) + 1 where id = any($1::int[])`, [some(3)]); // no kept column
  else if (change === 3) await q(`delete from call_records where id = any($1::int[])`, [some(2)]);
  else if (change === 4) {
    // a call at the very time of a visit to another doctor (a tie in the reach table's newest contacts)
    callSeq += 1;
    await q(
      `insert into call_records (call_id, user_id, doctor_id, started_at) select $1, v.user_id, $2, v.visit_at from visit_records v where v.purpose = 'kept visit test' order by v.id desc limit 1`,
      [`kept-call-test-${callSeq}`, v.doctor],
    );
  } else await q(`delete from call_records where id = $1`, [some(1)[0]]);
}

/** visit_rep_days equals visit_doctor_days summed over doctors; visit_doctor_bits (its non-empty rows) every bit of a grouping of the kept days and calls. */
async function expectNationalTablesEqualRows() {
  const sums = await q(`select day::text, user_id, channel, effective, status, visits, seconds_sum, seconds_count from visit_rep_days order by 1, 2, 3, 4, 5`);
  const grouped =
    await q(`select day::text, user_id, channel, effective, status, sum(visits)::int as visits, sum(seconds_sum)::int as seconds_sum, sum(seconds_count)::int as seconds_count
                             from visit_doctor_days where visits > 0 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
  expect(sums).toEqual(grouped);
  const bits = await q(`select day::text, kind, chunk, bits::text from visit_doctor_bits where bit_count(bits) > 0 order by 1, 2, 3`);
  const expected = await q(`
    select x.day::text, x.kind, x.doctor_id >> 13 as chunk, bit_or(B'1'::bit(8192) >> (x.doctor_id & 8191))::text as bits
      from (select a.day, k.kind, a.doctor_id from visit_doctor_days a cross join lateral (values ('visit'), (a.channel)) k(kind) where a.visits > 0
            union
            select ((c.started_at at time zone 'UTC') + interval '8 hours')::date, 'call', c.doctor_id from call_records c) x
     group by 1, 2, 3 order by 1, 2, 3`);
  expect(bits.length).toBeGreaterThan(0);
  expect(bits).toEqual(expected);
  // the calls carry their doctor's hospital and province (null once the doctor no longer exists)
  const places = await q(`select c.id, c.hospital_id, c.province_code from call_records c order by c.id`);
  const doctorsOf = await q(`select c.id, d.hospital_id, d.province_code from call_records c left join doctors d on d.id = c.doctor_id order by c.id`);
  expect(places).toEqual(doctorsOf);
  // the province doctor sets: every existing doctor's bit in its province's row, no other bit
  const provinceBits = await q(`select province_code, chunk, bits::text from province_doctor_bits where bit_count(bits) > 0 order by 1, 2`);
  const ofDoctors = await q(
    `select province_code, id >> 13 as chunk, bit_or(B'1'::bit(8192) >> (id & 8191))::text as bits from doctors group by 1, 2 order by 1, 2`,
  );
  expect(provinceBits.length).toBeGreaterThan(0);
  expect(provinceBits).toEqual(ofDoctors);
  // the pair days: visit_doctor_days per representative, doctor and day with visits, and the pair's previous such day
  const pairDays = await q(`select user_id, doctor_id, day::text, visits, last_at::text, prev_day::text from visit_pair_days order by 1, 2, 3`);
  const ofKeptDays = await q(`
    select user_id, doctor_id, day::text, sum(visits)::int as visits, max(last_at)::text as last_at,
           (lag(day) over (partition by user_id, doctor_id order by day))::text as prev_day
      from visit_doctor_days group by user_id, doctor_id, day having sum(visits) > 0 order by 1, 2, 3`);
  expect(pairDays.length).toBeGreaterThan(0);
  expect(pairDays).toEqual(ofKeptDays);
  // and their counts per representative, day, gap to the previous day (capped) and visits (capped)
  const gaps = await q(`select day::text, user_id, gap, depth, pairs, visits from visit_pair_gaps order by 1, 2, 3, 4`);
  const ofPairDays = await q(`
    select p.day::text, p.user_id, least(coalesce(p.day - p.prev_day, ${PAIR_GAP_CAP}), ${PAIR_GAP_CAP})::smallint as gap, least(p.visits, 5)::smallint as depth,
           count(*)::int as pairs, sum(p.visits)::int as visits
      from (select user_id, doctor_id, day, sum(visits)::int as visits, lag(day) over (partition by user_id, doctor_id order by day) as prev_day
              from visit_doctor_days group by user_id, doctor_id, day having sum(visits) > 0) p
     group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  expect(gaps).toEqual(ofPairDays);
}

async function expectKeptTableEqualsRows() {
  await expectNationalTablesEqualRows();
  const kept =
    await q(`select day::text, user_id, doctor_id, channel, effective, status, hospital_id, province_code, visits, seconds_sum, seconds_count, last_at::text
                          from visit_doctor_days order by 1, 2, 3, 4, 5, 6`);
  const rows =
    await q(`select ((v.visit_at at time zone 'UTC') + interval '8 hours')::date::text as day, v.user_id, v.doctor_id, v.channel, v.effective, v.status,
                               min(d.hospital_id) as hospital_id, min(d.province_code) as province_code, count(*)::int as visits,
                               coalesce(sum(v.duration_seconds), 0)::int as seconds_sum, count(v.duration_seconds)::int as seconds_count, max(v.visit_at)::text as last_at
                          from visit_records v left join doctors d on d.id = v.doctor_id group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`);
  expect(kept).toEqual(rows);
}

const byDay = <T extends { day: string }>(rows: T[]) => [...rows].sort((a, b) => a.day.localeCompare(b.day));
const byUserMonth = <T extends { userId: number; month: string }>(rows: T[]) => [...rows].sort((a, b) => a.userId - b.userId || a.month.localeCompare(b.month));

/** The shared windows, and scopes of two provinces and of a province the filter excludes (the province sets read the first). */
function windows(): ActivityWindow[] {
  const shared = reportWindows(reps[0]!, hospitals, bu, NOW);
  const provinces = [...new Set(hospitals.map((x) => x.province))];
  const base = shared[0]!;
  return [
    ...shared,
    { ...base, scope: { ...base.scope, all: false, provinceCodes: provinces.slice(0, 2) } },
    { ...base, scope: { ...base.scope, all: false, provinceCodes: provinces.slice(1, 3) }, province: provinces[0]! },
  ];
}

/** Windows whose distinct doctors come from bit sets: every channel selection is compared there. */
const readsBits = (w: ActivityWindow) => !w.bu && (w.scope.all || w.scope.hospitalIds.length === 0);

const SELECTIONS: VisitSelection[] = [{}, { channels: ['phone'] }, { channels: ['online', 'wxwork'] }, { channels: ['video'] }];

async function expectFiguresEqual() {
  const db = h.database.db;
  for (const w of windows()) {
    expect(keptDays(w)).not.toBeNull(); // the kept path is the one compared
    const label = JSON.stringify({ scope: w.scope, province: w.province, bu: w.bu, from: w.from });
    for (const s of readsBits(w) ? SELECTIONS : [{}]) {
      const kept = await visitFigures(db, w, s, 20);
      const rows = await visitFigures(db, w, s, 20, { path: 'rows' });
      expect({ ...kept, byDay: byDay(kept.byDay) }, `${label} ${JSON.stringify(s)}`).toEqual({ ...rows, byDay: byDay(rows.byDay) });
    }
    const reachKept = await reachFigures(db, w, 20);
    const reachRows = await reachFigures(db, w, 20, { path: 'rows' });
    expect({ ...reachKept, byDay: byDay(reachKept.byDay) }, label).toEqual({ ...reachRows, byDay: byDay(reachRows.byDay) });
    expect(await relationFigures(db, w, 20), label).toEqual(await relationFigures(db, w, 20, { path: 'rows' }));
    expect(byUserMonth(await visitsByUserMonth(db, w, members, { path: 'kept' })), label).toEqual(
      byUserMonth(await visitsByUserMonth(db, w, members, { path: 'rows' })),
    );
  }
}

describe('kept visit counts (visit, reach, relation and goData reports)', () => {
  it('equal the visit rows on the demo data as seeded', async () => {
    await expectKeptTableEqualsRows();
    await expectFiguresEqual();
    const all = windows()[0]!;
    const f = await visitFigures(h.database.db, all, {}, 20);
    expect(f.totals.visits).toBeGreaterThan(100); // the demo's visits are counted, not an empty table equal to an empty table
    expect(f.totals.doctors).toBeGreaterThan(10);
    // the scopes of provinces that read the province sets have doctors visited
    const two = windows().find((w) => !w.scope.all && w.scope.provinceCodes.length === 2 && !w.province)!;
    expect(two.scope.provinceCodes[0]).not.toEqual(two.scope.provinceCodes[1]);
    expect((await visitFigures(h.database.db, two, {}, 20)).totals.doctors).toBeGreaterThan(0);
  });

  it('equal the visit rows after random inserts, edits, deletes and doctor moves', async () => {
    await addDoctors(8);
    await randomWrites(18, 30);
    expect(doctorWrites.deleted).toBeGreaterThan(1);
    expect(doctorWrites.restored).toBeGreaterThan(0);
    await expectKeptTableEqualsRows();
    await expectFiguresEqual();
    const [{ n } = { n: 0 }] = await q<{ n: number }>(`select count(*)::int as n from visit_records where purpose = 'kept visit test'`);
    expect(Number(n)).toBeGreaterThan(50);
  });

  it('stay exact with several writers at once', async () => {
    const next = random(44);
    const [target] = await q<{ id: number }>(`select id from visit_records where purpose = 'kept visit test' order by id limit 1`);
    // doctors without contacts, moved and deleted beside the contact writers (their province sets only)
    const quiet = (
      await q<{ id: number }>(
        `insert into doctors (name, hospital_id, province_code, city_code, dept1_code, title_code)
         select 'kept visit test quiet doctor ' || g, $1, $2, '', 'NEI', 'CHIEF' from generate_series(1, 6) g returning id`,
        [hospitals[0]!.id, hospitals[0]!.province],
      )
    ).map((r) => Number(r.id));
    const far = hospitals.find((x) => x.province !== hospitals[0]!.province) ?? hospitals[1]!;
    // writers adding to the same days and one recounting them (on PostgreSQL in separate connections and transactions)
    await Promise.all([
      ...Array.from({ length: 5 }, () =>
        h.database.db.transaction(async (tx) => {
          await insertVisits(next, 8, tx);
        }),
      ),
      ...Array.from({ length: 3 }, () =>
        h.database.db.transaction(async (tx) => {
          await insertCalls(next, 5, tx);
        }),
      ),
      // (each in one statement: a transaction writing contacts in several statements holds the
      // first one's bit set rows while the next takes others, and may deadlock with another; decision 0033)
      h.database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from call_records where call_id like 'kept-call-test-%' and id % 4 = 0`);
      }),
      h.database.db.transaction(async (tx) => {
        await tx.execute(sql`update call_records set started_at = started_at - interval '1 day' where call_id like 'kept-call-test-%' and id % 4 = 1`);
      }),
      h.database.db.transaction(async (tx) => {
        await tx.execute(sql`update visit_records set status = 1 - status where purpose = 'kept visit test' and id % 3 = 0`);
      }),
      h.database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from visit_records where id = ${Number(target!.id)}`);
      }),
      ...[0, 1].map((i) =>
        h.database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into doctors (name, hospital_id, province_code, city_code, dept1_code, title_code)
                                select 'kept visit test quiet doctor', ${far.id}::int, ${far.province}, '', 'NEI', 'CHIEF' from generate_series(1, ${2 + i}::int)`);
        }),
      ),
      h.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`update doctors set hospital_id = ${far.id}::int, province_code = ${far.province} where id in (${sql.raw(quiet.slice(0, 3).join(','))})`,
        );
      }),
      h.database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from doctors where id in (${sql.raw(quiet.slice(3, 5).join(','))})`);
      }),
    ]);
    await expectKeptTableEqualsRows();
    await expectFiguresEqual();
  });

  it('rdRelation equals the visit rows over random whole-country windows, with pairs repeating in them', async () => {
    const next = random(61);
    const today = Date.parse(`${new Date(NOW + 8 * 3_600_000).toISOString().slice(0, 10)}T00:00:00+08:00`);
    // a pair's history changed in the middle: a visit added between two of its days, one moved to another day, one deleted
    const [pair] = await q<{ user_id: number; doctor_id: number }>(
      `select user_id, doctor_id from visit_pair_days group by 1, 2 having count(*) >= 3 order by count(*) desc, 1, 2 limit 1`,
    );
    expect(pair).toBeDefined();
    const days = (
      await q<{ day: string }>(`select day::text from visit_pair_days where user_id = $1 and doctor_id = $2 order by day`, [pair!.user_id, pair!.doctor_id])
    ).map((r) => r.day);
    const between = new Date(Date.parse(`${days[0]}T12:00:00+08:00`) + DAY).toISOString();
    await q(`insert into visit_records (user_id, doctor_id, visit_at, channel, purpose) values ($1, $2, $3::timestamptz, 'face', 'kept visit test')`, [
      pair!.user_id,
      pair!.doctor_id,
      between,
    ]);
    await q(
      `update visit_records set visit_at = visit_at + interval '3 days' where id = (select id from visit_records where user_id = $1 and doctor_id = $2 order by visit_at desc, id limit 1)`,
      [pair!.user_id, pair!.doctor_id],
    );
    await q(
      `delete from visit_records where id in (select v.id from visit_records v where v.user_id = $1 and v.doctor_id = $2
         and ((v.visit_at at time zone 'UTC') + interval '8 hours')::date = $3::date)`,
      [pair!.user_id, pair!.doctor_id, days[1]],
    );
    await expectKeptTableEqualsRows();
    const all = windows()[0]!;
    let repeating = 0;
    for (let i = 0; i < 24; i++) {
      // a window of 1 to 40 whole portal days ending up to 20 days ago (i = 0: the last 420 days, past the pair days' gap cap)
      const length = i === 0 ? 420 : 1 + Math.floor(next() * 40);
      const end = today + DAY - Math.floor(next() * 20) * DAY;
      const w: ActivityWindow = { ...all, from: new Date(end - length * DAY), to: new Date(end) };
      const limit = [1, 3, 7, 20, 500][Math.floor(next() * 5)]!;
      const label = JSON.stringify({ from: w.from, to: w.to, limit });
      const kept = await relationFigures(h.database.db, w, limit);
      expect(kept, label).toEqual(await relationFigures(h.database.db, w, limit, { path: 'rows' }));
      expect(kept.totals.pairs, label).toBeGreaterThan(0);
      const span = keptDays(w)!;
      const [{ n } = { n: 0 }] = await q<{ n: number }>(
        `select count(*)::int as n from visit_pair_days where day >= $1::date and day < $2::date and prev_day >= $1::date`,
        [span.from, span.to],
      );
      if (Number(n) > 0) repeating += 1;
    }
    expect(repeating).toBeGreaterThan(10);
  });

  it('the pair days follow kept days deleted outright and written back (the delete and insert triggers)', async () => {
    const [pair] = await q<{ user_id: number; doctor_id: number }>(
      `select user_id, doctor_id from visit_pair_days group by 1, 2 having count(*) >= 3 order by count(*) desc, 1, 2 limit 1`,
    );
    expect(pair).toBeDefined();
    const at = [pair!.user_id, pair!.doctor_id];
    const days = (await q<{ day: string }>(`select day::text from visit_pair_days where user_id = $1 and doctor_id = $2 order by day`, at)).map((r) => r.day);
    const prevOf = async (day: string) =>
      (
        await q<{ prev_day: string | null }>(`select prev_day::text from visit_pair_days where user_id = $1 and doctor_id = $2 and day = $3::date`, [
          ...at,
          day,
        ])
      )[0]?.prev_day;
    expect(await prevOf(days[2]!)).toBe(days[1]);
    // A middle day's kept rows deleted as such (the visit triggers only ever empty a day before
    // deleting it): the pair's next day now follows the day before it.
    await q(`create table kept_days_removed as select * from visit_doctor_days where user_id = $1 and doctor_id = $2 and day = $3::date`, [...at, days[1]]);
    try {
      const removed = await q(`delete from visit_doctor_days where user_id = $1 and doctor_id = $2 and day = $3::date returning day`, [...at, days[1]]);
      expect(removed.length).toBeGreaterThan(0);
      await expectNationalTablesEqualRows();
      expect(await prevOf(days[1]!)).toBeUndefined();
      expect(await prevOf(days[2]!)).toBe(days[0]);
      // written back in one statement: as the visit rows say again
      await q(`insert into visit_doctor_days select * from kept_days_removed`);
    } finally {
      await q(`drop table kept_days_removed`);
    }
    expect(await prevOf(days[2]!)).toBe(days[1]);
    await expectKeptTableEqualsRows();
  });

  it('take a statement of visits of many pairs, as an import writes a history, with a bounded number of locks', async () => {
    // One lock a pair: an import's 100,000 pairs in one statement overran PostgreSQL's lock table
    // ("out of shared memory"); the locks are per bucket of pairs now, at most 256 a statement.
    const many = (await q<{ id: number }>(`select id from doctors order by id limit 1200`)).map((d) => Number(d.id));
    expect(many).toHaveLength(1200);
    const at = new Date(NOW - 3 * DAY).toISOString();
    const { written, locks } = await h.database.db.transaction(async (tx) => {
      const rows = await selectRows<{ id: number }>(
        tx,
        sql`insert into visit_records (user_id, doctor_id, visit_at, channel, status, effective, duration_seconds, purpose)
            select r, d, ${at}::timestamptz, ${VISIT_CHANNELS[0]}, 1, true, 600, 'kept visit test'
              from unnest(${`{${reps.join(',')}}`}::int[]) r, unnest(${`{${many.join(',')}}`}::int[]) d returning id`,
      );
      const [held] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`);
      return { written: rows.length, locks: held!.n };
    });
    expect(written).toBe(reps.length * 1200);
    expect(locks).toBeGreaterThan(0);
    expect(locks).toBeLessThanOrEqual(256);
    const [pairs] = await q<{ n: number }>(
      `select count(distinct (user_id, doctor_id))::int as n from visit_pair_days
        where day = (($1::timestamptz at time zone 'UTC') + interval '8 hours')::date and user_id = any($2::int[]) and doctor_id = any($3::int[])`,
      [at, reps, many],
    );
    expect(pairs!.n).toBe(reps.length * 1200);
    await expectKeptTableEqualsRows();
    await expectNationalTablesEqualRows();
  });

  it('plan each refresh of the pair days for its own pairs, not once for every later call of a connection', async () => {
    // After five calls in a connection PostgreSQL may keep one generic plan for a function's statements, costed as if each
    // unnested array held 10 rows: an import's sixth file of a million visits then ran for more than 20 minutes (migration 0038).
    const [config] = await q<{ config: string[] | null }>(`select proconfig as config from pg_proc where proname = 'visit_pair_days_refresh'`);
    expect(config!.config).toContain('plan_cache_mode=force_custom_plan');
    // Six statements in one transaction (one connection): each still keeps the kept tables equal to the rows.
    const some = (await q<{ id: number }>(`select id from doctors order by id desc limit 6`)).map((d) => Number(d.id));
    await h.database.db.transaction(async (tx) => {
      for (const [n, doctor] of some.entries()) {
        await tx.execute(sql`insert into visit_records (user_id, doctor_id, visit_at, channel, status, effective, duration_seconds, purpose)
                             values (${reps[0]!}, ${doctor}, ${new Date(NOW - (n + 1) * DAY).toISOString()}::timestamptz, ${VISIT_CHANNELS[0]}, 1, true, 300, 'plan test')`);
      }
    });
    await expectKeptTableEqualsRows();
  });

  it('a window that is not whole portal days is answered from the visit rows', () => {
    const last30 = dateRange({}, NOW);
    expect(keptDays({ from: new Date(last30.from.getTime() + 3_600_000), to: last30.to })).toBeNull();
    expect(keptDays({ from: last30.from, to: last30.to })).toEqual({ from: last30.startDate, to: nextDay(last30.endDate) });
  });
});

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
