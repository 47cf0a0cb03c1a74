import { index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

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
