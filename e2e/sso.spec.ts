import { expect, test, type Page } from '@playwright/test';
import { IDENTITY_PROVIDER_URL, SSO_PORTAL_URL } from './ports';
import { mainMenu, PASSWORD } from './support';

/**
 * Single sign-on (spec 001 sections 2.1, 4 and 7.1) against a real OpenID Connect provider:
 * oidc-provider with its development pages, where any login name with any password signs in as
 * that account. This portal is set up with it (playwright.config.ts).
 */
test.use({ baseURL: SSO_PORTAL_URL });

const provider = new RegExp(`^${IDENTITY_PROVIDER_URL.replace(/[.]/g, '\\.')}/`);

/** The provider's sign-in page, then its consent page. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(provider);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('secret');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a signed-out visit goes to the identity provider and comes back signed in, on the page asked for', async ({ page }) => {
  await page.goto('/#/task/today');
  await signInAtProvider(page, 'employee-7001');

  await expect(page).toHaveURL(/localhost:\d+\/#\/task\/today$/);
  await expect(page.getByRole('heading', { name: '今日任务' }).first()).toBeVisible();
  // The account was made from the ID token: name, and the Sales role's menus.
  await expect(page.getByRole('button', { name: '个人菜单' })).toContainText('单点代表');
  await expect(mainMenu(page).getByRole('link', { name: '任务', exact: true })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: '系统管理', exact: true })).toHaveCount(0);
  // Nothing of the sign-in is left in the browser but the portal's own tokens.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sso:')))).toEqual([]);
  expect(await page.evaluate(() => Boolean(localStorage.getItem('token')))).toBe(true);

  // A reload keeps the session without going back to the provider.
  await page.reload();
  await expect(page.getByRole('button', { name: '个人菜单' })).toContainText('单点代表');

  // The personal centre has no portal password to change for this account.
  await page.getByRole('button', { name: '个人菜单' }).click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page.getByText('该账号通过单点登录进入门户,没有门户密码')).toBeVisible();
  await expect(page.getByLabel('原密码')).toHaveCount(0);
});

test('log out ends the session at the provider too, so the next visit asks for a sign-in again', async ({ page }) => {
  await page.goto('/#/dashboard');
  await signInAtProvider(page, 'employee-7002');
  await expect(page.getByRole('button', { name: '个人菜单' })).toContainText('单点运营');

  await page.getByRole('button', { name: '个人菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  // The provider's own logout page, then back to the portal's logout route.
  await expect(page).toHaveURL(provider);
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/#\/logout$/);
  await expect(page.getByText('您已退出登录')).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refresh_token')])).toEqual([null, null]);

  // The provider's session is over too: it asks who you are.
  await page.goto('/#/dashboard');
  await expect(page).toHaveURL(provider);
  await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
});

test('the login page offers single sign-on beside the password, and local accounts still sign in', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: '使用单点登录' })).toBeVisible();
  await expect(page.getByText('或使用账号密码登录')).toBeVisible();
  await page.getByLabel('用户名', { exact: true }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(mainMenu(page)).toBeVisible();
  await expect(page.getByRole('button', { name: '个人菜单' })).toContainText('管理员');
});

test('the single sign-on button on the login page returns to the page that was asked for', async ({ page }) => {
  await page.goto('/#/login?redirect=%2Fnews');
  await page.getByRole('button', { name: '使用单点登录' }).click();
  await signInAtProvider(page, 'employee-7001');
  await expect(page).toHaveURL(/#\/news/);
  await expect(mainMenu(page)).toBeVisible();
});

test('a callback this browser did not start is refused with a way back', async ({ page }) => {
  await page.goto('/authredirect?code=forged&state=not-started-here-0123456789');
  await expect(page).toHaveURL(/#\/authredirect\?code=forged/);
  await expect(page.getByText('单点登录未完成')).toBeVisible();
  await expect(page.getByText('登录请求已过期,或不是从本浏览器发起的,请重新登录')).toBeVisible();
  await page.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/#\/login$/);
});

test('the phone page signs in through the provider and comes back to the feed', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: SSO_PORTAL_URL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/m/');
  await page.getByRole('button', { name: '使用单点登录' }).click();
  await signInAtProvider(page, 'employee-7001');
  await expect(page).toHaveURL(/localhost:\d+\/m\/$/);
  await expect(page.getByRole('heading', { name: '我的卡片' })).toBeVisible();
  await context.close();
});
