import { API, type AnalyticsConfig, type AnalyticsLoginResult } from '@field-portal/shared';
import { getResult, postResult } from '@/lib/http';

/** Share value of a dashboard (spec 001 section 7.9): GET with the username header. */
export function fetchShare(id: number, username: string): Promise<string | null> {
  return getResult<string | null>(API.analytics.share.replace(':id', String(id)), { headers: { username } });
}

/** Token and payload (spec 001 section 7.9): POST, empty body, username header. */
export function analyticsLogin(username: string): Promise<AnalyticsLoginResult | null> {
  return postResult<AnalyticsLoginResult | null>(API.analytics.login, undefined, { headers: { username } });
}

/** Where the share page is. */
export function fetchAnalyticsConfig(): Promise<AnalyticsConfig> {
  return getResult<AnalyticsConfig>(API.analytics.config);
}
