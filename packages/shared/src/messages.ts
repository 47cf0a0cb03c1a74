import type { Lang } from './constants.js';
import { CORE_MESSAGES, fillMessage, type MessageText } from './messages-core.js';
import { MESSAGING_MESSAGES } from './areas/messaging-messages.js';
import { FEED_MESSAGES } from './areas/feed-messages.js';
import { ANALYTICS_MESSAGES } from './areas/analytics-messages.js';
import { ADMIN_MESSAGES } from './areas/admin-messages.js';
import { APPS_MESSAGES } from './areas/apps-messages.js';
import { LIST_MESSAGES } from './areas/list-messages.js';
import { REFERENCE_DATA_MESSAGES } from './areas/reference-messages.js';
import { HOME_MESSAGES } from './areas/home-messages.js';
import { MEETING_MESSAGES } from './areas/meetings/messages.js';
import { CONTENT_MESSAGES } from './areas/content-messages.js';
import { SURVEY_MESSAGES } from './areas/surveys-messages.js';
import { CUSTOMERS_MESSAGES } from './areas/customers/messages.js';
import { ACTIVITY_MESSAGES } from './areas/activity/messages.js';
import { MARKET_MESSAGES } from './areas/market-messages.js';
import { INTELLIGENCE_MESSAGES } from './areas/intelligence-messages.js';
import { SUGGESTION_MESSAGES } from './areas/intelligence-suggestions.js';
import { INTELLIGENCE_IMPACT_MESSAGES } from './areas/intelligence-impact-messages.js';
import { DOWNLOADS_MESSAGES } from './areas/downloads-messages.js';
import { DATA_COLLECTION_MESSAGES } from './areas/datacollection-messages.js';
import { BATCH_PUSH_MESSAGES } from './areas/batchpush.js';
import { IMPORTS_MESSAGES } from './areas/imports-messages.js';
import { SETUP_MESSAGES } from './areas/setup.js';
import { ACCESS_TOKEN_MESSAGES } from './areas/access-tokens.js';

export type { MessageText };

/**
 * Every message the server or the web shows, in zh and en: the core ones (./messages-core.ts)
 * and every area's. `{name}` marks a parameter.
 */
export const MESSAGES = {
  ...CORE_MESSAGES,
  // the areas' own messages (packages/shared/src/areas/)
  ...MESSAGING_MESSAGES,
  ...FEED_MESSAGES,
  ...ANALYTICS_MESSAGES,
  ...ADMIN_MESSAGES,
  ...LIST_MESSAGES,
  ...APPS_MESSAGES,
  ...REFERENCE_DATA_MESSAGES,
  ...HOME_MESSAGES,
  ...MEETING_MESSAGES,
  ...CONTENT_MESSAGES,
  ...SURVEY_MESSAGES,
  ...CUSTOMERS_MESSAGES,
  ...ACTIVITY_MESSAGES,
  ...MARKET_MESSAGES,
  ...INTELLIGENCE_MESSAGES,
  ...SUGGESTION_MESSAGES,
  ...INTELLIGENCE_IMPACT_MESSAGES,
  ...DOWNLOADS_MESSAGES,
  ...DATA_COLLECTION_MESSAGES,
  ...BATCH_PUSH_MESSAGES,
  ...IMPORTS_MESSAGES,
  ...SETUP_MESSAGES,
  ...ACCESS_TOKEN_MESSAGES,
} as const satisfies Record<string, MessageText>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/**
 * A message in the given language with `{name}` parameters filled in. A parameter given in both
 * languages (a status's name, `{ zh, en }`) is filled in the message's.
 */
export function message(key: MessageKey, lang: Lang, params: Record<string, MessageParam> = {}): string {
  return fillMessage(MESSAGES[key][lang], paramsIn(params, lang));
}

/** A message's parameter: a value, or words in both languages. */
export type MessageParam = string | number | MessageText;

/** The parameters in one language. */
export function paramsIn(params: Record<string, MessageParam>, lang: Lang): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? value[lang] : value]));
}
