import type { MessageText } from '../messages.js';

/** Limits, paths and messages of system administration. */

/** API paths of system administration (merged into `API.admin`). */
export const ADMIN_PATHS = {} as const;

/** Messages of system administration, zh and en (merged into MESSAGES). */
export const ADMIN_MESSAGES = {} as const satisfies Record<string, MessageText>;
