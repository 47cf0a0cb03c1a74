/** Limits, paths and messages of report screens and the built-in analytics service. */

/** API paths of report screens and the built-in analytics service (merged into `API.analytics`). */
export const ANALYTICS_PATHS = {
  /** The share value of a dashboard (spec 001 section 7.9); `username` header. */
  share: '/API-BI/davinci/share/dashboard/:id/token',
  /** Token and payload of the analytics sign-on (spec 001 section 7.9); empty body, `username` header. */
  login: '/API-BI/davinci/user/login',
  /** The dashboard behind a share value, read by the share page with the share value and token. */
  data: '/API-BI/share/dashboard/:id/data',
  /** Switches a dashboard on or off (administrators). */
  dashboardStatus: '/API-BI/dashboard/:id/status',
  /** Where the report screens load the share page from. */
  config: '/API-BI/portal/config',
  /** Usage tracking (spec 001 section 7.9). */
  insertEvent: '/API-PROVIDER-OBSERVER/umeng/insertEvent',
  /** Sets a team's targets for a month (goData, administrators). */
  teamTarget: '/API-BI/goData/target',
} as const;

/** The built-in share page (served by the portal; BI_SHARE_URL can name another). */
export const ANALYTICS_SHARE_PAGE = '/bi/share';

export const ANALYTICS_LIMITS = {
  /** Lifetime of a share value, s. */
  shareTtlSeconds: 2 * 60 * 60,
  /** Lifetime of an analytics token, s. */
  tokenTtlSeconds: 2 * 60 * 60,
  /** Report frame: window height minus this (spec 000 section 9). */
  frameHeightOffset: 99,
  /** Rows of a dashboard table shown and exported. */
  tableRows: 500,
  /** Days of the default date range. */
  defaultDays: 30,
  /** Longest date range one query may span, days. */
  maxRangeDays: 366,
  /** Events of one tracking call. */
  eventsPerCall: 50,
  /** Longest text of one event field. */
  eventField: 512,
  /** The web sends queued events after this pause, ms. */
  trackFlushMs: 3000,
} as const;

/**
 * Every report router with a dashboard of the built-in service: the page names of spec 001
 * section 2.6 and the other report pages of 2.4 (cardPushDetail is a native page, not a dashboard).
 * Every one but those of NO_SOURCE_DASHBOARDS is computed from the portal's own data (docs/decisions/0023).
 */
export const REPORT_ROUTERS = [
  'recruitDoctor',
  'reachDoctor',
  'effectiveVisit',
  'effectiveMeeting',
  'onlineGraphicVisit',
  'multimediaVisit',
  'telephoneVisit',
  'pushArticles',
  'meeting',
  'rdRelation',
  'cityMeetingDetails',
  'surveyResults',
  'docMain',
  'articleLists',
  'readData',
  'imChatLog',
  'systemAc',
  'cardInfo',
  'cardRec',
  'masterData',
  'goData',
  'docRegisDetail',
  'docTagDetail',
  'callRecord',
  'jvisaSystemPoint',
  'meetingMasterData',
] as const;

export type ReportRouter = (typeof REPORT_ROUTERS)[number];

/**
 * Report routers whose source is not in the portal, each with the message that names it: the
 * screen shows the honest empty state, never invented numbers.
 */
export const NO_SOURCE_DASHBOARDS = { jvisaSystemPoint: 'analytics.noSource.jvisaSystemPoint' } as const satisfies Partial<Record<ReportRouter, string>>;

/** Filters a dashboard may take besides the date range. */
export const DASHBOARD_FILTERS = ['bu', 'province'] as const;
export type DashboardFilterKey = (typeof DASHBOARD_FILTERS)[number];

/** Analytics sign-on payload (the user details the share page shows). */
export interface AnalyticsPayload {
  id: number;
  username: string;
  name: string;
  email: string;
  department: string;
  avatar: string;
  description: string;
}

export interface AnalyticsLoginResult {
  header: { token: string };
  payload: AnalyticsPayload;
}

/** A dashboard as the share page draws it. */
export interface DashboardChart {
  key: string;
  kind: 'line' | 'bar' | 'pie';
  /** Category axis (line, bar) or slice names (pie). */
  categories: string[];
  series: { key: string; values: number[] }[];
}

export interface DashboardData {
  id: number;
  router: string;
  /** False: the dashboard's source is not in the portal (no numbers are shown; `noSource` names it). */
  hasData: boolean;
  /** The message key naming the missing source, when hasData is false. */
  noSource?: string;
  range: { startDate: string; endDate: string };
  /** The filters besides the date range this dashboard takes. */
  filters: DashboardFilterKey[];
  bu: string;
  buOptions: string[];
  /** Province region code ('' for all). */
  province: string;
  provinceOptions: { value: string; label: string }[];
  kpis: { key: string; value: number; unit?: '%' }[];
  charts: DashboardChart[];
  table: { columns: string[]; rows: (string | number | null)[][]; total: number };
  user: { username: string; name: string };
}

export interface AnalyticsConfig {
  /** The share page the report screens frame. */
  shareUrl: string;
}
