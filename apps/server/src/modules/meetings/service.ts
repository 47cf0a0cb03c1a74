import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  canMoveMeeting,
  isAttendanceOpen,
  isMeetingEditable,
  MEETING_LIMITS,
  MEETING_STATUSES,
  MEETING_TRANSITIONS,
  MEETING_TYPES,
  ATTENDEE_ROLES,
  RSVP_VALUES,
  type addAttendeesRequest,
  type deleteAttendeeRequest,
  type MeetingAttendee,
  type MeetingDetail,
  type MeetingListPage,
  type meetingListQuery,
  type MeetingMetadata,
  type MeetingNewsItem,
  type MeetingPerson,
  type MeetingStatus,
  type saveMeetingRequest,
  type updateAttendeeRequest,
  isDoctorOutOfScope,
  MEETING_WORDS,
  type DoctorOutOfScope,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import { decodeCursor, keysetPage } from '../../platform/paging/index.js';
import type { FileStore } from '../../platform/storage.js';
import { doctorsNamedTo, isInCallerScope, requireDoctorsInScope, type DoctorSummary } from './doctors.js';
import * as repo from './repo.js';
import { portalDay } from '../../platform/portal-time.js';

export interface MeetingDeps {
  db: Db;
  files: FileStore;
  now: () => number;
}

/** 404 for a meeting that does not exist and for one the caller is not on the team of: neither is told apart. */
export const meetingNotFound = () => new AppError(404, 'meeting.notFound');
const notOwner = () => new AppError(403, 'meeting.notYours');

/** The meeting if the caller is on its team; `owner` demands its owner. */
export async function teamMeeting(db: Tx, user: CurrentUser, meetingId: number, options: { owner?: boolean; lock?: boolean } = {}) {
  const meeting = await repo.findMeeting(db, meetingId, user.id, options.lock);
  if (!meeting?.on_team) throw meetingNotFound();
  if (options.owner && meeting.owner_id !== user.id) throw notOwner();
  return meeting;
}

export async function listMeetings(deps: MeetingDeps, user: CurrentUser, query: z.output<typeof meetingListQuery>): Promise<MeetingListPage> {
  const key = decodeCursor(query.cursor, ['ms', 'int']);
  const after = key && { startMs: key[0], id: key[1] };
  const filter = { userId: user.id, status: query.status, type: query.type, keyword: query.keyword || undefined };
  // The total is counted once, with the first page; later pages only walk the index on.
  const [rows, total] = await Promise.all([
    repo.listMeetings(deps.db, { ...filter, after }, query.size + 1),
    after ? Promise.resolve(null) : repo.countMeetings(deps.db, filter),
  ]);
  const page = keysetPage(rows, query.size, (r) => [new Date(r.start_time).getTime(), r.id]);
  return {
    list: page.rows.map((r) => repo.toMeetingRow(r, user.id)),
    total: total === null ? null : Math.min(total, MEETING_LIMITS.countCap),
    totalCapped: total !== null && total > MEETING_LIMITS.countCap,
    nextCursor: page.nextCursor,
  };
}

export async function meetingMetadata(deps: MeetingDeps, user: CurrentUser): Promise<MeetingMetadata> {
  const { byStatus, cities } = await repo.metadata(deps.db, user.id);
  const countsByStatus = Object.fromEntries(MEETING_STATUSES.map((s) => [s, byStatus.find((r) => r.status === s)?.n ?? 0])) as Record<MeetingStatus, number>;
  return { types: MEETING_TYPES, statuses: MEETING_STATUSES, rsvp: RSVP_VALUES, roles: ATTENDEE_ROLES, countsByStatus, cities };
}

export function toAttendee(record: repo.AttendeeRecord, doctor: DoctorSummary | DoctorOutOfScope): MeetingAttendee {
  const part = {
    rsvp: record.rsvp,
    role: record.role,
    attended: record.attended,
    checkInTime: record.check_in_time === null ? null : repo.isoOf(record.check_in_time),
    feedbackScore: record.feedback_score,
  };
  if (isDoctorOutOfScope(doctor)) return { outOfScope: true, ...part };
  const { id, name, ...named } = doctor;
  return { doctorId: id, doctorName: name, ...named, ...part };
}

/** The attendees, each doctor named in `reader`'s data scope (from the customers module). */
export async function attendeesOf(db: Tx, reader: CurrentUser, meetingId: number): Promise<MeetingAttendee[]> {
  const records = await repo.attendees(db, meetingId);
  const doctor = await doctorsNamedTo(
    db,
    reader,
    records.map((r) => r.doctor_id),
  );
  return records.map((r) => toAttendee(r, doctor(r.doctor_id)));
}

/** An attendee outside the caller's data scope is, to the caller, no attendee: 404 as for a missing one. */
async function requireAttendeeInScope(tx: Tx, user: CurrentUser, doctorId: number): Promise<void> {
  if (!(await isInCallerScope(tx, user, doctorId))) throw attendeeNotFound();
}
const attendeeNotFound = () => new AppError(404, 'meeting.attendeeNotFound', { field: 'doctorId' }, 'doctorId');

export async function meetingDetail(deps: MeetingDeps, user: CurrentUser, meetingId: number): Promise<MeetingDetail> {
  const meeting = await teamMeeting(deps.db, user, meetingId);
  const [coOrganizers, attendees] = await Promise.all([repo.coOrganizers(deps.db, meetingId), attendeesOf(deps.db, user, meetingId)]);
  return {
    ...repo.toMeetingRow(meeting, user.id),
    description: meeting.description,
    coOrganizers,
    attendees,
    createdAt: repo.isoOf(meeting.created_at),
    updatedAt: repo.isoOf(meeting.updated_at),
    nextStatuses: meeting.owner_id === user.id ? [...MEETING_TRANSITIONS[meeting.status]] : [],
  };
}

/** Creates a draft owned by the caller, or changes the caller's meeting while it is a draft or planned. */
export async function saveMeeting(deps: MeetingDeps, user: CurrentUser, input: z.output<typeof saveMeetingRequest>): Promise<MeetingDetail> {
  const now = new Date(deps.now()).toISOString();
  const fields = sql`title = ${input.title}, type = ${input.type}, start_time = ${input.startTime}::timestamptz, end_time = ${input.endTime}::timestamptz,
    city = ${input.city}, hospital = ${input.hospital}, online_url = ${input.onlineUrl}, medicine = ${input.medicine}, description = ${input.description}`;
  const id = await deps.db.transaction(async (tx) => {
    if (input.id === undefined) {
      const [row] = await selectRows<{ id: number }>(
        tx,
        sql`
        insert into meetings (title, type, start_time, end_time, city, hospital, online_url, medicine, description, owner_id, status, created_at, updated_at)
        values (${input.title}, ${input.type}, ${input.startTime}::timestamptz, ${input.endTime}::timestamptz, ${input.city}, ${input.hospital},
                ${input.onlineUrl}, ${input.medicine}, ${input.description}, ${user.id}, 'draft', ${now}::timestamptz, ${now}::timestamptz)
        returning id`,
      );
      return row!.id;
    }
    const meeting = await teamMeeting(tx, user, input.id, { owner: true, lock: true });
    if (!isMeetingEditable(meeting.status)) throw conflict('meeting.notEditable');
    await tx.execute(sql`update meetings set ${fields}, updated_at = ${now}::timestamptz where id = ${input.id}`);
    return input.id;
  });
  return meetingDetail(deps, user, id);
}

export async function changeStatus(deps: MeetingDeps, user: CurrentUser, meetingId: number, status: MeetingStatus): Promise<MeetingDetail> {
  await deps.db.transaction(async (tx) => {
    const meeting = await teamMeeting(tx, user, meetingId, { owner: true, lock: true });
    if (!canMoveMeeting(meeting.status, status))
      throw new AppError(409, 'meeting.transition', { from: MEETING_WORDS.status[meeting.status], to: MEETING_WORDS.status[status] });
    await tx.execute(sql`update meetings set status = ${status}, updated_at = ${new Date(deps.now()).toISOString()}::timestamptz where id = ${meetingId}`);
  });
  return meetingDetail(deps, user, meetingId);
}

export async function listCoOrganizers(deps: MeetingDeps, user: CurrentUser, meetingId: number): Promise<MeetingPerson[]> {
  await teamMeeting(deps.db, user, meetingId);
  return repo.coOrganizers(deps.db, meetingId);
}

/** The owner adds a portal user to the team (404 when the id is not an enabled user). */
export async function addCoOrganizer(deps: MeetingDeps, user: CurrentUser, meetingId: number, userId: number): Promise<MeetingPerson[]> {
  return deps.db.transaction(async (tx) => {
    const meeting = await teamMeeting(tx, user, meetingId, { owner: true, lock: true });
    if (meeting.status === 'closed' || meeting.status === 'cancelled') throw conflict('meeting.notEditable');
    const person = await repo.findUser(tx, userId);
    if (!person) throw new AppError(404, 'meeting.coOrganizerNotUser', { field: 'userId' }, 'userId');
    if (person.userId === meeting.owner_id) throw badRequest('meeting.coOrganizerIsOwner', 'userId');
    const current = await repo.coOrganizers(tx, meetingId);
    if (current.some((p) => p.userId === userId)) throw conflict('meeting.coOrganizerExists');
    if (current.length >= MEETING_LIMITS.coOrganizersMax) throw badRequest('meeting.coOrganizersMax', 'userId');
    await tx.execute(
      sql`insert into meeting_co_organizers (meeting_id, user_id, added_at) values (${meetingId}, ${userId}, ${new Date(deps.now()).toISOString()}::timestamptz)`,
    );
    return repo.coOrganizers(tx, meetingId);
  });
}

export async function deleteCoOrganizer(deps: MeetingDeps, user: CurrentUser, meetingId: number, userId: number): Promise<MeetingPerson[]> {
  return deps.db.transaction(async (tx) => {
    await teamMeeting(tx, user, meetingId, { owner: true, lock: true });
    const removed = await selectRows<{ user_id: number }>(
      tx,
      sql`delete from meeting_co_organizers where meeting_id = ${meetingId} and user_id = ${userId} returning user_id`,
    );
    if (removed.length === 0) throw new AppError(404, 'meeting.coOrganizerNotUser', { field: 'userId' }, 'userId');
    return repo.coOrganizers(tx, meetingId);
  });
}

export async function coOrganizerCandidates(deps: MeetingDeps, keyword: string): Promise<MeetingPerson[]> {
  return repo.searchUsers(deps.db, keyword);
}

/** Adds doctors (each within the caller's data scope, else 404) to a meeting the caller is on the team of. */
export async function addAttendees(deps: MeetingDeps, user: CurrentUser, input: z.output<typeof addAttendeesRequest>): Promise<MeetingAttendee[]> {
  const ids = [...new Set(input.doctorIds)];
  await deps.db.transaction(async (tx) => {
    const meeting = await teamMeeting(tx, user, input.meetingId, { lock: true });
    if (!isAttendanceOpen(meeting.status)) throw conflict('meeting.attendanceClosed');
    await requireDoctorsInScope(tx, user, ids);
    const inserted = await selectRows<{ doctor_id: number }>(
      tx,
      sql`
      insert into meeting_attendees (meeting_id, doctor_id, role, added_at)
      select ${input.meetingId}, d.id::int, ${input.role}, ${new Date(deps.now()).toISOString()}::timestamptz
        from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as d(id)
      on conflict (meeting_id, doctor_id) do nothing
      returning doctor_id`,
    );
    if (meeting.attendee_count + inserted.length > MEETING_LIMITS.attendeesMax) throw badRequest('meeting.attendeesMax', 'doctorIds');
    await tx.execute(
      sql`update meetings set attendee_count = attendee_count + ${inserted.length}, updated_at = ${new Date(deps.now()).toISOString()}::timestamptz where id = ${input.meetingId}`,
    );
  });
  return attendeesOf(deps.db, user, input.meetingId);
}

/** RSVP, role, attendance (with its check-in time) and feedback of one attendee. */
export async function updateAttendee(deps: MeetingDeps, user: CurrentUser, input: z.output<typeof updateAttendeeRequest>): Promise<MeetingAttendee[]> {
  await deps.db.transaction(async (tx) => {
    const meeting = await teamMeeting(tx, user, input.meetingId, { lock: true });
    if (!isAttendanceOpen(meeting.status)) throw conflict('meeting.attendanceClosed');
    if ((input.attended !== undefined || (input.feedbackScore !== undefined && input.feedbackScore !== null)) && meeting.status === 'draft') {
      throw conflict('meeting.attendanceBeforeHeld');
    }
    await requireAttendeeInScope(tx, user, input.doctorId);
    const now = new Date(deps.now()).toISOString();
    const sets = [sql`meeting_id = meeting_id`];
    if (input.rsvp !== undefined) sets.push(sql`rsvp = ${input.rsvp}`);
    if (input.role !== undefined) sets.push(sql`role = ${input.role}`);
    if (input.attended === true) sets.push(sql`attended = true, check_in_time = coalesce(check_in_time, ${now}::timestamptz)`);
    if (input.attended === false) sets.push(sql`attended = false, check_in_time = null`);
    if (input.feedbackScore !== undefined) sets.push(sql`feedback_score = ${input.feedbackScore}`);
    const updated = await selectRows<{ doctor_id: number }>(
      tx,
      sql`
      update meeting_attendees set ${sql.join(sets, sql`, `)} where meeting_id = ${input.meetingId} and doctor_id = ${input.doctorId} returning doctor_id`,
    );
    if (updated.length === 0) throw attendeeNotFound();
  });
  return attendeesOf(deps.db, user, input.meetingId);
}

export async function deleteAttendee(deps: MeetingDeps, user: CurrentUser, input: z.output<typeof deleteAttendeeRequest>): Promise<MeetingAttendee[]> {
  await deps.db.transaction(async (tx) => {
    const meeting = await teamMeeting(tx, user, input.meetingId, { lock: true });
    if (!isAttendanceOpen(meeting.status)) throw conflict('meeting.attendanceClosed');
    await requireAttendeeInScope(tx, user, input.doctorId);
    const removed = await selectRows<{ doctor_id: number }>(
      tx,
      sql`delete from meeting_attendees where meeting_id = ${input.meetingId} and doctor_id = ${input.doctorId} returning doctor_id`,
    );
    if (removed.length === 0) throw attendeeNotFound();
    await tx.execute(sql`update meetings set attendee_count = attendee_count - 1 where id = ${input.meetingId}`);
  });
  return attendeesOf(deps.db, user, input.meetingId);
}

const DAY = 86_400_000;

/** Meeting messages: the caller's meetings from a month ago on, each with what it means now. */
export async function meetingNews(deps: MeetingDeps, user: CurrentUser): Promise<MeetingNewsItem[]> {
  const now = deps.now();
  const rows = await repo.newsMeetings(deps.db, user.id, new Date(now - 30 * DAY), 100);
  return rows.map((r) => {
    const start = new Date(r.start_time).getTime();
    const kind: MeetingNewsItem['kind'] =
      r.status === 'planned' ? (portalDay(start) === portalDay(now) ? 'today' : 'upcoming') : r.status === 'held' ? 'held' : r.status;
    return {
      meetingId: r.id,
      title: r.title,
      status: r.status,
      startTime: repo.isoOf(r.start_time),
      city: r.city,
      ownerName: r.owner_name,
      mine: r.owner_id === user.id,
      kind,
    };
  });
}

/** The products meetings name (market intelligence's lecturer rating). */
export async function meetingProducts(db: Db | Tx): Promise<string[]> {
  const rows = await selectRows<{ medicine: string }>(db, sql`select distinct medicine from meetings where medicine <> '' order by medicine`);
  return rows.map((r) => r.medicine);
}

/**
 * Speaker history of a product for lecturer rating: per doctor who spoke or chaired a held or
 * closed meeting of the product and attended it, the talks, the distinct cities and the feedback.
 */
export async function speakerHistory(
  db: Db | Tx,
  product: string,
): Promise<{ doctorId: number; talks: number; cities: number; feedbackCount: number; meanFeedback: number | null }[]> {
  const rows = await selectRows<{ doctor_id: number; talks: number; cities: number; feedback_count: number; mean_feedback: string | null }>(
    db,
    sql`select a.doctor_id, count(*)::int as talks, count(distinct m.city)::int as cities,
               count(a.feedback_score)::int as feedback_count, round(avg(a.feedback_score), 2)::text as mean_feedback
          from meeting_attendees a join meetings m on m.id = a.meeting_id
         where m.medicine = ${product} and m.status in ('held', 'closed') and a.role in ('speaker', 'chair') and a.attended
         group by a.doctor_id order by talks desc, a.doctor_id`,
  );
  return rows.map((r) => ({
    doctorId: r.doctor_id,
    talks: r.talks,
    cities: r.cities,
    feedbackCount: r.feedback_count,
    meanFeedback: r.mean_feedback === null ? null : Number(r.mean_feedback),
  }));
}

/** Doctor intelligence's reads of who took part in meetings (relations, speaker history, suggestion reasons). */
export { meetingParticipation, meetingParticipationOf, doctorsAtMeetingsOf } from './repo.js';
