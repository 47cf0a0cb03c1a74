import { MESSAGING_PATHS } from './areas/messaging.js';
import { FEED_PATHS } from './areas/feed.js';
import { ANALYTICS_PATHS } from './areas/analytics.js';
import { ADMIN_PATHS } from './areas/admin.js';
import { APPS_PATHS } from './areas/apps.js';
import { SSO_PATHS } from './areas/sso.js';
import { MEETING_PATHS } from './areas/meetings/paths.js';
import { CONTENT_PATHS } from './areas/content.js';
import { SURVEY_PATHS } from './areas/surveys.js';
import { CUSTOMERS_PATHS } from './areas/customers/paths.js';
import { ACTIVITY_PATHS } from './areas/activity/paths.js';
import { MARKET_PATHS } from './areas/market.js';
import { INTELLIGENCE_PATHS } from './areas/intelligence.js';
import { DOWNLOADS_PATHS } from './areas/downloads.js';
import { DATA_COLLECTION_PATHS } from './areas/datacollection.js';
import { SYSTEM_PATHS } from './system-paths.js';
import { IMPORTS_PATHS } from './areas/imports.js';
import { ACCESS_TOKEN_PATHS } from './areas/access-tokens.js';
import { SETUP_PATHS } from './areas/setup.js';

/**
 * Every API path, server and web alike. Paths the spec shows are kept
 * verbatim; the others are ours (see the OpenAPI page at /docs).
 */
export const API = {
  messaging: MESSAGING_PATHS,
  feed: FEED_PATHS,
  analytics: ANALYTICS_PATHS,
  admin: ADMIN_PATHS,
  apps: APPS_PATHS,
  sso: SSO_PATHS,
  meetings: MEETING_PATHS,
  content: CONTENT_PATHS,
  surveys: SURVEY_PATHS,
  customers: CUSTOMERS_PATHS,
  activity: ACTIVITY_PATHS,
  market: MARKET_PATHS,
  intelligence: INTELLIGENCE_PATHS,
  downloads: DOWNLOADS_PATHS,
  dataCollection: DATA_COLLECTION_PATHS,
  imports: IMPORTS_PATHS,
  accessTokens: ACCESS_TOKEN_PATHS,
  health: '/healthz',
  /** 503 with the reasons while this instance should get no traffic (docs/decisions/0038). */
  ready: '/readyz',
  /** Prometheus metrics, only with METRICS_TOKEN set (docs/decisions/0038). */
  metrics: '/metrics',
  system: SYSTEM_PATHS,
  setup: SETUP_PATHS,
  /** Card service (spec 000 section 7): prefix /API-XJP/IdataCardInfo/, envelope { status, msg, data }. */
  cards: {
    newCardId: '/API-XJP/IdataCardInfo/newCardId',
    updateCard: '/API-XJP/IdataCardInfo/updateCard',
    getDraftCard: '/API-XJP/IdataCardInfo/getDraftCard',
    selectCard: '/API-XJP/IdataCardInfo/selectCard',
    uploadCardFile: '/API-XJP/IdataCardInfo/uploadCardFile',
    deleteCardFile: '/API-XJP/IdataCardInfo/deleteCardFile',
    /** Download of an uploaded file; `cardFileUrl(id)` builds the url the upload answers. */
    file: '/API-XJP/IdataCardInfo/file/:fileId',
    findBu: '/API-XJP/IdataCardInfo/findBu',
  },
  /** Card lists, push, queue, pin and read state (spec 000 section 7); same prefix and envelope. */
  push: {
    list: '/API-XJP/IdataCardInfo/list',
    queueList: '/API-XJP/IdataCardInfo/queueList',
    deleteCard: '/API-XJP/IdataCardInfo/deleteCard',
    pushCard: '/API-XJP/IdataCardInfo/pushCard',
    cardCancelPush: '/API-XJP/IdataCardInfo/cardCancelPush',
    pushTopStatus: '/API-XJP/IdataCardInfo/pushTopStatus',
    cardPushInfo: '/API-XJP/IdataCardInfo/cardPushInfo',
    cardPushInfoExport: '/API-XJP/IdataCardInfo/cardPushInfo/export',
    /** The signed-in employee opened a card (marks their deliveries of it read). */
    readCard: '/API-XJP/IdataCardInfo/readCard',
    /** The recipient-list spreadsheet template (header wwid, name). */
    downloadTemplate: '/API-XJP/IdataCardInfo/downloadTemplate',
    uploadReceiverList: '/API-XJP/IdataCardInfo/uploadReceiverList',
    /** The card-push report (spec 000 section 2) and its export; the screens export through the download centre (template cardPushReport). */
    pushReport: '/API-XJP/IdataCardInfo/pushReport',
    pushReportExport: '/API-XJP/IdataCardInfo/pushReport/export',
  },
  /** Staff directory (spec 000 section 7): envelope { code, msg, result }. */
  directory: {
    search: '/API-PROVIDER-MANAGER/userCenter/search/userInfo',
    byWwids: '/API-PROVIDER-MANAGER/userCenter/card/userInfo',
  },
} as const;
