import { type CardRecord, type CardStatus } from './cards.js';

/** Templates and sources of system-generated cards that the published and in-queue lists leave out (spec 000 section 9). */
export const EXCLUDED_CARD_TEMPLATES = ['template_666'] as const;
export const EXCLUDED_CARD_SOURCES = ['jviasTask', 'JVISA', 'JVISA-MR', 'smart_engine', 'JVISA-LEADER'] as const;

/** The list filter's labels (spec 000 section 4). */
export const CARD_LIST_FILTER_LABELS = ['all', 'pushed', 'not pushed', 'in queue'] as const;

/** What the list filter sends for a label: all → '', pushed → publish, not pushed → notPushed, in queue → queue, anything else → top. */
export function cardListStatusOf(label: string): '' | Exclude<CardStatus, 'draft' | 'created'> {
  switch (label) {
    case 'all':
      return '';
    case 'pushed':
      return 'publish';
    case 'not pushed':
      return 'notPushed';
    case 'in queue':
      return 'queue';
    default:
      return 'top';
  }
}

/** The sort orders a list may ask for; nothing else reaches the SQL. */
export const CARD_LIST_ORDERS = ['create_time DESC', 'create_time ASC', 'last_push_time DESC', 'last_push_time ASC'] as const;
export type CardListOrder = (typeof CARD_LIST_ORDERS)[number];

export const CARD_LIST_MAX_LIMIT = 100;

/** Push and resend limits (ours where the spec is silent; defaults from spec 000 section 9). */
export const PUSH_LIMITS = {
  defaultNotReadTime: 24,
  defaultPushNum: 1,
  /** The unread-hours input takes at most 4 characters. */
  notReadTimeMax: 9999,
  pushNumMax: 99,
  cardsPerPush: 100,
  receiversMax: 200_000,
  /**
   * The JSON values a push or batch-push body may hold: three per recipient (the entry, its id,
   * its name) and room for the rest, beyond the general INPUT_LIMITS.valuesMax (docs/decisions/0037).
   */
  bodyValuesMax: 4 * 200_000,
  /** The portal's wall clock: a date-time without an offset is China Standard Time. */
  utcOffsetMinutes: 480,
  /** The recipient directory search answers at most this many (spec 000 section 9). */
  searchLimitMax: 10_000,
  pinnedShownMax: 3,
  /**
   * A push reaching more people than this asks the operator to confirm the count first (ours:
   * the spec has no such step; docs/decisions/0015). Pushes to a handful of named staff go on
   * one click; the default scope, all staff, never does.
   */
  confirmRecipientsAbove: 100,
  /** Recipient list upload: one .xls or .xlsx of at most 10 MB (spec 000 sections 5 and 9). */
  listMaxBytes: 10 * 1024 * 1024,
  listExtensions: ['xls', 'xlsx'],
} as const;

export interface CardListPage {
  total: number;
  result: CardRecord[];
}

/** A queued card with the time its push is due (ours: the spec's list has no such field). */
export interface QueuedCardRecord extends CardRecord {
  pushTime: string | null;
}

/** queueList answers data.status and data.data (spec 000 section 7). */
export interface CardQueuePage {
  status: 200;
  data: { total: number; result: QueuedCardRecord[] };
}

/** A date-time as the pickers send it (ISO 8601, or "YYYY-MM-DD HH:mm:ss" read in portal time); undefined when unreadable. */
export function parsePortalDateTime(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : undefined;
  const text = value.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?$/.exec(text);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    const check = new Date(utc);
    if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1) return undefined;
    return utc - PUSH_LIMITS.utcOffsetMinutes * 60_000;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const t = Date.parse(text);
  return Number.isNaN(t) ? undefined : t;
}

/** The start of yesterday in portal time: the pickers disable anything earlier. */
export function startOfYesterday(now: number): number {
  const offset = PUSH_LIMITS.utcOffsetMinutes * 60_000;
  const local = now + offset;
  const dayStart = local - (((local % 86_400_000) + 86_400_000) % 86_400_000);
  return dayStart - 86_400_000 - offset;
}

/** A read-state row (spec 000 section 3). */
export interface ReadStateRow {
  receiverId: string;
  receiverName: string;
  /** 1 read, 0 unread. */
  event: 0 | 1;
  firstOpenTime: string | null;
}

export interface CardPushInfo {
  status: 200;
  data: ReadStateRow[];
  total: number;
}

export interface DirectoryEntry {
  no: string;
  name: string;
  email: string;
}

export interface DirectoryPage {
  lists: DirectoryEntry[];
  total: number;
}

/** The report's twelve columns, in the spec's order and spelling. */
export const PUSH_REPORT_COLUMNS = [
  'CardId',
  'CardType',
  'CardTitle',
  'CardBU',
  'CardCreatetime',
  'PushTime',
  'IsMustRead',
  'Sendwwid',
  'ReceiverWwid',
  'ReceiverName',
  'IsOpen',
  'FistOpentime',
] as const;
export type PushReportRow = Record<(typeof PUSH_REPORT_COLUMNS)[number], string | number | null>;

export interface PushReportPage {
  total: number;
  result: PushReportRow[];
}
