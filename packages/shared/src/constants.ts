/** Business constants and limits of the specification, kept once for server and web. */

export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh';
/** Cookie holding the interface language (spec 001 section 1). */
export const LANG_COOKIE = 'language';

/**
 * The one mainland mobile-number rule, for every form that asks for one: data requests, new
 * doctors, doctors' phones, users' mobiles. China mainland mobile numbers: 11 digits, 1 then 3 to 9.
 * Spec 001 section 5's helper stops at 3, 4, 5, 7 or 8 (where it applies is not shown); numbers of
 * the 16x and 19x ranges are real and a doctor's or requester's number must not be refused
 * (docs/decisions/0058).
 */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;

/** HTTP client constants (spec 001 sections 9 and 9.1). */
export const HTTP = {
  requestTimeoutMs: 120_000,
  downloadTimeoutMs: 3_600_000,
  asyncDownloadTimeoutMs: 36_000_000,
  toastMs: 5000,
  /** Status the client rejects without a word. */
  silentStatus: 450,
  loginSys: 'pc',
  system: 'pc',
} as const;

/** Session constants (spec 001 section 9). */
export const SESSION = {
  checkIntervalMs: 5000,
  refreshLeewayMs: 5000,
  authCallbackStateMs: 60 * 60 * 1000,
  watermarkRecheckMs: 500,
  routeMountWaitMs: 500,
  rescalePixelRatio: 1.25,
} as const;

/** Server-side token lifetimes (not in the spec: our decision, see docs/decisions). */
export const TOKENS = {
  accessTtlSeconds: 15 * 60,
  refreshTtlSeconds: 12 * 60 * 60,
  refreshAbsoluteSeconds: 7 * 24 * 60 * 60,
  audience: 'field-portal',
  issuer: 'field-portal',
} as const;

/** Sign-in throttling (SECURITY.md: lock cannot lock others out for long). */
/**
 * Sign-in throttling (docs/decisions/0002, 0014). An account from one address: `freeFailures`
 * free, then a wait from `firstLockSeconds` doubling to `maxLockSeconds`, for that address only.
 * One address over every account: `addressFreeFailures` free, then the same growing wait. An
 * account from every address: never a lock, a growing delay of each answer after
 * `accountDelayAfter` failures, at most `accountDelayMaxMs`. Failures older than
 * `failureWindowSeconds` are forgotten.
 */
export const LOGIN_LOCK = {
  freeFailures: 5,
  firstLockSeconds: 60,
  maxLockSeconds: 15 * 60,
  perAddressPerMinute: 30,
  addressFreeFailures: 20,
  accountDelayAfter: 10,
  accountDelayStepMs: 200,
  accountDelayMaxMs: 2000,
  failureWindowSeconds: 3600,
} as const;

export const PASSWORD = { min: 8, max: 64 } as const;

/** Badges show at most this number (spec 001 section 9). */
export const BADGE_MAX = 99;

export const MESSAGES_PAGE = { page: 0, size: 10000 } as const;

export const SEARCH_MAX_CONDITIONS = 5;
export const SIDEBAR_SEARCH_THROTTLE_MS = 2000;
export const CREATE_TASK_DELAY_MS = 100;

/** Report frame height: window height minus this (spec 000 section 9). */
export const REPORT_FRAME_OFFSET_PX = 99;

/** Sidebar width offsets (spec 001 section 2.7). */
export const SIDEBAR_WIDTHS = [54, 232, 354] as const;

/** Push app id (spec 000 section 9, 001 section 9). */
export const PUSH_APP_ID = 100117;

/** Paths that need no login (spec 001 section 2.1). */
export const PUBLIC_PATHS = [
  '/login',
  '/401',
  '/doctorFail',
  '/jumpIndex',
  '/doctorSecFail',
  '/authredirect',
  '/logout',
  '/home',
  '/testSSO',
  // ours: the first start's setup page (docs/decisions/0041), and an invitation's password page (0072)
  '/setup',
  '/setPassword',
] as const;

/** Routes outside the layout, all hidden (spec 001 section 2.2). */
export const OUTSIDE_LAYOUT_PATHS = [
  '/login',
  '/free',
  '/home',
  '/logout',
  '/404',
  '/401',
  '/authredirect',
  '/testSSO',
  '/jumpTaxi',
  '/reportDetails',
  '/jumpIndex',
  '/doctorFail',
  '/doctorSecFail',
  '/xiecheng',
  '/upAdown',
  // ours: the first start's setup page (docs/decisions/0041), and an invitation's password page (0072)
  '/setup',
  '/setPassword',
] as const;

/** Card list pagination (spec 000 section 9, 001 section 9.1). */
export const PAGINATION = {
  sizes: [5, 10, 15, 30],
  defaultSize: 10,
  firstPage: 1,
  layout: 'total, sizes, prev, pager, next, jumper',
} as const;

/** Default BU list (spec 000 section 3). */
export const DEFAULT_BU_LIST = [
  'D&A_All',
  'Neuro_ALL',
  'PC_All',
  'PSY_NC',
  'PSY_SC',
  'HEMA_LL',
  'HEMA_MM',
  'IM_IBD',
  'IM_IDV',
  'IM_PAH',
  'IM_RP',
  'ST_All',
] as const;

/**
 * The built-in roles by their code (the role's name as spec 001 writes it), named in each language.
 * A role an administrator adds is data: its names are shown as written.
 */
export const BUILT_IN_ROLE_NAMES: Record<string, { zh: string; en: string }> = {
  admin: { zh: '系统管理员', en: 'Administrator' },
  'card manager': { zh: '卡片运营', en: 'Card operator' },
  Sales: { zh: '销售代表', en: 'Sales representative' },
  MSL: { zh: '医学联络官', en: 'Medical science liaison' },
  MAF: { zh: '医学事务', en: 'Medical affairs' },
  MANGA: { zh: '团队经理', en: 'Team manager' },
  MKT: { zh: '市场', en: 'Marketing' },
  'CRC&OVERSEAS': { zh: 'CRC 与海外', en: 'CRC and overseas' },
};

/** Role names mapped to short app keys (spec 001 section 6). */
export const ROLE_APP_KEYS: Record<string, string> = {
  'KOL(Basic)': 'KOL',
  MSL: 'xjp-msl',
  Sales: 'xjp-sales',
  MKT: 'xjp-mkt',
  MANGA: 'xjp-manga',
  'online visit': 'online_visit',
  'enterprise-chat visit': 'wxwork',
  survey: 'survey',
  'meeting creation': 'bizconf',
  'medical portal': 'medlive',
  tags: 'new_tag',
  'card recommendation': 'card_recommend',
  'card manager': 'card_manager',
};
