import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Enterprise (tenant) settings: shown on the login page and the footer. */
export const enterprises = pgTable('enterprises', {
  id: serial('id').primaryKey(),
  tenantId: text('tenant_id').notNull().unique(),
  name: text('name').notNull(),
  enterpriseName: text('enterprise_name').notNull(),
  domain: text('domain').notNull().default(''),
  copyright: text('copyright').notNull().default(''),
  filingNumber: text('filing_number').notNull().default(''),
});

/** Home page statistics (spec 001 section 1); data management edits them later. */
export const homeStatistics = pgTable('home_statistics', {
  key: text('key').primaryKey(),
  /** Row id for data management (migration 0007). */
  id: serial('id').notNull().unique(),
  /** Label of a figure the built-in labels do not know (data management adds them). */
  name: text('name').notNull().default(''),
  nameEn: text('name_en').notNull().default(''),
  value: integer('value').notNull(),
  unit: text('unit').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/**
 * The first start's one-time setup links (docs/decisions/0041): only a token's SHA-256 is kept, in
 * the database so a link printed by one instance works on every instance; all are dead once the
 * first administrator exists.
 */
export const setupLinks = pgTable('setup_links', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
