import type { MessageText } from '../messages.js';

/** Limits, paths and messages of report screens and the built-in analytics service. */

/** API paths of report screens and the built-in analytics service (merged into `API.analytics`). */
export const ANALYTICS_PATHS = {} as const;

/** Messages of report screens and the built-in analytics service, zh and en (merged into MESSAGES). */
export const ANALYTICS_MESSAGES = {} as const satisfies Record<string, MessageText>;
