import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Reference data the customer area and the analysis areas read (docs/decisions/0017):
 * mainland regions with their codes and city tiers, the clinical department taxonomy, and the
 * small coded lists (hospital grades and types, doctor titles, teaching titles, positions,
 * professional directions, outpatient types). Seeded from packages/shared and @vant/area-data.
 */

/** Provinces (level 1), cities (level 2) and counties (level 3) by their 6-digit administrative code. */
export const regions = pgTable(
  'regions',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    level: smallint('level').notNull(),
    parentCode: text('parent_code'),
    /** Cities only: 1 first tier … 6 fifth tier (CITY_LEVELS in packages/shared). */
    cityLevel: smallint('city_level'),
  },
  (t) => [index('regions_parent_idx').on(t.parentCode, t.code), index('regions_level_name_idx').on(t.level, t.name)],
);

/** 《医疗机构诊疗科目名录》: level 1 (`03` 内科) and level 2 (`03.04` 心血管内科专业). */
export const departments = pgTable(
  'departments',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    level: smallint('level').notNull(),
    parentCode: text('parent_code'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('departments_parent_idx').on(t.parentCode, t.sort)],
);

/** A coded list: `kind` is one of REFERENCE_KINDS (hospitalGrade, hospitalType, title, …). */
export const referenceCodes = pgTable(
  'reference_codes',
  {
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    /** A title's level, a professional direction's level-1 department. */
    parentCode: text('parent_code'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.code] })],
);

// ---------------------------------------------------------------- kept by data management (docs/decisions/0010)

export const medicines = pgTable('medicines', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  alias: text('alias').notNull().default(''),
  code: text('code').notNull().unique(),
  companyId: text('company_id').notNull().default(''),
  createdAt: created(),
  updatedAt: updated(),
});

export const medicineCompetitors = pgTable(
  'medicine_competitors',
  {
    id: serial('id').primaryKey(),
    medicineId: integer('medicine_id')
      .notNull()
      .references(() => medicines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    alias: text('alias').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('medicine_competitors_name_idx').on(t.medicineId, t.name)],
);

export const medicineIndications = pgTable(
  'medicine_indications',
  {
    id: serial('id').primaryKey(),
    medicineId: integer('medicine_id')
      .notNull()
      .references(() => medicines.id, { onDelete: 'cascade' }),
    indication: text('indication').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('medicine_indications_name_idx').on(t.medicineId, t.indication)],
);

export const indicationStages = pgTable('indication_stages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  nameEn: text('name_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdAt: created(),
});

export const indicationDepartments = pgTable(
  'indication_departments',
  {
    id: serial('id').primaryKey(),
    indication: text('indication').notNull(),
    department: text('department').notNull(),
    departmentEn: text('department_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: created(),
  },
  (t) => [uniqueIndex('indication_departments_pair_idx').on(t.indication, t.department)],
);

export const medicinePublicOpinions = pgTable('medicine_public_opinions', {
  id: serial('id').primaryKey(),
  drug: text('drug').notNull(),
  sentiment: text('sentiment').notNull(),
  standardCategory: text('standard_category').notNull(),
  category: text('category').notNull(),
  categoryEn: text('category_en').notNull().default(''),
  company: text('company').notNull().default(''),
  createdAt: created(),
});

export const keywords = pgTable('keywords', {
  id: serial('id').primaryKey(),
  keyword: text('keyword').notNull().unique(),
  category: text('category').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: created(),
});

export const journals = pgTable('journals', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  category: text('category').notNull(),
  alias: text('alias').notNull().default(''),
  formerName: text('former_name').notNull().default(''),
  createdAt: created(),
});
