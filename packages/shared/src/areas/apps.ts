import type { MessageText } from '../messages.js';

/** Limits, paths and messages of app management and data management. */

/** API paths of app management and data management (merged into `API.apps`). */
export const APPS_PATHS = {} as const;

/** Messages of app management and data management, zh and en (merged into MESSAGES). */
export const APPS_MESSAGES = {} as const satisfies Record<string, MessageText>;
