import { ANALYTICS_LIMITS, type AnalyticsPayload, type MenuEntry } from '@field-portal/shared';

/** The dashboard id of a report screen: the sort value of its own menu entry, found by router name (spec 000 section 2). */
export function dashboardIdOf(menuList: readonly MenuEntry[], router: string): number | undefined {
  return menuList.find((m) => m.router === router)?.sort;
}

/** The payload with department, avatar and description blanked (spec 001 section 2.6). */
export function blankPayload<T extends Partial<AnalyticsPayload>>(payload: T): T {
  return { ...payload, department: '', avatar: '', description: '' };
}

/** Frame height: the window height minus 99 px (spec 000 section 9), never negative. */
export function frameHeight(windowHeight: number): number {
  return Math.max(0, windowHeight - ANALYTICS_LIMITS.frameHeightOffset);
}

export type ReportState =
  | { kind: 'loading' }
  /** A call failed: loading stops, nothing else (spec 000 section 8). */
  | { kind: 'failed' }
  /** The share value or the token is missing: the warning, no frame. */
  | { kind: 'missingToken' }
  | { kind: 'ready'; url: string };

export interface SignOn {
  share: string | null | undefined;
  token: string | null | undefined;
  payload: Partial<AnalyticsPayload> | null | undefined;
}

/**
 * The address of the share page with the share value, the token and the blanked payload.
 * They travel in the fragment, so they never reach a server log or a Referer header; a
 * configured address may place them itself with `{share}`, `{token}`, `{payload}`.
 */
export function shareFrameUrl(base: string, signOn: { share: string; token: string; payload: Partial<AnalyticsPayload> }, lang: string): string {
  const payload = JSON.stringify(blankPayload(signOn.payload));
  if (/\{(share|token|payload)\}/.test(base)) {
    return base
      .replaceAll('{share}', encodeURIComponent(signOn.share))
      .replaceAll('{token}', encodeURIComponent(signOn.token))
      .replaceAll('{payload}', encodeURIComponent(payload));
  }
  const params = new URLSearchParams({ share: signOn.share, token: signOn.token, payload, lang });
  return `${base.split('#')[0]}#${params.toString()}`;
}

/** What the screen shows once both calls have answered. */
export function reportState(base: string, signOn: SignOn, lang: string): ReportState {
  if (!signOn.share || !signOn.token) return { kind: 'missingToken' };
  return { kind: 'ready', url: shareFrameUrl(base, { share: signOn.share, token: signOn.token, payload: signOn.payload ?? {} }, lang) };
}

/** What the report screen wrote into the share page's fragment. */
export interface ShareLink {
  share: string;
  token: string;
  payload: Partial<AnalyticsPayload>;
  lang: string;
}

/** Reads the fragment the report screen wrote (the share page's side). */
export function readShareFragment(hash: string): ShareLink | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const share = params.get('share');
  const token = params.get('token');
  if (!share || !token) return undefined;
  let payload: Partial<AnalyticsPayload> = {};
  try {
    const parsed: unknown = JSON.parse(params.get('payload') ?? '{}');
    if (parsed && typeof parsed === 'object') payload = parsed as Partial<AnalyticsPayload>;
  } catch {
    payload = {};
  }
  return { share, token, payload, lang: params.get('lang') ?? '' };
}

/** The share page asks the report screen framing it to export its table (it has no portal session of its own). */
export const REPORT_EXPORT_MESSAGE = 'fp-report-export';

/** The filters of a report-table export, as the share page last applied them. */
export interface ReportExportFilters {
  startDate?: string;
  endDate?: string;
  bu?: string;
  province?: string;
}

/**
 * The filters of an export request posted by the share page; undefined for any other message.
 * Only short text values are kept: the server checks them with the dashboard data call's schema.
 */
export function readExportRequest(data: unknown): ReportExportFilters | undefined {
  if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== REPORT_EXPORT_MESSAGE) return undefined;
  const filters: ReportExportFilters = {};
  for (const key of ['startDate', 'endDate', 'bu', 'province'] as const) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '' && value.length <= 64) filters[key] = value;
  }
  return filters;
}
