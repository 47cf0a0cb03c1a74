import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './org.js';

/**
 * Tables of the customer area (docs/decisions/0017): hospitals, doctors, their affiliations,
 * tags and corrections. A doctor carries a denormalised copy of its primary affiliation's
 * hospital, region and grade so that every filter of the doctor list is a column of one table;
 * the affiliations table stays the record of where a doctor works.
 */

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Hospitals: the data that data permissions restrict (spec 001 sections 6 and 7.4). */
export const hospitals = pgTable(
  'hospitals',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Province name as data permissions name it (上海市, 广东省). */
    province: text('province').notNull(),
    city: text('city').notNull().default(''),
    /** The grade's code (HOSPITAL_GRADES: 3A = 三级甲等 … NONE = 未定级). */
    level: text('level').notNull().default(''),
    provinceCode: text('province_code').notNull().default(''),
    cityCode: text('city_code').notNull().default(''),
    countyCode: text('county_code').notNull().default(''),
    county: text('county').notNull().default(''),
    cityLevel: smallint('city_level'),
    /** HOSPITAL_TYPES code. */
    type: text('type').notNull().default(''),
    pinyin: text('pinyin').notNull().default(''),
    initials: text('initials').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Whether the company covers the hospital (updateHospitalCoverage). */
    covered: boolean('covered').notNull().default(false),
    /** The company's own code (its master data's key): imports upsert by it (docs/decisions/0042). */
    code: text('code'),
    /** False once a full-list import no longer names it: kept with its history, never deleted. */
    active: boolean('active').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('hospitals_province_idx').on(t.province, t.id),
    index('hospitals_province_code_idx').on(t.provinceCode, t.cityCode, t.id),
    index('hospitals_level_idx').on(t.level, t.id),
    index('hospitals_pinyin_idx').on(sql`${t.pinyin} text_pattern_ops`),
    index('hospitals_initials_idx').on(sql`${t.initials} text_pattern_ops`),
    uniqueIndex('hospitals_code_idx')
      .on(t.code)
      .where(sql`${t.code} is not null`),
  ],
);

export const doctors = pgTable(
  'doctors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Full pinyin without tones or spaces, lower case (zhangwei). */
    pinyin: text('pinyin').notNull().default(''),
    /** Pinyin initials, lower case (zw). */
    initials: text('initials').notNull().default(''),
    /** 1 male, 2 female, 0 unknown. */
    gender: smallint('gender').notNull().default(0),
    /** The primary affiliation's hospital and what follows from it (kept in step by the service). */
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'restrict' }),
    provinceCode: text('province_code').notNull(),
    cityCode: text('city_code').notNull(),
    countyCode: text('county_code').notNull().default(''),
    cityLevel: smallint('city_level'),
    hospitalLevel: text('hospital_level').notNull().default(''),
    dept1Code: text('dept1_code').notNull(),
    dept2Code: text('dept2_code'),
    titleCode: text('title_code').notNull(),
    teachingTitleCode: text('teaching_title_code'),
    directionCode: text('direction_code'),
    indications: text('indications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** DOCTOR_RANGES: internal (company master data) or internet (internet platforms). */
    doctorRange: text('doctor_range').notNull().default('internal'),
    onlinePatients: integer('online_patients').notNull().default(0),
    outpatientDays: smallint('outpatient_days').notNull().default(0),
    outpatientType: text('outpatient_type'),
    phone: text('phone').notNull().default(''),
    /** Whether edits made here override what the data sources bring (modifyOverrideMode). */
    overrideMode: boolean('override_mode').notNull().default(false),
    /** The enterprise-chat external contact of the doctor (findByDoctorId). */
    wecomExternalId: text('wecom_external_id'),
    wecomFollowUser: text('wecom_follow_user'),
    /** generated, manual (addDoctor), import. */
    source: text('source').notNull().default('generated'),
    /** The company's own code (its master data's key): imports upsert by it (docs/decisions/0042). */
    code: text('code'),
    /** False once a full-list import no longer names it: kept with its history, never deleted. */
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('doctors_filter_idx').on(t.provinceCode, t.dept1Code, t.titleCode, t.id),
    index('doctors_city_idx').on(t.cityCode, t.id),
    index('doctors_hospital_idx').on(t.hospitalId, t.id),
    index('doctors_dept1_idx').on(t.dept1Code, t.titleCode, t.id),
    index('doctors_dept2_idx').on(t.dept2Code, t.id),
    index('doctors_title_idx').on(t.titleCode, t.id),
    index('doctors_name_idx').on(sql`${t.name} text_pattern_ops`, t.id),
    index('doctors_pinyin_idx').on(sql`${t.pinyin} text_pattern_ops`, t.id),
    index('doctors_initials_idx').on(sql`${t.initials} text_pattern_ops`, t.id),
    index('doctors_indications_idx').using('gin', t.indications),
    // Top-10 distributions and capped counts over a province scope, read from the index alone (docs/decisions/0033).
    index('doctors_distribution_idx').on(t.provinceCode, t.doctorRange, t.dept1Code, t.titleCode, t.cityCode, t.hospitalId),
    // Registrations in a report window (docRegisDetail, recruitDoctor).
    index('doctors_created_idx').on(t.createdAt),
    uniqueIndex('doctors_code_idx')
      .on(t.code)
      .where(sql`${t.code} is not null`),
    check('doctors_range_check', sql`${t.doctorRange} in ('internal', 'internet')`),
    check('doctors_outpatient_days_check', sql`${t.outpatientDays} between 0 and 7`),
  ],
);

/** Where a doctor works: one primary affiliation, any number of secondary ones (Veeva's child account). */
export const doctorAffiliations = pgTable(
  'doctor_affiliations',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'restrict' }),
    dept1Code: text('dept1_code').notNull(),
    dept2Code: text('dept2_code'),
    /** POSITIONS code (科主任, 主诊医师 …). */
    positionCode: text('position_code'),
    isPrimary: boolean('is_primary').notNull().default(false),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    createdAt: created(),
  },
  (t) => [
    index('doctor_affiliations_doctor_idx').on(t.doctorId),
    index('doctor_affiliations_hospital_idx').on(t.hospitalId, t.doctorId),
    uniqueIndex('doctor_affiliations_primary_idx')
      .on(t.doctorId)
      .where(sql`${t.isPrimary} and ${t.endDate} is null`),
    // the master-data report's open secondary affiliations per hospital, read from the index alone (decision 0033)
    index('doctor_affiliations_secondary_idx')
      .on(t.hospitalId)
      .where(sql`not ${t.isPrimary} and ${t.endDate} is null`),
  ],
);

/** Tags: shared (ownerId null, every user sees them) or personal (only the owner sees them). */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('tags_owner_name_idx').on(sql`coalesce(${t.ownerId}, 0)`, t.name)],
);

export const doctorTags = pgTable(
  'doctor_tags',
  {
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.doctorId] }), index('doctor_tags_doctor_idx').on(t.doctorId), index('doctor_tags_created_idx').on(t.createdAt)],
);

/** A correction of a doctor's data as a data-change request: pending until a reviewer accepts or rejects it. */
export const doctorCorrections = pgTable(
  'doctor_corrections',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The proposed values (CorrectionChanges), applied when accepted. */
    changes: jsonb('changes')
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status').notNull().default('pending'),
    createdBy: integer('created_by').notNull(),
    createdAt: created(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note').notNull().default(''),
  },
  (t) => [
    index('doctor_corrections_doctor_idx').on(t.doctorId, t.status),
    index('doctor_corrections_status_idx').on(t.status, t.id),
    check('doctor_corrections_status_check', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
  ],
);
