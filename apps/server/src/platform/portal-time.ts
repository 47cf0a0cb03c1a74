import { sql, type SQL } from 'drizzle-orm';

/** Portal time is UTC+8 (docs/decisions/0004): a portal day runs from 16:00 UTC to 16:00 UTC. */
export const PORTAL_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The portal day (YYYY-MM-DD) of an instant. */
export const portalDay = (ms: number) => new Date(ms + PORTAL_OFFSET_MS).toISOString().slice(0, 10);

/** An instant as the portal writes it in files, to the minute in portal time: 2026-11-23 16:55. */
export const portalMinute = (ms: number) => new Date(ms + PORTAL_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** Whether an instant is the start of a portal day. */
export const isPortalDayStart = (ms: number) => (ms + PORTAL_OFFSET_MS) % DAY_MS === 0;

/** The portal day (YYYY-MM-DD) of a timestamptz column, in SQL: what `portalDay` is for an instant. */
export const portalDaySql = (column: SQL) => sql`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
