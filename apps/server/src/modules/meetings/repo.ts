import { sql, type SQL } from 'drizzle-orm';
import {
  MEETING_LIMITS,
  meetingPosterUrl,
  type AttendeeRole,
  type MeetingPerson,
  type MeetingRow,
  type MeetingStatus,
  type MeetingType,
  type Rsvp,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { afterKey, timeKey } from '../../platform/paging/index.js';
import { findEnabledUser, joinUser, searchEnabledUsers } from '../admin/index.js';

/** Queries of the meetings module: its own tables, and users through admin's face for names and the co-organiser picker. */

export interface MeetingRecord {
  id: number;
  title: string;
  type: MeetingType;
  status: MeetingStatus;
  start_time: string | Date;
  end_time: string | Date;
  city: string;
  hospital: string;
  online_url: string;
  medicine: string;
  description: string;
  owner_id: number;
  owner_username: string;
  owner_name: string;
  poster_key: string | null;
  poster_mime: string | null;
  attendee_count: number;
  created_at: string | Date;
  updated_at: string | Date;
}

export interface AttendeeRecord {
  doctor_id: number;
  rsvp: Rsvp;
  role: AttendeeRole;
  attended: boolean;
  check_in_time: string | Date | null;
  feedback_score: number | null;
}

export const isoOf = (value: string | Date) => new Date(value).toISOString();

const MEETING_COLUMNS = sql`m.id, m.title, m.type, m.status, m.start_time, m.end_time, m.city, m.hospital, m.online_url, m.medicine,
  m.description, m.owner_id, u.username as owner_username, coalesce(nullif(u.first_name, ''), u.username) as owner_name,
  m.poster_key, m.poster_mime, m.attendee_count, m.created_at, m.updated_at`;

export function toMeetingRow(r: MeetingRecord, userId: number): MeetingRow {
  return {
    id: r.id,
    title: r.title,
    type: r.type,
    status: r.status,
    startTime: isoOf(r.start_time),
    endTime: isoOf(r.end_time),
    city: r.city,
    hospital: r.hospital,
    onlineUrl: r.online_url,
    medicine: r.medicine,
    owner: { userId: r.owner_id, username: r.owner_username, name: r.owner_name },
    mine: r.owner_id === userId,
    attendeeCount: r.attendee_count,
    posterUrl: r.poster_key ? meetingPosterUrl(r.id) : null,
  };
}

/** A meeting with its owner, and whether the user is on its team (owner or co-organiser). */
export async function findMeeting(db: Tx, meetingId: number, userId: number, lock = false): Promise<(MeetingRecord & { on_team: boolean }) | undefined> {
  const [row] = await selectRows<MeetingRecord & { on_team: boolean }>(
    db,
    sql`
    select ${MEETING_COLUMNS},
           (m.owner_id = ${userId} or exists (select 1 from meeting_co_organizers c where c.meeting_id = m.id and c.user_id = ${userId})) as on_team
      from meetings m ${joinUser('u', sql`m.owner_id`)}
     where m.id = ${meetingId}
     ${lock ? sql`for update of m` : sql``}`,
  );
  return row;
}

export interface ListFilter {
  userId: number;
  status?: MeetingStatus | undefined;
  type?: MeetingType | undefined;
  keyword?: string | undefined;
  after?: { startMs: number; id: number } | undefined;
}

function filterSql(f: ListFilter): SQL {
  const parts: SQL[] = [];
  if (f.status) parts.push(sql`m.status = ${f.status}`);
  if (f.type) parts.push(sql`m.type = ${f.type}`);
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    parts.push(sql`(m.title ilike ${like} or m.city ilike ${like} or m.hospital ilike ${like} or m.medicine ilike ${like})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * The caller's meetings, owned or co-organised, newest start first. Each branch walks its own
 * index in order and stops after a page: the owned ones on meetings_owner_start_idx, the
 * co-organised ones on meeting_co_organizers_user_start_idx (the co-organiser rows carry their
 * meeting's start time, kept by triggers), so a page of a user with ten thousand meetings reads a
 * page of rows, not all of them. The ORDER BY says NULLS LAST as those indexes do (drizzle writes
 * DESC NULLS LAST); a plain DESC means NULLS FIRST, which the planner cannot read from them and
 * answers by sorting every row of the user.
 */
export async function listMeetings(db: Tx, f: ListFilter, limit: number): Promise<MeetingRecord[]> {
  return selectRows<MeetingRecord>(db, listMeetingsSql(f, limit));
}

/** The statement of listMeetings (the benchmark reads its plan). */
export function listMeetingsSql(f: ListFilter, limit: number): SQL {
  const where = filterSql(f);
  const key = f.after && [timeKey(f.after.startMs), f.after.id];
  const ownedAfter = afterKey([sql`m.start_time`, sql`m.id`], key);
  const coAfter = afterKey([sql`c.start_time`, sql`c.meeting_id`], key);
  return sql`
    select x.* from (
      (select ${MEETING_COLUMNS} from meetings m ${joinUser('u', sql`m.owner_id`)}
        where m.owner_id = ${f.userId} and ${where} and ${ownedAfter}
        order by m.start_time desc nulls last, m.id desc nulls last limit ${limit})
      union all
      (select ${MEETING_COLUMNS} from meeting_co_organizers c join meetings m on m.id = c.meeting_id ${joinUser('u', sql`m.owner_id`)}
        where c.user_id = ${f.userId} and m.owner_id <> ${f.userId} and ${where} and ${coAfter}
        order by c.start_time desc nulls last, c.meeting_id desc nulls last limit ${limit})
    ) x order by x.start_time desc, x.id desc limit ${limit}`;
}

/** How many meetings the list has, counted up to the cap plus one. */
export async function countMeetings(db: Tx, f: Omit<ListFilter, 'after'>): Promise<number> {
  const where = filterSql(f);
  const cap = MEETING_LIMITS.countCap + 1;
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from (
      (select 1 from meetings m where m.owner_id = ${f.userId} and ${where} limit ${cap})
      union all
      (select 1 from meeting_co_organizers c join meetings m on m.id = c.meeting_id
        where c.user_id = ${f.userId} and m.owner_id <> ${f.userId} and ${where} limit ${cap})
    ) x`,
  );
  return row?.n ?? 0;
}

/** The caller's meetings by status, and their cities by use. */
export async function metadata(db: Tx, userId: number): Promise<{ byStatus: { status: MeetingStatus; n: number }[]; cities: string[] }> {
  const team = sql`(select m.id, m.status, m.city from meetings m where m.owner_id = ${userId}
    union select m.id, m.status, m.city from meeting_co_organizers c join meetings m on m.id = c.meeting_id where c.user_id = ${userId})`;
  const [byStatus, cities] = await Promise.all([
    selectRows<{ status: MeetingStatus; n: number }>(db, sql`select t.status, count(*)::int as n from ${team} t group by 1`),
    selectRows<{ city: string }>(db, sql`select t.city from ${team} t group by 1 order by count(*) desc, 1 limit 20`),
  ]);
  return { byStatus, cities: cities.map((c) => c.city) };
}

export async function coOrganizers(db: Tx, meetingId: number): Promise<MeetingPerson[]> {
  const rows = await selectRows<{ id: number; username: string; name: string }>(
    db,
    sql`
    select u.id, u.username, coalesce(nullif(u.first_name, ''), u.username) as name
      from meeting_co_organizers c ${joinUser('u', sql`c.user_id`)}
     where c.meeting_id = ${meetingId} order by c.added_at, u.id`,
  );
  return rows.map((r) => ({ userId: r.id, username: r.username, name: r.name }));
}

export async function attendees(db: Tx, meetingId: number): Promise<AttendeeRecord[]> {
  return selectRows<AttendeeRecord>(
    db,
    sql`
    select doctor_id, rsvp, role, attended, check_in_time, feedback_score
      from meeting_attendees where meeting_id = ${meetingId}
     order by case role when 'chair' then 0 when 'speaker' then 1 else 2 end, added_at, doctor_id`,
  );
}

/** An enabled portal user by id (co-organisers are users). */
export async function findUser(db: Tx, userId: number): Promise<MeetingPerson | undefined> {
  const row = await findEnabledUser(db, userId);
  return row ? { userId: row.id, username: row.username, name: row.name } : undefined;
}

/** Users whose username or name holds the keyword (the co-organiser picker). */
export async function searchUsers(db: Tx, keyword: string, limit = 20): Promise<MeetingPerson[]> {
  const rows = await searchEnabledUsers(db, keyword, limit, true);
  return rows.map((r) => ({ userId: r.id, username: r.username, name: r.name }));
}

/** Meetings on the caller's team around now, for the meeting messages (meetingNews). */
export async function newsMeetings(db: Tx, userId: number, from: Date, limit: number): Promise<MeetingRecord[]> {
  return selectRows<MeetingRecord>(
    db,
    sql`
    select ${MEETING_COLUMNS} from meetings m ${joinUser('u', sql`m.owner_id`)}
     where (m.owner_id = ${userId} or m.id in (select c.meeting_id from meeting_co_organizers c where c.user_id = ${userId}))
       and (m.end_time >= ${from.toISOString()}::timestamptz or m.updated_at >= ${from.toISOString()}::timestamptz)
     order by m.start_time asc, m.id asc limit ${limit}`,
  );
}

/** Every doctor's part in meetings held (speaker, chair or attended), for doctor intelligence's relations and speaker history. */
export async function meetingParticipation(db: Tx): Promise<{ meetingId: number; doctorId: number; role: string; attended: boolean; year: number }[]> {
  const rows = await selectRows<{ meeting_id: number; doctor_id: number; role: string; attended: boolean; year: number }>(
    db,
    sql`
    select a.meeting_id, a.doctor_id, a.role, a.attended, extract(year from m.start_time)::int as year
      from meeting_attendees a join meetings m on m.id = a.meeting_id
     where m.status <> 'cancelled' and (a.attended or a.role <> 'attendee')`,
  );
  return rows.map((r) => ({
    meetingId: Number(r.meeting_id),
    doctorId: Number(r.doctor_id),
    role: r.role,
    attended: Boolean(r.attended),
    year: Number(r.year),
  }));
}

/** One doctor's part in meetings (speaker history on the doctor's 360 view). */
export async function meetingParticipationOf(db: Tx, doctorId: number): Promise<{ role: string; attended: boolean }[]> {
  const rows = await selectRows<{ role: string; attended: boolean }>(
    db,
    sql`
    select a.role, a.attended from meeting_attendees a join meetings m on m.id = a.meeting_id
     where a.doctor_id = ${doctorId} and m.status <> 'cancelled'`,
  );
  return rows.map((r) => ({ role: r.role, attended: Boolean(r.attended) }));
}

/**
 * The doctors who spoke at, chaired or attended meetings a user owns or co-organises that started
 * in [from, to) (doctor intelligence's "your meeting" suggestion reason): each doctor's latest
 * such meeting and how many there were.
 */
export async function doctorsAtMeetingsOf(
  db: Db | Tx,
  userId: number,
  from: Date,
  to: Date,
  limit: number,
): Promise<Map<number, { meetingId: number; title: string; startTime: string; role: 'attendee' | 'speaker' | 'chair'; meetings: number }>> {
  const rows = await selectRows<{
    doctor_id: number;
    meeting_id: number;
    title: string;
    start_time: string | Date;
    role: 'attendee' | 'speaker' | 'chair';
    meetings: number;
  }>(
    db,
    sql`
    select distinct on (a.doctor_id) a.doctor_id, m.id as meeting_id, m.title, m.start_time, a.role,
           count(*) over (partition by a.doctor_id)::int as meetings
      from meeting_attendees a join meetings m on m.id = a.meeting_id
     where m.status <> 'cancelled' and (a.attended or a.role <> 'attendee')
       and m.start_time >= ${from.toISOString()}::timestamptz and m.start_time < ${to.toISOString()}::timestamptz
       and (m.owner_id = ${userId} or m.id in (select c.meeting_id from meeting_co_organizers c where c.user_id = ${userId}))
     order by a.doctor_id, m.start_time desc, m.id desc limit ${limit}`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.doctor_id),
      { meetingId: Number(r.meeting_id), title: r.title, startTime: new Date(r.start_time).toISOString(), role: r.role, meetings: Number(r.meetings) },
    ]),
  );
}
