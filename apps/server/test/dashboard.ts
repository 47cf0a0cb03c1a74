import { expect } from 'vitest';
import { API, type DashboardData, type Lang } from '@field-portal/shared';
import type { Harness } from './harness.js';

/**
 * A report screen's data as its framed share page reads it (spec 001 section 2.6): the screen's
 * dashboard id (its menu entry's sort), `user`'s share value and analytics token, then the data
 * call with `body` (a period, filters) in `lang`. Each step must answer 200.
 */
export async function dashboardData(
  h: Harness,
  token: string,
  user: string,
  router: string,
  body: Record<string, string> = {},
  lang: Lang = 'zh',
): Promise<DashboardData> {
  const [row] = await h.database.query<{ sort: number }>(`select m.sort from menus m where m.router = $1`, [router]);
  const id = Number(row!.sort);
  const auth = { ...h.auth(token), username: user };
  const share = await h.app.inject({ method: 'GET', url: API.analytics.share.replace(':id', String(id)), headers: auth });
  expect(share.statusCode, share.body).toBe(200);
  const login = await h.app.inject({ method: 'POST', url: API.analytics.login, headers: auth });
  expect(login.statusCode, login.body).toBe(200);
  const res = await h.app.inject({
    method: 'POST',
    url: API.analytics.data.replace(':id', String(id)),
    headers: { language: lang },
    payload: { share: share.json().result, token: login.json().result.header.token, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as DashboardData;
}
