import type { MessageText } from '../messages.js';

/** Limits, paths and messages of real-time notices and messaging. */

/** API paths of real-time notices and messaging (merged into `API.messaging`). */
export const MESSAGING_PATHS = {} as const;

/** Messages of real-time notices and messaging, zh and en (merged into MESSAGES). */
export const MESSAGING_MESSAGES = {} as const satisfies Record<string, MessageText>;
