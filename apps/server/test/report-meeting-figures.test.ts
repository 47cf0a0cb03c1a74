import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFigures, type ActivityWindow } from '../src/modules/activity/report-figures.js';
import { dateRange } from '../src/modules/analytics/dashboards/common.js';
import { meetingFigures, type MeetingWindow } from '../src/modules/meetings/report-figures.js';
import { randomSource } from '../src/platform/random.js';
import { createHarness, type Harness } from './harness.js';
import { reportWindows } from './report-windows.js';

/**
 * The meeting reports' one-statement read (decision 0033) against the six straightforward queries
 * (`path: 'rows'`), and the call report's visits-linked count against a per-call `exists`: on the
 * demo data and after seeded random meetings, attendees and linked visits, for whole-country,
 * province, hospital, mixed and empty scopes, a province filter, a BU, effective meetings only and
 * both city caps.
 */

let h: Harness;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);
const DAY = 86_400_000;
const NOW = Date.now();
let owners: number[] = [];
let hospitals: { id: number; province: string }[] = [];
let bu = '';

beforeAll(async () => {
  h = await createHarness();
  owners = (await q<{ id: number }>(`select id from users where username like 'rep%' order by id limit 5`)).map((r) => Number(r.id));
  hospitals = (await q<{ id: number; province_code: string }>(`select id, province_code from hospitals order by id limit 12`)).map((r) => ({
    id: Number(r.id),
    province: r.province_code,
  }));
  const [row] = await q<{ bu: string }>(`select b as bu from users, unnest(bu_list) b where id = any($1::int[]) group by 1 order by count(*), 1 limit 1`, [
    owners,
  ]);
  bu = row?.bu ?? '';
});

afterAll(async () => {
  await h?.close();
});

/** Seeded meetings over the last 40 days in a few cities, each with up to 12 attendees of the hospitals above (and some of anywhere). */
async function randomMeetings(seed: number, count: number) {
  const next = randomSource(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const near = (await q<{ id: number }>(`select id from doctors where hospital_id = any($1::int[]) order by id limit 80`, [hospitals.map((x) => x.id)])).map(
    (r) => Number(r.id),
  );
  const far = (await q<{ id: number }>(`select id from doctors order by id desc limit 40`)).map((r) => Number(r.id));
  for (let i = 0; i < count; i++) {
    const start = new Date(NOW - Math.floor(next() * 40 * DAY));
    const [m] = await q<{ id: number }>(
      `insert into meetings (title, type, status, start_time, end_time, city, hospital, owner_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, '', $7, $4, $4) returning id`,
      [
        `figures test meeting ${seed}-${i}`,
        pick(['academic', 'department', 'speaker', 'online']),
        pick(['planned', 'held', 'held', 'closed', 'cancelled']),
        start.toISOString(),
        new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        pick(['测试市甲', '测试市乙', '测试市丙', 'Test City']),
        pick(owners),
      ],
    );
    const attendees = new Set(Array.from({ length: Math.floor(next() * 12) }, () => (next() < 0.8 ? pick(near) : pick(far))));
    for (const doctor of attendees) {
      const attended = next() < 0.6;
      await q(`insert into meeting_attendees (meeting_id, doctor_id, rsvp, attended, feedback_score, added_at) values ($1, $2, $3, $4, $5, now())`, [
        m!.id,
        doctor,
        pick(['pending', 'accepted', 'accepted', 'declined']),
        attended,
        attended && next() < 0.7 ? 1 + Math.floor(next() * 5) : null,
      ]);
    }
  }
}

const windows = (): MeetingWindow[] => reportWindows(owners[0]!, hospitals, bu, NOW);

const byDay = <T extends { day: string }>(rows: T[]) => [...rows].sort((a, b) => a.day.localeCompare(b.day));

async function expectMeetingFiguresEqual() {
  const db = h.database.db;
  let meetings = 0;
  for (const w of windows()) {
    for (const effectiveOnly of [false, true]) {
      for (const [limit, cityLimit] of [
        [20, 12],
        [0, 3],
      ] as const) {
        const label = JSON.stringify({ scope: w.scope, province: w.province, bu: w.bu, from: w.from, effectiveOnly, limit, cityLimit });
        const one = await meetingFigures(db, w, { effectiveOnly }, limit, cityLimit);
        const rows = await meetingFigures(db, w, { effectiveOnly }, limit, cityLimit, { path: 'rows' });
        expect({ ...one, byDay: byDay(one.byDay) }, label).toEqual({ ...rows, byDay: byDay(rows.byDay) });
        meetings = Math.max(meetings, one.totals.meetings);
      }
    }
  }
  return meetings;
}

async function expectCallsWithVisitExact() {
  const last30 = dateRange({}, NOW);
  const w: ActivityWindow = {
    from: last30.from,
    to: last30.to,
    province: '',
    scope: { userId: owners[0]!, all: true, hospitalIds: [], provinceCodes: [] },
    bu: '',
  };
  const f = await callFigures(h.database.db, w, 20);
  const [row] = await q<{ n: number }>(
    `select count(*) filter (where exists (select 1 from visit_records v where v.call_id = c.call_id))::int as n from call_records c where c.started_at >= $1 and c.started_at < $2`,
    [last30.from.toISOString(), last30.to.toISOString()],
  );
  expect(f.totals.withVisit).toBe(Number(row!.n));
  return f.totals.withVisit;
}

describe('meeting and call report reads', () => {
  it('the meeting figures of one statement equal the straightforward queries on the demo data', async () => {
    await expectMeetingFiguresEqual();
  });

  it('and after random meetings and attendees', async () => {
    await randomMeetings(33, 40);
    const meetings = await expectMeetingFiguresEqual();
    expect(meetings).toBeGreaterThan(10); // the meetings are counted, not an empty window equal to an empty window
  });

  it('counts the calls a visit records, as a per-call exists does', async () => {
    const next = randomSource(7);
    const doctors = (await q<{ id: number }>(`select id from doctors order by id limit 30`)).map((r) => Number(r.id));
    for (let i = 0; i < 20; i++) {
      const doctor = doctors[Math.floor(next() * doctors.length)]!;
      const at = new Date(NOW - Math.floor(next() * 20 * DAY)).toISOString();
      await q(`insert into call_records (call_id, user_id, doctor_id, direction, started_at, duration_seconds) values ($1, $2, $3, 'out', $4, $5)`, [
        `figures-test-call-${i}`,
        owners[0],
        doctor,
        at,
        Math.floor(next() * 300),
      ]);
      if (i % 3 === 0)
        await q(`insert into visit_records (user_id, doctor_id, visit_at, channel, call_id) values ($1, $2, $3, 'phone', $4)`, [
          owners[0],
          doctor,
          at,
          `figures-test-call-${i}`,
        ]);
    }
    expect(await expectCallsWithVisitExact()).toBeGreaterThanOrEqual(7);
  });
});
