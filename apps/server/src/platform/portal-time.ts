/** Portal time is UTC+8 (docs/decisions/0004): a portal day runs from 16:00 UTC to 16:00 UTC. */
export const PORTAL_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The portal day (YYYY-MM-DD) of an instant. */
export const portalDay = (ms: number) => new Date(ms + PORTAL_OFFSET_MS).toISOString().slice(0, 10);

/** Whether an instant is the start of a portal day. */
export const isPortalDayStart = (ms: number) => (ms + PORTAL_OFFSET_MS) % DAY_MS === 0;
