import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIT_CHANNELS } from '@field-portal/shared';
import { reachFigures, relationFigures, visitFigures, visitsByUserMonth, type ActivityWindow, type VisitSelection } from '../src/modules/activity/report-figures.js';
import { keptDays } from '../src/modules/activity/visit-counts.js';
import { dateRange } from '../src/modules/analytics/dashboards/common.js';
import { createHarness, type Harness } from './harness.js';
import { reportWindows } from './report-windows.js';
import { randomSource } from '../src/platform/random.js';

/**
 * The kept visit counts (visit_doctor_days, decision 0033) against the visit rows: after random
 * inserts, edits (day, channel, effective, status, duration, doctor, representative), deletes,
 * doctor moves and deletes, and several writers at once, the visit, reach, relation and goData
 * figures from the kept counts equal the straightforward queries' for every kind of scope,
 * province, BU and channel selection, and the kept table equals a grouping of the visits. The
 * whole-country sums (visit_rep_days) and doctor bit sets (visit_doctor_bits, every bit) equal a
 * grouping of the kept days and of the calls (inserted, moved and deleted too), and the calls'
 * doctor hospital and province equal the doctor rows'.
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
  hospitals = (await q<{ id: number; province_code: string }>(`select id, province_code from hospitals order by id limit 12`)).map((r) => ({ id: Number(r.id), province: r.province_code }));
  const [row] = await q<{ bu: string }>(`select b as bu from users, unnest(bu_list) b where id = any($1::int[]) group by 1 order by count(*), 1 limit 1`, [reps]);
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
  await db.execute(sql`insert into visit_records (user_id, doctor_id, visit_at, channel, status, effective, duration_seconds, purpose) values ${sql.join(values, sql`, `)}`);
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
      else if (change === 4) await q(`update visit_records set feedback = feedback || '*' where id = $1`, [id]); // no counted column
      else if (change === 5) await q(`update visit_records set effective = not effective where id = any($1::int[])`, [some(6)]); // many rows at once
      else if (change === 6) await q(`delete from visit_records where id = any($1::int[])`, [some(3)]);
      else await q(`delete from visit_records where id = $1`, [id]);
    }
    await randomCalls(next);
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
  await q(`insert into visit_records (user_id, doctor_id, visit_at, channel, purpose) values ($1, $2, now() - interval '2 days', 'face', 'kept visit test')`, [reps[0], gone!.id]);
  await q(`insert into call_records (call_id, user_id, doctor_id, started_at) values ('kept-call-test-gone', $1, $2, now() - interval '3 days')`, [reps[0], gone!.id]);
  await q(`delete from doctors where id = $1`, [gone!.id]);
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
  else if (change === 2) await q(`update call_records set duration_seconds = coalesce(duration_seconds, 0) + 1 where id = any($1::int[])`, [some(3)]); // no kept column
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
  const grouped = await q(`select day::text, user_id, channel, effective, status, sum(visits)::int as visits, sum(seconds_sum)::int as seconds_sum, sum(seconds_count)::int as seconds_count
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
}

async function expectKeptTableEqualsRows() {
  await expectNationalTablesEqualRows();
  const kept = await q(`select day::text, user_id, doctor_id, channel, effective, status, hospital_id, province_code, visits, seconds_sum, seconds_count, last_at::text
                          from visit_doctor_days order by 1, 2, 3, 4, 5, 6`);
  const rows = await q(`select ((v.visit_at at time zone 'UTC') + interval '8 hours')::date::text as day, v.user_id, v.doctor_id, v.channel, v.effective, v.status,
                               min(d.hospital_id) as hospital_id, min(d.province_code) as province_code, count(*)::int as visits,
                               coalesce(sum(v.duration_seconds), 0)::int as seconds_sum, count(v.duration_seconds)::int as seconds_count, max(v.visit_at)::text as last_at
                          from visit_records v left join doctors d on d.id = v.doctor_id group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`);
  expect(kept).toEqual(rows);
}

const byDay = <T extends { day: string }>(rows: T[]) => [...rows].sort((a, b) => a.day.localeCompare(b.day));
const byUserMonth = <T extends { userId: number; month: string }>(rows: T[]) => [...rows].sort((a, b) => a.userId - b.userId || a.month.localeCompare(b.month));

const windows = (): ActivityWindow[] => reportWindows(reps[0]!, hospitals, bu, NOW);

const SELECTIONS: VisitSelection[] = [{}, { channels: ['phone'] }, { channels: ['online', 'wxwork'] }, { channels: ['video'] }];

async function expectFiguresEqual() {
  const db = h.database.db;
  for (const w of windows()) {
    expect(keptDays(w)).not.toBeNull(); // the kept path is the one compared
    const label = JSON.stringify({ scope: w.scope, province: w.province, bu: w.bu, from: w.from });
    for (const s of w.scope.all && !w.province && !w.bu ? SELECTIONS : [{}]) {
      const kept = await visitFigures(db, w, s, 20);
      const rows = await visitFigures(db, w, s, 20, { path: 'rows' });
      expect({ ...kept, byDay: byDay(kept.byDay) }, `${label} ${JSON.stringify(s)}`).toEqual({ ...rows, byDay: byDay(rows.byDay) });
    }
    const reachKept = await reachFigures(db, w, 20);
    const reachRows = await reachFigures(db, w, 20, { path: 'rows' });
    expect({ ...reachKept, byDay: byDay(reachKept.byDay) }, label).toEqual({ ...reachRows, byDay: byDay(reachRows.byDay) });
    expect(await relationFigures(db, w, 20), label).toEqual(await relationFigures(db, w, 20, { path: 'rows' }));
    expect(byUserMonth(await visitsByUserMonth(db, w, members, { path: 'kept' })), label).toEqual(byUserMonth(await visitsByUserMonth(db, w, members, { path: 'rows' })));
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
  });

  it('equal the visit rows after random inserts, edits, deletes and doctor moves', async () => {
    await randomWrites(18, 30);
    await expectKeptTableEqualsRows();
    await expectFiguresEqual();
    const [{ n } = { n: 0 }] = await q<{ n: number }>(`select count(*)::int as n from visit_records where purpose = 'kept visit test'`);
    expect(Number(n)).toBeGreaterThan(50);
  });

  it('stay exact with several writers at once', async () => {
    const next = random(44);
    const [target] = await q<{ id: number }>(`select id from visit_records where purpose = 'kept visit test' order by id limit 1`);
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
    ]);
    await expectKeptTableEqualsRows();
    await expectFiguresEqual();
  });

  it('a window that is not whole portal days is answered from the visit rows', () => {
    const last30 = dateRange({}, NOW);
    expect(keptDays({ from: new Date(last30.from.getTime() + 3_600_000), to: last30.to })).toBeNull();
    expect(keptDays({ from: last30.from, to: last30.to })).toEqual({ from: last30.startDate, to: nextDay(last30.endDate) });
  });
});

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
