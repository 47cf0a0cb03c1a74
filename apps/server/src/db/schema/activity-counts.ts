import { boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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
  ],
);
