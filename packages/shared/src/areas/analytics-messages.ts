import type { MessageText } from '../message-text.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

/** Messages of report screens and the built-in analytics service, zh and en (merged into MESSAGES). */
export const ANALYTICS_MESSAGES = {
  // spec 000 section 5 and 001 section 8
  'analytics.missingToken': { zh: '缺少关键字段 Token', en: 'missing key field Token' },
  'analytics.usernameMismatch': { zh: '请求头 username 与当前登录用户不一致', en: 'The username header does not match the signed-in user' },
  'analytics.shareExpired': { zh: '报表链接已过期,请在门户中重新打开报表', en: 'This report link has expired. Open the report again from the portal.' },
  'analytics.shareInvalid': { zh: '报表链接无效', en: 'This report link is not valid' },
  'analytics.otherDashboard': { zh: '此链接不能打开其他报表', en: 'This link cannot open another report' },
  'analytics.otherUser': { zh: '报表链接与令牌不属于同一用户', en: 'The report link and the token belong to different users' },
  'analytics.noAccess': { zh: '您没有此报表的权限', en: 'You have no access to this report' },
  'analytics.rangeTooLong': { zh: '日期范围不能超过 {max} 天', en: 'The date range cannot exceed {max} days' },
  'analytics.rangeOrder': { zh: '开始日期不能晚于结束日期', en: 'The start date cannot be after the end date' },
  'analytics.noSource.jvisaSystemPoint': {
    zh: '此报表的数据来源是 JVISA 系统的埋点数据,该第三方系统尚未接入门户,因此没有可显示的数据。',
    en: 'This report is built on the tracking points of the JVISA system, a third-party system that is not connected to the portal, so there is no data to show.',
  },
  'analytics.teamNotFound': { zh: '团队不存在', en: 'The team does not exist' },
  'analytics.reportUnknown': { zh: '未知的报表: {name}', en: 'Unknown report: {name}' },
  'analytics.noDataYet': {
    zh: '此报表暂无数据:它所依据的业务数据尚未接入门户。',
    en: 'There is no data for this report yet: the business data it is built on is not in the portal yet.',
  },
} as const satisfies Record<string, MessageText>;
