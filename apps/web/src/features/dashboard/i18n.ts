import { HOME_MESSAGES } from '@field-portal/shared';
import { crudWords } from '@/components/crud/i18n';
import { defineWords, wordsHook, type CoreLabelKey, type CoreMessageKey } from '@/lib/i18n';

/** Interface labels of the home page (greeting, platform figures, quick access, charts) and of its data-management screens (home data, home charts), zh and en (added when the first screen that imports this area's hook loads). */
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

  // the home page
  'home.stats.daysOnline': '上线天数',
  'home.stats.collectionPoints': '采集点',
  'home.stats.dataVolume': '数据量',
  'home.stats.algorithmModels': '算法模型',
  'home.stats.hospitals': '覆盖医院',
  'home.stats.doctors': '覆盖医生',
  'home.stats.drugs': '覆盖药品',
  'home.unit.day': '天',
  'home.unit.TB': 'TB',
  'dashboard.greeting': '您好,{{name}}',
  'dashboard.stats': '平台数据',
  'dashboard.tiles': '功能入口',
  'dashboard.open': '进入',
  'dashboard.firstSteps.title': '门户里还没有医生数据',
  'dashboard.firstSteps.body':
    '在导入中心按这个顺序导入贵公司的数据:组织、用户、医院、医生及执业机构、数据权限(辖区)、产品及竞品、历史拜访记录。每种数据都有模板可下载;每个文件先预检,确认无误后才会写入。',
  'dashboard.firstSteps.open': '前往导入中心',
  'dashboard.tile.latestNews': '最新资讯',
  'dashboard.tile.appCentre': '应用中心',
  'dashboard.tile.contentCentre': '内容中心',
  'dashboard.tile.broadcast': '广播',
  'dashboard.tile.compliance': '合规掌上通',
  'dashboard.tile.smartRecommendation': '智能推荐',
  'dashboard.tile.interactionCommunity': '互动社区',
  'dashboard.tile.brandCentre': '品牌中心',
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

  'home.stats.daysOnline': 'Days online',
  'home.stats.collectionPoints': 'Collection points',
  'home.stats.dataVolume': 'Data volume',
  'home.stats.algorithmModels': 'Algorithm models',
  'home.stats.hospitals': 'Hospitals',
  'home.stats.doctors': 'Doctors',
  'home.stats.drugs': 'Drugs',
  'home.unit.day': 'days',
  'home.unit.TB': 'TB',
  'dashboard.greeting': 'Hello, {{name}}',
  'dashboard.stats': 'Platform data',
  'dashboard.tiles': 'Quick access',
  'dashboard.open': 'Open',
  'dashboard.firstSteps.title': 'There are no doctors in the portal yet',
  'dashboard.firstSteps.body':
    "Bring in your company's data in the import centre, in this order: organisations, users, hospitals, doctors and affiliations, territories (data permissions), products, visit history. Each kind has a template to download; each file is dry-run first, and nothing is written until you commit it.",
  'dashboard.firstSteps.open': 'Open the import centre',
  'dashboard.tile.latestNews': 'Latest news',
  'dashboard.tile.appCentre': 'App centre',
  'dashboard.tile.contentCentre': 'Content centre',
  'dashboard.tile.broadcast': 'Broadcast',
  'dashboard.tile.compliance': 'Compliance at your fingertips',
  'dashboard.tile.smartRecommendation': 'Smart recommendation',
  'dashboard.tile.interactionCommunity': 'Interaction community',
  'dashboard.tile.brandCentre': 'Brand centre',
};

/** The words of this area, added as this file loads; its screens take `t` and `msg` from the hook (docs/decisions/0048). */
export const dashboardWords = defineWords({ zh, en }, HOME_MESSAGES);
/** The hook of this area's screens: its words and the list-and-dialog kit's (buttons, columns). */
export const useDashboardWords = wordsHook(dashboardWords, crudWords);
export type DashboardLabelKey = CoreLabelKey | keyof typeof zh;
export type DashboardMessageKey = CoreMessageKey | keyof typeof HOME_MESSAGES;
