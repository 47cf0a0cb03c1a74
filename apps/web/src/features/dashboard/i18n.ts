import { APPS_MESSAGES } from '@field-portal/shared';
import { crudWords } from '@/components/crud/i18n';
import { defineWords, wordsHook, type CoreLabelKey, type CoreMessageKey } from '@/lib/i18n';

/** Interface labels of the home page's data and charts and of their data-management screens, zh and en (added when the first screen that imports this area's hook loads). */
const zh = {
  'apps.item.homeData': '首页数据',
  'apps.item.homeChart': '首页图表',
  'apps.homeData.title': '首页数据',
  'apps.homeData.search': '搜索数据标识或名称',
  'apps.homeData.key': '数据标识',
  'apps.homeData.keyHint': '字母开头,只含字母和数字',
  'apps.homeData.value': '数值',
  'apps.homeData.unit': '单位',
  'apps.homeChart.title': '首页图表',
  'apps.homeChart.search': '搜索图表名称',
  'apps.homeChart.type': '图表类型',
  'apps.homeChart.line': '折线图',
  'apps.homeChart.bar': '柱状图',
  'apps.homeChart.content': '图表内容',
  'apps.homeChart.contentHint': '时间/数值,两边均为数字,多项以逗号分隔,时间不能重复',
  'apps.homeChart.points': '数据点',
  'apps.home.charts': '数据趋势',
} as const;

const en: Record<keyof typeof zh, string> = {
  'apps.item.homeData': 'home data entry',
  'apps.item.homeChart': 'home chart',
  'apps.homeData.title': 'Home data',
  'apps.homeData.search': 'Search key or name',
  'apps.homeData.key': 'Data key',
  'apps.homeData.keyHint': 'Starts with a letter; letters and digits only',
  'apps.homeData.value': 'Value',
  'apps.homeData.unit': 'Unit',
  'apps.homeChart.title': 'Home charts',
  'apps.homeChart.search': 'Search chart names',
  'apps.homeChart.type': 'Chart type',
  'apps.homeChart.line': 'Line',
  'apps.homeChart.bar': 'Bar',
  'apps.homeChart.content': 'Chart content',
  'apps.homeChart.contentHint': "time/value with numbers on both sides of '/', items separated by commas, no time twice",
  'apps.homeChart.points': 'Points',
  'apps.home.charts': 'Trends',
};

/** The words of this area, added as this file loads; its screens take `t` and `msg` from the hook (docs/decisions/0048). */
export const dashboardWords = defineWords({ zh, en }, APPS_MESSAGES);
/** The hook of this area's screens: its words and the list-and-dialog kit's (buttons, columns). */
export const useDashboardWords = wordsHook(dashboardWords, crudWords);
export type DashboardLabelKey = CoreLabelKey | keyof typeof zh;
export type DashboardMessageKey = CoreMessageKey | keyof typeof APPS_MESSAGES;
