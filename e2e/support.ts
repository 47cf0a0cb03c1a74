import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Helpers every journey uses: the demo password, the main menu, signing in through the page or the API. */

export const PASSWORD = 'demo1234';

export const mainMenu = (page: Page, name = '主菜单') => page.getByRole('navigation', { name });

/** Signs in on the login page and waits for the layout; by default also for the landing on the dashboard. */
export async function signIn(page: Page, username = 'operator', options: { password?: string; landsOnDashboard?: boolean } = {}) {
  await page.goto('/#/login');
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(options.password ?? PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(mainMenu(page)).toBeVisible();
  if (options.landsOnDashboard ?? true) await expect(page).toHaveURL(/#\/dashboard$/);
}

/**
 * Tokens the journeys' API calls reuse for a few minutes: sign-ins from one address are limited to
 * LOGIN_LOCK.perAddressPerMinute a minute, and every journey signs in from the same one.
 */
const tokens = new Map<string, { token: string; at: number }>();
const TOKEN_REUSE_MS = 5 * 60_000;

/** An access token of `username` (from the login call, or a recent one that still works). */
export async function apiToken(request: APIRequestContext, username = 'operator'): Promise<string> {
  const kept = tokens.get(username);
  if (kept && Date.now() - kept.at < TOKEN_REUSE_MS) {
    const check = await request.get('/API-SYSTEM/user/info', { headers: { authorization: `Bearer ${kept.token}` } });
    if (check.ok()) return kept.token;
  }
  const res = await request.post('/API-SYSTEM/login', { data: { username, password: PASSWORD } });
  expect(res.status()).toBe(200);
  const token = ((await res.json()) as { result: { access_token: string } }).result.access_token;
  tokens.set(username, { token, at: Date.now() });
  return token;
}
