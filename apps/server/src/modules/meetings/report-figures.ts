import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.js';
import { reportDoctorFilter, type ReportWindow } from '../customers/report-figures.js';

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

const DAY = (column: SQL) => sql`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/** Meetings starting in the window with their in-scope attendee counts; `cityLimit` caps the city groups. */
export async function meetingFigures(db: Db, w: MeetingWindow, s: MeetingSelection, limit: number, cityLimit = 12): Promise<MeetingFigures> {
  const attendees = sql`(
    select a.meeting_id, count(*)::int as invited, count(*) filter (where a.rsvp = 'accepted')::int as accepted,
           count(*) filter (where a.attended)::int as attended, sum(a.feedback_score)::int as score_sum, count(a.feedback_score)::int as scores
      from meeting_attendees a
     where a.meeting_id in (select wm.id from meetings wm where wm.start_time >= ${w.from} and wm.start_time < ${w.to}) and ${reportDoctorFilter(w, sql`a.doctor_id`)}
     group by 1)`;
  const parts = [sql`m.start_time >= ${w.from} and m.start_time < ${w.to}`];
  if (w.bu) parts.push(sql`m.owner_id in (select bu_u.id from users bu_u where ${w.bu} = any(bu_u.bu_list))`);
  if (s.effectiveOnly) parts.push(sql`m.status in ('held', 'closed') and coalesce(at.attended, 0) > 0`);
  const from = sql`meetings m left join ${attendees} at on at.meeting_id = m.id`;
  const where = sql.join(parts, sql` and `);
  const [totals, byDay, byType, byStatus, byCity, rows] = await Promise.all([
    selectRows<MeetingFigures['totals']>(db, sql`
      select count(*)::int as meetings, count(*) filter (where m.status in ('held', 'closed'))::int as held,
             count(*) filter (where m.status = 'cancelled')::int as cancelled, count(distinct m.city)::int as cities,
             coalesce(sum(at.invited), 0)::int as invited, coalesce(sum(at.accepted), 0)::int as accepted, coalesce(sum(at.attended), 0)::int as attended,
             coalesce(round(sum(at.score_sum)::numeric / nullif(sum(at.scores), 0), 1), 0)::float as "avgScore"
        from ${from} where ${where}`),
    selectRows<MeetingFigures['byDay'][number]>(db, sql`
      select ${DAY(sql`m.start_time`)} as day, count(*)::int as meetings, coalesce(sum(at.attended), 0)::int as attended from ${from} where ${where} group by 1`),
    selectRows<MeetingFigures['byType'][number]>(db, sql`select m.type, count(*)::int as meetings from ${from} where ${where} group by 1 order by 2 desc, 1`),
    selectRows<MeetingFigures['byStatus'][number]>(db, sql`select m.status, count(*)::int as meetings from ${from} where ${where} group by 1 order by 2 desc, 1`),
    selectRows<MeetingFigures['byCity'][number]>(db, sql`
      select m.city, count(*)::int as meetings, coalesce(sum(at.attended), 0)::int as attended, coalesce(sum(at.invited), 0)::int as invited
        from ${from} where ${where} group by 1 order by 2 desc, 1 limit ${cityLimit}`),
    selectRows<Row>(db, sql`
      select m.id as "meetingId", m.title, m.type, m.status, m.start_time as "startTime", m.city, m.hospital,
             coalesce(nullif(u.real_name, ''), u.username) as owner, coalesce(at.invited, 0) as invited, coalesce(at.accepted, 0) as accepted,
             coalesce(at.attended, 0) as attended
        from ${from} join users u on u.id = m.owner_id where ${where} order by m.start_time desc, m.id desc limit ${limit}`),
  ]);
  return { totals: totals[0]!, byDay, byType, byStatus, byCity, rows };
}
