import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.js';
import { reportRows } from '../../db/report-read.js';
import { reportDoctorFilter, type FigurePath, type ReportWindow } from '../customers/index.js';
import { portalDaySql } from '../../platform/portal-time.js';
import { joinUser, userIdsOfBu } from '../admin/index.js';

/**
 * Reads of the meetings area for the report screens (analytics dashboards): the meetings that
 * start in the window, and their attendees counted only where the doctor is inside the viewer's
 * data scope (the customers area decides which doctors those are).
 */

export interface MeetingWindow extends ReportWindow {
  /** BU of the meeting's owner ('' for all). */
  bu: string;
}

export interface MeetingSelection {
  /** Only meetings held (or closed after being held) with at least one attendee who came. */
  effectiveOnly?: boolean;
}

type Row = Record<string, unknown>;

export interface MeetingFigures {
  totals: { meetings: number; held: number; cancelled: number; cities: number; invited: number; accepted: number; attended: number; avgScore: number };
  byDay: { day: string; meetings: number; attended: number }[];
  byType: { type: string; meetings: number }[];
  byStatus: { status: string; meetings: number }[];
  byCity: { city: string; meetings: number; attended: number; invited: number }[];
  rows: Row[];
}

const DAY = portalDaySql;

/** Meetings starting in the window with their in-scope attendee counts; `cityLimit` caps the city groups. */
export async function meetingFigures(
  db: Db,
  w: MeetingWindow,
  s: MeetingSelection,
  limit: number,
  cityLimit = 12,
  how: FigurePath = {},
): Promise<MeetingFigures> {
  const attendees = sql`(
    select a.meeting_id, count(*)::int as invited, count(*) filter (where a.rsvp = 'accepted')::int as accepted,
           count(*) filter (where a.attended)::int as attended, sum(a.feedback_score)::int as score_sum, count(a.feedback_score)::int as scores
      from meeting_attendees a
     where a.meeting_id in (select wm.id from meetings wm where wm.start_time >= ${w.from} and wm.start_time < ${w.to}) and ${reportDoctorFilter(w, sql`a.doctor_id`)}
     group by 1)`;
  const parts = [sql`m.start_time >= ${w.from} and m.start_time < ${w.to}`];
  if (w.bu) parts.push(sql`m.owner_id in ${userIdsOfBu(w.bu)}`);
  if (s.effectiveOnly) parts.push(sql`m.status in ('held', 'closed') and coalesce(at.attended, 0) > 0`);
  const where = sql.join(parts, sql` and `);
  if (how.path === 'rows') return meetingFiguresRows(db, attendees, where, limit, cityLimit);
  // The window's meetings with their attendee counts, grouped once (a materialised CTE); every
  // figure is read from those rows in the same statement, each part in the order its own query
  // would give (`ord`).
  const result = await reportRows<MeetingPartRow>(
    db,
    sql`
    with mm as materialized (
      select m.id, m.title, m.type, m.status, m.start_time, m.city, m.hospital, m.owner_id,
             coalesce(at.invited, 0) as invited, coalesce(at.accepted, 0) as accepted, coalesce(at.attended, 0) as attended, at.score_sum, at.scores
        from meetings m left join ${attendees} at on at.meeting_id = m.id where ${where})
    select 'total' as kind, 0::bigint as ord, null::int as id, null::text as label, null::text as title, null::text as type, null::text as status,
           null::timestamptz as start_time, null::text as hospital, null::text as owner,
           count(*)::int as n1, count(*) filter (where mm.status in ('held', 'closed'))::int as n2, count(*) filter (where mm.status = 'cancelled')::int as n3,
           count(distinct mm.city)::int as n4, coalesce(sum(mm.invited), 0)::int as n5, coalesce(sum(mm.accepted), 0)::int as n6, coalesce(sum(mm.attended), 0)::int as n7,
           coalesce(round(sum(mm.score_sum)::numeric / nullif(sum(mm.scores), 0), 1), 0)::float as score
      from mm
    union all
    select 'day', 0, null, ${DAY(sql`mm.start_time`)}, null, null, null, null, null, null, count(*)::int, coalesce(sum(mm.attended), 0)::int, 0, 0, 0, 0, 0, 0 from mm group by 4
    union all
    select 'type', row_number() over (order by count(*) desc, mm.type), null, mm.type, null, null, null, null, null, null, count(*)::int, 0, 0, 0, 0, 0, 0, 0 from mm group by mm.type
    union all
    select 'status', row_number() over (order by count(*) desc, mm.status), null, mm.status, null, null, null, null, null, null, count(*)::int, 0, 0, 0, 0, 0, 0, 0 from mm group by mm.status
    union all
    select 'city', c.ord, null, c.city, null, null, null, null, null, null, c.meetings, c.attended, c.invited, 0, 0, 0, 0, 0
      from (select mm.city, count(*)::int as meetings, coalesce(sum(mm.attended), 0)::int as attended, coalesce(sum(mm.invited), 0)::int as invited,
                   row_number() over (order by count(*) desc, mm.city) as ord
              from mm group by mm.city order by count(*) desc, mm.city limit ${cityLimit}) c
    union all
    select 'row', r.ord, r.id, r.city, r.title, r.type, r.status, r.start_time, r.hospital, coalesce(nullif(u.real_name, ''), u.username),
           r.invited, r.accepted, r.attended, 0, 0, 0, 0, 0
      from (select mm.*, row_number() over (order by mm.start_time desc, mm.id desc) as ord from mm order by mm.start_time desc, mm.id desc limit ${limit}) r
      ${joinUser('u', sql`r.owner_id`)}`,
  );
  const part = (kind: MeetingPartRow['kind']) => result.filter((r) => r.kind === kind).sort((x, y) => Number(x.ord) - Number(y.ord));
  const t = part('total')[0]!;
  return {
    totals: { meetings: t.n1, held: t.n2, cancelled: t.n3, cities: t.n4, invited: t.n5, accepted: t.n6, attended: t.n7, avgScore: t.score },
    byDay: part('day').map((r) => ({ day: r.label!, meetings: r.n1, attended: r.n2 })),
    byType: part('type').map((r) => ({ type: r.label!, meetings: r.n1 })),
    byStatus: part('status').map((r) => ({ status: r.label!, meetings: r.n1 })),
    byCity: part('city').map((r) => ({ city: r.label!, meetings: r.n1, attended: r.n2, invited: r.n3 })),
    rows: part('row').map((r) => ({
      meetingId: r.id,
      title: r.title,
      type: r.type,
      status: r.status,
      startTime: r.start_time,
      city: r.label,
      hospital: r.hospital,
      owner: r.owner,
      invited: r.n1,
      accepted: r.n2,
      attended: r.n3,
    })),
  };
}

/** One row of meetingFigures' statement: a part (`kind`) and its place in that part's order (`ord`). */
interface MeetingPartRow {
  kind: 'total' | 'day' | 'type' | 'status' | 'city' | 'row';
  ord: number;
  id: number | null;
  label: string | null;
  title: string | null;
  type: string | null;
  status: string | null;
  start_time: Date | string | null;
  hospital: string | null;
  owner: string | null;
  n1: number;
  n2: number;
  n3: number;
  n4: number;
  n5: number;
  n6: number;
  n7: number;
  score: number;
}

/**
 * meetingFigures as six straightforward queries, each joining the attendee counts again (`path:
 * 'rows'`): what the one-statement read must equal (test/report-meeting-figures.test.ts).
 */
async function meetingFiguresRows(db: Db, attendees: SQL, where: SQL, limit: number, cityLimit: number): Promise<MeetingFigures> {
  const from = sql`meetings m left join ${attendees} at on at.meeting_id = m.id`;
  const [totals, byDay, byType, byStatus, byCity, rows] = await Promise.all([
    selectRows<MeetingFigures['totals']>(
      db,
      sql`
      select count(*)::int as meetings, count(*) filter (where m.status in ('held', 'closed'))::int as held,
             count(*) filter (where m.status = 'cancelled')::int as cancelled, count(distinct m.city)::int as cities,
             coalesce(sum(at.invited), 0)::int as invited, coalesce(sum(at.accepted), 0)::int as accepted, coalesce(sum(at.attended), 0)::int as attended,
             coalesce(round(sum(at.score_sum)::numeric / nullif(sum(at.scores), 0), 1), 0)::float as "avgScore"
        from ${from} where ${where}`,
    ),
    selectRows<MeetingFigures['byDay'][number]>(
      db,
      sql`
      select ${DAY(sql`m.start_time`)} as day, count(*)::int as meetings, coalesce(sum(at.attended), 0)::int as attended from ${from} where ${where} group by 1`,
    ),
    selectRows<MeetingFigures['byType'][number]>(db, sql`select m.type, count(*)::int as meetings from ${from} where ${where} group by 1 order by 2 desc, 1`),
    selectRows<MeetingFigures['byStatus'][number]>(
      db,
      sql`select m.status, count(*)::int as meetings from ${from} where ${where} group by 1 order by 2 desc, 1`,
    ),
    selectRows<MeetingFigures['byCity'][number]>(
      db,
      sql`
      select m.city, count(*)::int as meetings, coalesce(sum(at.attended), 0)::int as attended, coalesce(sum(at.invited), 0)::int as invited
        from ${from} where ${where} group by 1 order by 2 desc, 1 limit ${cityLimit}`,
    ),
    selectRows<Row>(
      db,
      sql`
      select m.id as "meetingId", m.title, m.type, m.status, m.start_time as "startTime", m.city, m.hospital,
             coalesce(nullif(u.real_name, ''), u.username) as owner, coalesce(at.invited, 0) as invited, coalesce(at.accepted, 0) as accepted,
             coalesce(at.attended, 0) as attended
        from ${from} ${joinUser('u', sql`m.owner_id`)} where ${where} order by m.start_time desc, m.id desc limit ${limit}`,
    ),
  ]);
  return { totals: totals[0]!, byDay, byType, byStatus, byCity, rows };
}
