import { sql } from 'drizzle-orm';
import { boolean, customType, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Kept visit counts of the activity area for the report screens at national scale (docs/decisions/0033).
 *
 * One row per portal day (UTC+8), representative, doctor, channel, effective and status: how many
 * visits, their durations and the last one. The grain keeps a doctor, so distinct doctors and
 * representative–doctor pairs stay exact over any range of days. The doctor's hospital and
 * province (as the doctor row has them, null once the doctor no longer exists) are carried so the
 * data scope's own condition applies to these rows and a province reads only its own days.
 * Kept by triggers on visit_records (and on doctors for moves) in the writing statement.
 */
export const visitDoctorDays = pgTable(
  'visit_doctor_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    doctorId: integer('doctor_id').notNull(),
    channel: text('channel').notNull(),
    effective: boolean('effective').notNull(),
    status: smallint('status').notNull(),
    hospitalId: integer('hospital_id'),
    provinceCode: text('province_code'),
    visits: integer('visits').notNull().default(0),
    /** Sum and count of the durations that are not null (the average is their quotient). */
    secondsSum: integer('seconds_sum').notNull().default(0),
    secondsCount: integer('seconds_count').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId, t.doctorId, t.channel, t.effective, t.status] }),
    // A province's rows of a window read from the index alone (decision 0033, 0023_report_reads):
    // the key is (province, day); every other column follows only so that the figures need no heap
    // read (drizzle-kit writes no INCLUDE, so they are key columns).
    index('visit_doctor_days_province_cover_idx').on(
      t.provinceCode,
      t.day,
      t.userId,
      t.doctorId,
      t.channel,
      t.effective,
      t.status,
      t.hospitalId,
      t.visits,
      t.secondsSum,
      t.secondsCount,
      t.lastAt,
    ),
    index('visit_doctor_days_hospital_idx').on(t.hospitalId, t.day),
    index('visit_doctor_days_doctor_idx').on(t.doctorId),
    // The reach report's newest doctors of a whole-country window: a walk of the newest kept rows.
    index('visit_doctor_days_last_idx').on(t.lastAt),
  ],
);

/**
 * Whole-country visit sums (decision 0033, "Whole-country kept sums and doctor bit sets"): one row
 * per portal day, representative, channel, effective and status with the visits and durations of
 * visit_doctor_days summed over the doctors (no doctor, no province: a whole-country viewer without
 * a BU filter reads ~2K rows a day instead of ~26K). Kept from visit_doctor_days by statement
 * triggers (new minus old, added in key order); rows reaching 0 visits are dropped.
 */
export const visitRepDays = pgTable(
  'visit_rep_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    channel: text('channel').notNull(),
    effective: boolean('effective').notNull(),
    status: smallint('status').notNull(),
    visits: integer('visits').notNull().default(0),
    secondsSum: integer('seconds_sum').notNull().default(0),
    secondsCount: integer('seconds_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId, t.channel, t.effective, t.status] })],
);

/** PostgreSQL's fixed-length bit string of DOCTOR_BITS bits (read and written in SQL only). */
const bits8192 = customType<{ data: string; driverData: string }>({ dataType: () => 'bit(8192)' });

/** Doctors per bit set row: a doctor id's chunk is `doctor_id >> 13`, its bit `doctor_id & 8191`. */
export const DOCTOR_BITS = 8192;

/**
 * Doctor bit sets (decision 0033): one row per portal day, kind and chunk of 8,192 doctor ids,
 * with the bit of each doctor that had at least one such contact that day. Kinds: 'visit' (any
 * channel), each visit channel, and 'call' (call_records). The exact distinct doctors of a window
 * are the bits of the OR over its days, chunk by chunk. Kept by triggers on visit_doctor_days and
 * call_records: a new contact ORs its bit in; a removed one locks the row, then clears the bit only
 * if the doctor has no such contact left that day. Deleted doctors keep their bits (their visits
 * and kept rows stay too).
 */
export const visitDoctorBits = pgTable(
  'visit_doctor_bits',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    chunk: integer('chunk').notNull(),
    bits: bits8192('bits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.chunk] })],
);

/**
 * Longest gap to a pair's previous visit day that visit_pair_days and visit_pair_gaps tell apart:
 * larger gaps and "no previous day" share this bucket. A window of at most this many days reads
 * its pairs from them (the reports allow 366 days, ANALYTICS_LIMITS.maxRangeDays).
 */
export const PAIR_GAP_CAP = 400;

/**
 * Representative–doctor pair days (decision 0033, "rdRelation from pair days"): visit_doctor_days
 * summed over channel, effective and status — one row per representative, doctor and portal day
 * with visits, with the pair's previous day with a visit (`prev_day`, null for its first). A pair
 * counts once in a window of days [F, T): on its first day there, the day whose `prev_day` is
 * before F. Kept from visit_doctor_days by statement triggers: each statement locks the pairs it
 * touches and recomputes their days from visit_doctor_days.
 */
export const visitPairDays = pgTable(
  'visit_pair_days',
  {
    userId: integer('user_id').notNull(),
    doctorId: integer('doctor_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.doctorId, t.day] }),
    // the few days of a window whose pair had a visit on an earlier day of it (a pair that repeats),
    // looked up by the (day, representative) of visit_pair_gaps' rows with a small gap
    index('visit_pair_days_near_idx')
      .on(t.day, t.userId, t.prevDay, t.doctorId)
      .where(sql`${t.prevDay} is not null and ${t.day} - ${t.prevDay} < ${sql.raw(String(PAIR_GAP_CAP))}`),
    // the newest pair days of a window, and the few with two visits or more
    index('visit_pair_days_last_idx').on(t.lastAt),
    index('visit_pair_days_busy_idx')
      .on(t.lastAt)
      .where(sql`${t.visits} >= 2`),
  ],
);

/**
 * Pair days counted per representative and portal day (decision 0033, "rdRelation from pair
 * days"): how many pair days (and their visits) have a gap to the pair's previous day of `gap`
 * days (PAIR_GAP_CAP for larger gaps and none) and `depth` visits (5 for 5 or more). A window's
 * pairs of a representative are its pair days with a gap larger than their day's distance from
 * the window's first day. Kept with visit_pair_days by the same triggers.
 */
export const visitPairGaps = pgTable(
  'visit_pair_gaps',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    gap: smallint('gap').notNull(),
    depth: smallint('depth').notNull(),
    pairs: integer('pairs').notNull().default(0),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId, t.gap, t.depth] })],
);
