import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './org.js';

/** Meetings (spec 001 section 7.6; docs/decisions/0020). */
export const meetings = pgTable(
  'meetings',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** academic | department | speaker | online */
    type: text('type').notNull(),
    /** draft → planned → held → closed, or cancelled */
    status: text('status').notNull().default('draft'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    city: text('city').notNull(),
    hospital: text('hospital').notNull().default(''),
    onlineUrl: text('online_url').notNull().default(''),
    medicine: text('medicine').notNull().default(''),
    description: text('description').notNull().default(''),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** The poster in the file store (a JPG or PNG checked by its bytes). */
    posterKey: text('poster_key'),
    posterMime: text('poster_mime'),
    /** Kept by the attendee writes in the same transaction, so lists need no count per row. */
    attendeeCount: integer('attendee_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('meetings_type_check', sql`${t.type} in ('academic', 'department', 'speaker', 'online')`),
    check('meetings_status_check', sql`${t.status} in ('draft', 'planned', 'held', 'closed', 'cancelled')`),
    check('meetings_time_check', sql`${t.endTime} > ${t.startTime}`),
    // The meeting list: an owner's meetings, newest start first (keyset on start_time, id).
    index('meetings_owner_start_idx').on(t.ownerId, t.startTime.desc(), t.id.desc()),
    // The reports: meetings by start time.
    index('meetings_start_idx').on(t.startTime),
  ],
);

/** The meeting's team beyond its owner. */
export const meetingCoOrganizers = pgTable(
  'meeting_co_organizers',
  {
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    /**
     * The meeting's start time, kept by triggers (set on insert from the meeting, followed when the
     * meeting moves), so a co-organiser's meeting list is read in order from the index below.
     */
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.userId] }),
    index('meeting_co_organizers_user_idx').on(t.userId, t.meetingId),
    // The meeting list's co-organised branch: newest start first (keyset on start_time, meeting_id).
    index('meeting_co_organizers_user_start_idx').on(t.userId, t.startTime.desc(), t.meetingId.desc()),
  ],
);

/**
 * A doctor invited to a meeting. The doctor belongs to the customers module: its id is checked
 * through that module's service (within the caller's data scope) when the attendee is added.
 */
export const meetingAttendees = pgTable(
  'meeting_attendees',
  {
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id').notNull(),
    /** pending | accepted | tentative | declined */
    rsvp: text('rsvp').notNull().default('pending'),
    /** attendee | speaker | chair */
    role: text('role').notNull().default('attendee'),
    attended: boolean('attended').notNull().default(false),
    checkInTime: timestamp('check_in_time', { withTimezone: true }),
    /** 1 to 5, null until given. */
    feedbackScore: smallint('feedback_score'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.doctorId] }),
    check('meeting_attendees_rsvp_check', sql`${t.rsvp} in ('pending', 'accepted', 'tentative', 'declined')`),
    check('meeting_attendees_role_check', sql`${t.role} in ('attendee', 'speaker', 'chair')`),
    check('meeting_attendees_feedback_check', sql`${t.feedbackScore} is null or ${t.feedbackScore} between 1 and 5`),
    index('meeting_attendees_doctor_idx').on(t.doctorId),
  ],
);
