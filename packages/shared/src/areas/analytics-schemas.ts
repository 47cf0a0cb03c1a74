import { z } from 'zod';
import { dbId, dbInt, dbIdParam, dbText } from '../schemas/fields.js';
import { ANALYTICS_LIMITS } from './analytics.js';

/**
 * Request schemas of this area (zod), apart from its paths, limits and messages so the web entry,
 * which needs those, does not carry zod and these (docs/decisions/0016, 0026).
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** Body of the share page's data and export calls. */
export const dashboardDataRequest = z.strictObject({
  share: z.string().min(1).max(4096),
  token: z.string().min(1).max(4096),
  startDate: day.optional(),
  endDate: day.optional(),
  bu: z.string().max(64).optional(),
  /** Province region code (six digits). */
  province: z
    .string()
    .regex(/^\d{6}$/, '000000')
    .optional(),
});
export type DashboardDataRequest = z.infer<typeof dashboardDataRequest>;

/**
 * The report-table export's parameters (template reportTable): the report's router name and the
 * filters of the dashboard data call (the same schema without its share value and token).
 */
export const reportTableExportParams = dashboardDataRequest.omit({ share: true, token: true }).extend({ report: dbText(64) });
export type ReportTableExportParams = z.infer<typeof reportTableExportParams>;

export const dashboardIdParams = z.strictObject({ id: dbIdParam });

export const dashboardStatusRequest = z.strictObject({ enabled: z.boolean() });

/** A team's targets for one month (goData). */
export const teamTargetRequest = z.strictObject({
  orgId: dbId,
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM'),
  targetRecruit: dbInt.min(0),
  targetInteraction: dbInt.min(0),
});
export type TeamTargetRequest = z.infer<typeof teamTargetRequest>;

const field = z.string().max(ANALYTICS_LIMITS.eventField).default('');

/** One usage-tracking event (spec 001 section 3). The user is the signed-in one; the IP is read by the server. */
export const usageEvent = z.strictObject({
  operation: z.string().min(1).max(64),
  page: z.string().min(1).max(ANALYTICS_LIMITS.eventField),
  pageDetail: field,
  username: z.string().max(64).optional(),
  ip: z.string().max(64).optional(),
  location: field,
  language: z.string().max(16).default(''),
  screenSize: z.string().max(32).default(''),
  browser: field,
  networkType: z.string().max(32).default(''),
  system: field,
});
export type UsageEvent = z.input<typeof usageEvent>;

/** One event, or up to 50 batched (a single event is read as a batch of one). */
export const insertEventRequest = z.preprocess(
  (value) => (Array.isArray(value) ? value : [value]),
  z.array(usageEvent).min(1).max(ANALYTICS_LIMITS.eventsPerCall),
);
