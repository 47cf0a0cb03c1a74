import { customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Kept doctor counts of the customer area for the report screens at national scale
 * (docs/decisions/0033): every doctor row counted once, by triggers on `doctors` in the same
 * statement as the write (the migration's hand-written SQL), so a count read here always equals
 * the count of the doctor rows themselves. Zero rows may stay behind after moves and deletes.
 */

/** Doctors per primary hospital and the doctor's province (the two columns the data scope reads). */
export const doctorHospitalCounts = pgTable(
  'doctor_hospital_counts',
  {
    hospitalId: integer('hospital_id').notNull(),
    provinceCode: text('province_code').notNull(),
    doctors: integer('doctors').notNull().default(0),
    /** doctor_range = 'internal' / 'internet'. */
    internal: integer('internal').notNull().default(0),
    internet: integer('internet').notNull().default(0),
    /** source <> 'generated'. */
    manual: integer('manual').notNull().default(0),
    /** created_by is not null (added by a representative). */
    byRep: integer('by_rep').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hospitalId, t.provinceCode] })],
);

/** Doctors per province, title, first-level department and source (no hospital: a few thousand rows). */
export const doctorProfileCounts = pgTable(
  'doctor_profile_counts',
  {
    provinceCode: text('province_code').notNull(),
    titleCode: text('title_code').notNull(),
    dept1Code: text('dept1_code').notNull(),
    source: text('source').notNull(),
    doctors: integer('doctors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.provinceCode, t.titleCode, t.dept1Code, t.source] })],
);

/** PostgreSQL's fixed-length bit string of 8,192 bits (read and written in SQL only). */
const bits8192 = customType<{ data: string; driverData: string }>({ dataType: () => 'bit(8192)' });

/**
 * The doctors of each province as bit sets (decision 0033, "Province doctor sets"): one row per
 * province and chunk of 8,192 doctor ids (chunk `id >> 13`, bit `id & 8191`, as activity's
 * visit_doctor_bits), with the bit of every existing doctor whose province_code it is. AND-ed with a
 * window's day sets of visit_doctor_bits it gives a province scope's exact distinct doctors. Kept by
 * statement triggers on doctors (inserts, province moves, deletes) in the writing statement; rows
 * whose bits all reach 0 are kept.
 */
export const provinceDoctorBits = pgTable(
  'province_doctor_bits',
  {
    provinceCode: text('province_code').notNull(),
    chunk: integer('chunk').notNull(),
    bits: bits8192('bits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provinceCode, t.chunk] })],
);
