import type { MessageText } from '../message-text.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

/** Messages of employee card feed, zh and en (merged into MESSAGES). */
export const FEED_MESSAGES = {
  'feed.cardNotDelivered': { zh: '该卡片没有推送给您', en: 'This card was not sent to you' },
} as const satisfies Record<string, MessageText>;
