import { defineWords, wordsHook, type CoreLabelKey, type CoreMessageKey } from '@/lib/i18n';

/** Interface labels of the app centre, zh and en (added when the first screen that imports this area's hook loads). */
const zh = {
  'centre.frequent': '常用应用',
  'centre.frequentEmpty': '点击应用右侧的星标,把它加入常用应用。',
  'centre.recent': '最近使用',
  'centre.recentEmpty': '还没有打开过应用。',
  'centre.all': '全部应用',
  'centre.none': '暂无可用的应用',
  'centre.open': '打开 {{name}}',
  'centre.star': '加入常用',
  'centre.unstar': '移出常用',
  'centre.starred': '已将 {{name}} 加入常用应用',
  'centre.unstarred': '已将 {{name}} 移出常用应用',
  'centre.noLink': '{{name}} 没有可打开的链接',
} as const;

const en: Record<keyof typeof zh, string> = {
  'centre.frequent': 'Frequently used',
  'centre.frequentEmpty': 'Click the star beside an app to add it to your frequently used apps.',
  'centre.recent': 'Recently used',
  'centre.recentEmpty': 'You have not opened an app yet.',
  'centre.all': 'All apps',
  'centre.none': 'No apps are available to you',
  'centre.open': 'Open {{name}}',
  'centre.star': 'Add to frequently used',
  'centre.unstar': 'Remove from frequently used',
  'centre.starred': '{{name}} was added to your frequently used apps',
  'centre.unstarred': '{{name}} was removed from your frequently used apps',
  'centre.noLink': '{{name}} has no link to open',
};

/** The words of this area, added as this file loads; its screens take `t` and `msg` from the hook (docs/decisions/0048). */
export const appCentreWords = defineWords({ zh, en });
export const useAppCentreWords = wordsHook(appCentreWords);
export type AppCentreLabelKey = CoreLabelKey | keyof typeof zh;
export type AppCentreMessageKey = CoreMessageKey;
