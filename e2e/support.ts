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

/** An access token from the login call. */
export async function apiToken(request: APIRequestContext, username = 'operator'): Promise<string> {
  const res = await request.post('/API-SYSTEM/login', { data: { username, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: { access_token: string } }).result.access_token;
}
