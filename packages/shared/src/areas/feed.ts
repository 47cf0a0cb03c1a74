import type { MessageText } from '../messages.js';

/** Limits, paths and messages of employee card feed. */

/** API paths of employee card feed (merged into `API.feed`). */
export const FEED_PATHS = {} as const;

/** Messages of employee card feed, zh and en (merged into MESSAGES). */
export const FEED_MESSAGES = {} as const satisfies Record<string, MessageText>;
