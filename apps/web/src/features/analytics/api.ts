import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { API, type AnalyticsConfig, type AnalyticsLoginResult, type MenuEntry } from '@field-portal/shared';
import { getResult, postResult } from '@/lib/http';
import { FIRST_DATA_FRESH_MS } from '@/lib/lazy-page';
import { userInfoQuery } from '@/lib/session/queries';
import { dashboardIdOf } from './report-rules';

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

/** What a report screen needs before it frames its share page: the three calls, together. */
export interface ReportSignOn {
  share: string | null;
  login: AnalyticsLoginResult | null;
  config: AnalyticsConfig;
}

/**
 * A report screen's sign-on as one query. Fresh for FIRST_DATA_FRESH_MS only: asked for ahead with
 * the screen's code (below) or by its first render, and anew on a later visit (the screen reads it
 * with `fetchQuery`, so a visit never shows an older share value and then reloads with a newer one).
 */
export const reportSignOnQuery = (id: number, username: string) =>
  queryOptions({
    queryKey: ['analytics', 'signOn', id, username],
    queryFn: async (): Promise<ReportSignOn> => {
      const [share, login, config] = await Promise.all([fetchShare(id, username), analyticsLogin(username), fetchAnalyticsConfig()]);
      return { share, login, config };
    },
    staleTime: FIRST_DATA_FRESH_MS,
  });

/**
 * A report screen's first data (docs/decisions/0055): its sign-on, asked for as soon as the menus
 * say which screen is opened, while the layout and the screen are still being drawn.
 */
export async function prefetchReportSignOn(client: QueryClient, router: string, menuList: readonly MenuEntry[]): Promise<void> {
  const id = dashboardIdOf(menuList, router);
  if (id === undefined) return;
  const user = await client.fetchQuery(userInfoQuery);
  await client.prefetchQuery(reportSignOnQuery(id, user.username));
}
