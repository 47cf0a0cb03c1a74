import { API, type DashboardData, type Lang } from '@field-portal/shared';

export class ShareError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface DashboardQuery {
  startDate?: string | undefined;
  endDate?: string | undefined;
  bu?: string | undefined;
  province?: string | undefined;
}

/**
 * The dashboard behind a share value. The share page has no portal session: the share value
 * and the token are its credentials, sent in the body (never in a URL).
 */
export async function fetchDashboard(id: number, share: string, token: string, query: DashboardQuery, lang: Lang): Promise<DashboardData> {
  const response = await fetch(API.analytics.data.replace(':id', String(id)), {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: lang },
    body: JSON.stringify({ share, token, ...query }),
  });
  const body = (await response.json().catch(() => ({}))) as { code?: number; msg?: string; result?: DashboardData };
  if (!response.ok || !body.result) throw new ShareError(response.status, body.msg ?? response.statusText);
  return body.result;
}

/** The dashboard id a share value names (its signature is checked by the server, not here). */
export function dashboardIdOfShare(share: string): number | undefined {
  try {
    const claims = JSON.parse(atob(share.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { dash?: unknown };
    return typeof claims.dash === 'number' ? claims.dash : undefined;
  } catch {
    return undefined;
  }
}
