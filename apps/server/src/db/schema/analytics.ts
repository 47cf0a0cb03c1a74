import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { organisations } from './org.js';

/** Tables of report screens and the built-in analytics service. */

/**
 * Usage-tracking events (spec 001 section 3): page views and key actions of the web, posted to
 * insertEvent. The system access dashboard reads them.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The signed-in user who sent it (never the body's username). */
    username: text('username').notNull(),
    operation: text('operation').notNull(),
    page: text('page').notNull(),
    pageDetail: text('page_detail').notNull().default(''),
    /** The caller's address as the server saw it. */
    ip: text('ip').notNull().default(''),
    location: text('location').notNull().default(''),
    language: text('language').notNull().default(''),
    screenSize: text('screen_size').notNull().default(''),
    browser: text('browser').notNull().default(''),
    networkType: text('network_type').notNull().default(''),
    system: text('system').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The system access dashboard: a date range, then per day, per page, per user.
    index('usage_events_created_at_idx').on(t.createdAt),
    index('usage_events_username_created_at_idx').on(t.username, t.createdAt),
  ],
);

/**
 * Dashboards switched off by an administrator: their share call then answers no share value.
 * A dashboard is on unless a row here says otherwise.
 */
export const analyticsDashboardStatus = pgTable('analytics_dashboard_status', {
  /** The dashboard id (the sort value of its report menu). */
  id: integer('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * Team indicators' targets (spec 001 section 3, the goData report): per team (an organisation)
 * and month, the doctors to recruit and the interactions (visits) to reach. Set by administrators;
 * the actuals are computed from the customers and activity data, never stored here.
 */
export const reportTeamTargets = pgTable(
  'report_team_targets',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The month, YYYY-MM. */
    period: text('period').notNull(),
    targetRecruit: integer('target_recruit').notNull().default(0),
    targetInteraction: integer('target_interaction').notNull().default(0),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.period] }),
    check('report_team_targets_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('report_team_targets_positive_check', sql`${t.targetRecruit} >= 0 and ${t.targetInteraction} >= 0`),
  ],
);
