import { SEARCH_MAX_CONDITIONS } from '../constants.js';
import type { MessageText } from '../message-text.js';

/**
 * The messages every `/API-APPS` list shares (the app centre's, the reference tables', the home
 * data's, admin's settings and message groups): its search box, a save and a delete. The web's
 * list-and-dialog kit (components/crud) carries these and no area's own (docs/decisions/0046).
 */
export const LIST_MESSAGES = {
  'apps.search.tooMany': {
    zh: `搜索条件最多 ${SEARCH_MAX_CONDITIONS} 个,以空格分隔`,
    en: `At most ${SEARCH_MAX_CONDITIONS} search conditions, separated by spaces`,
  },
  'apps.saved': { zh: '保存成功', en: 'Saved' },
  'apps.deleted': { zh: '删除成功', en: 'Deleted' },
} as const satisfies Record<string, MessageText>;

export type ListMessageKey = keyof typeof LIST_MESSAGES;
