import { expect, test, type Page } from '@playwright/test';
import { API } from '@field-portal/shared';
import { apiToken, mainMenu, signIn } from './support';

const tagBar = (page: Page) => page.getByTestId('tag-bar');
const tagPaths = (page: Page) =>
  tagBar(page)
    .locator('[data-tag-path]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-tag-path')));

test('a representative sees only the menus and routes of the role', async ({ page }) => {
  await signIn(page, 'rep01');
  const menu = mainMenu(page);
  for (const name of ['首页', '客户', '任务', '内容中心']) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of ['卡片', '推荐', '系统管理', '报表']) await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0);

  await page.goto('/#/system/user');
  await expect(page).toHaveURL(/#\/404$/);
  await expect(page.getByText('页面不存在', { exact: false })).toBeVisible();
});

test('close others keeps the pinned dashboard and the chosen tab', async ({ page }) => {
  await signIn(page, 'rep01');
  const menu = mainMenu(page);
  await menu.getByRole('link', { name: '任务', exact: true }).click();
  await expect(page).toHaveURL(/#\/task\/myPlan$/);
  await menu.getByRole('link', { name: '内容中心', exact: true }).click();
  await expect(page).toHaveURL(/#\/contentCenter\/contentCenterIndex$/);
  await menu.getByRole('link', { name: '客户', exact: true }).click();
  await expect(page).toHaveURL(/#\/customer\/doctorTeamManager$/);
  await expect.poll(() => tagPaths(page)).toEqual(['/dashboard', '/task/myPlan', '/contentCenter/contentCenterIndex', '/customer/doctorTeamManager']);

  await tagBar(page).locator('[data-tag-path="/customer/doctorTeamManager"]').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();

  await expect.poll(() => tagPaths(page)).toEqual(['/dashboard', '/customer/doctorTeamManager']);
  await expect(page).toHaveURL(/#\/customer\/doctorTeamManager$/);
});

test('tabs opened from a second sidebar stay open when another area opens', async ({ page }) => {
  await signIn(page, 'rep01');
  const menu = mainMenu(page);
  await menu.getByRole('link', { name: '客户', exact: true }).click();
  await expect(page).toHaveURL(/#\/customer\/doctorTeamManager$/);
  await page.getByRole('menuitem', { name: '全部医生' }).click();
  await expect(page).toHaveURL(/#\/customer\/totaldoctor$/);
  await menu.getByRole('link', { name: '任务', exact: true }).click();
  await expect(page).toHaveURL(/#\/task\/myPlan$/);
  await expect.poll(() => tagPaths(page)).toEqual(['/dashboard', '/customer/doctorTeamManager', '/customer/totaldoctor', '/task/myPlan']);

  await tagBar(page).locator('[data-tag-path="/customer/totaldoctor"]').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();

  await expect.poll(() => tagPaths(page)).toEqual(['/dashboard', '/customer/totaldoctor']);
  await expect(page).toHaveURL(/#\/customer\/totaldoctor$/);
  await expect(page.getByRole('heading', { name: '全部医生', level: 1 })).toBeVisible();
});

test('records open as tabs of their own name; an overflowing tag bar scrolls and lists every tab; a detail page without its record goes to its list', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'rep01');
  const res = await request.get(API.customers.doctor.list, { headers: { authorization: `Bearer ${token}` }, params: { doctorRange: 'internal', size: 16 } });
  const doctors = ((await res.json()) as { result: { content: { id: number; name: string }[] } }).result.content;
  expect(doctors).toHaveLength(16);
  await signIn(page, 'rep01');

  // Each doctor's business record is a tab titled with the doctor (业务记录 · name), not sixteen 业务记录.
  for (const d of doctors) {
    await page.goto(`/#/customer/businessRecord/${d.id}/${encodeURIComponent(d.name)}`);
    await expect(tagBar(page).getByRole('button', { name: `业务记录 · ${d.name}`, exact: true })).toHaveAttribute('aria-current', 'page');
  }
  const titles = await tagBar(page).locator('.fp-tag-label').allTextContents();
  expect(new Set(titles).size).toBe(titles.length);

  // Seventeen tabs are wider than the bar: the active one is scrolled into view, and the rest are listed.
  const last = doctors.at(-1)!;
  await expect(tagBar(page).getByRole('button', { name: `业务记录 · ${last.name}`, exact: true })).toBeInViewport();
  await tagBar(page).getByRole('button', { name: '全部标签（17）' }).click();
  const first = doctors[0]!;
  await page.getByRole('menuitem', { name: `业务记录 · ${first.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/customer/businessRecord/${first.id}/`));
  await expect(tagBar(page).getByRole('button', { name: `业务记录 · ${first.name}`, exact: true })).toBeInViewport();

  // The whole active tab is in view, its close button too, in either language (the English words are wider).
  const activeClose = tagBar(page).locator('.fp-tag.is-active .fp-tag-close');
  await page.goto(`/#/customer/businessRecord/${last.id}/${encodeURIComponent(last.name)}`);
  await expect(activeClose).toBeInViewport({ ratio: 1 });
  await page.getByText('English', { exact: true }).click();
  await expect(tagBar(page).getByRole('button', { name: /^All tabs/ })).toBeVisible();
  await expect(activeClose).toBeInViewport({ ratio: 1 });
  await page.getByText('中文', { exact: true }).click();
  await expect(tagBar(page).getByRole('button', { name: '全部标签（17）' })).toBeVisible();

  // A detail page opened without its record goes to its list, and leaves no tab behind.
  await page.goto('/#/task/taskRecordDetail');
  await expect(page).toHaveURL(/#\/task\/taskRecord$/);
  await expect(page.getByRole('heading', { name: '任务记录', level: 1 })).toBeVisible();
  await expect.poll(() => tagPaths(page)).toContain('/task/taskRecord');
  await expect.poll(() => tagPaths(page)).not.toContain('/task/taskRecordDetail');
});

test('switching to English and back relabels the shell and keeps the choice in the cookie', async ({ page, context }) => {
  await signIn(page, 'rep01');
  const languageCookie = async () => (await context.cookies()).find((c) => c.name === 'language')?.value;

  await page.getByText('English', { exact: true }).click();
  const menuEn = mainMenu(page, 'Main menu');
  await expect(menuEn.getByRole('link', { name: 'Customers', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page.getByText('Days online')).toBeVisible();
  expect(await languageCookie()).toBe('en');

  await page.getByText('中文', { exact: true }).click();
  await expect(mainMenu(page).getByRole('link', { name: '客户', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '首页', level: 1 })).toBeVisible();
  await expect(page.getByText('上线天数')).toBeVisible();
  expect(await languageCookie()).toBe('zh');
});

test('a reload keeps the user signed in, on the same page, with the open tabs', async ({ page }) => {
  await signIn(page, 'rep01');
  await mainMenu(page).getByRole('link', { name: '任务', exact: true }).click();
  await expect(page).toHaveURL(/#\/task\/myPlan$/);

  await page.reload();

  await expect(mainMenu(page)).toBeVisible();
  await expect(page).toHaveURL(/#\/task\/myPlan$/);
  await expect(page.getByRole('heading', { name: '我的计划', level: 1 })).toBeVisible();
  await expect.poll(() => tagPaths(page)).toEqual(['/dashboard', '/task/myPlan']);
  await expect(page.getByRole('button', { name: /登\s*录/ })).toHaveCount(0);
});

test("a page whose code does not arrive says so in the user's words, keeps the menus, and shows after a reload", async ({ page, context }) => {
  await signIn(page, 'rep01');
  // The network gone (as after an upgrade, the page's file cannot be had): 我的计划's code was never loaded.
  await context.setOffline(true);
  await mainMenu(page).getByRole('link', { name: '任务', exact: true }).click();
  await expect(page).toHaveURL(/#\/task\/myPlan$/);
  const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: '此页面未能加载', level: 2 }) });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('门户可能已更新到新版本，或网络连接中断');
  // the browser's own words (a file's address) are not what the user reads
  await expect(failure).not.toContainText('assets/');
  // the menus stay and still lead elsewhere
  await expect(mainMenu(page).getByRole('link', { name: '首页', exact: true })).toBeVisible();

  await context.setOffline(false);
  await failure.getByRole('button', { name: '重新加载' }).click();
  await expect(page.getByRole('heading', { name: '我的计划', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/#\/task\/myPlan$/);
  await expect(page.getByRole('heading', { name: '此页面未能加载' })).toHaveCount(0);
});

test('an invalid access token is refreshed once without the user noticing', async ({ page }) => {
  await signIn(page, 'rep01');
  await mainMenu(page).getByRole('link', { name: '客户', exact: true }).click();
  await expect(page).toHaveURL(/#\/customer\/doctorTeamManager$/);

  const refreshCalls: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/API-SYSTEM/oauth/token')) refreshCalls.push(request.method());
  });
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });
  // Tamper with the signature of the stored access token; its lifetime still looks valid.
  await page.evaluate(() => {
    const record = JSON.parse(localStorage.getItem('token') ?? '{}') as { token: string };
    record.token = `${record.token.slice(0, -6)}AAAAAA`;
    localStorage.setItem('token', JSON.stringify(record));
  });

  // A reload makes its first calls (user info, the page's data) with the tampered token.
  await page.reload();
  await expect(page).toHaveURL(/#\/customer\/doctorTeamManager$/);
  await tagBar(page).locator('[data-tag-path="/dashboard"]').click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByText('上线天数')).toBeVisible();
  // Every call refused for the tampered token waited for the one refresh and was answered after it.
  expect(refused.length).toBeGreaterThan(0);
  await expect.poll(() => refreshCalls).toEqual(['POST']);
  await expect(page.getByText('登录已失效')).toHaveCount(0);
});

test('log out asks first, lands on the login page, and back does not show a signed-in page', async ({ page }) => {
  await signIn(page, 'rep01');
  await mainMenu(page).getByRole('link', { name: '任务', exact: true }).click();
  await expect(page).toHaveURL(/#\/task\/myPlan$/);

  await page.getByRole('button', { name: '个人菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('确认退出登录?');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();

  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refresh_token'), sessionStorage.length])).toEqual([null, null, 0]);

  await page.goBack();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
  await expect(mainMenu(page)).toHaveCount(0);
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByLabel('用户名', { exact: true }).fill('operator');
  await page.getByLabel('密码', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
  await expect(page).toHaveURL(/#\/login$/);
});

test('a watermarked page shows the user and restores a removed watermark', async ({ page }) => {
  await signIn(page, 'rep01');
  await expect(page.locator('[data-watermark]')).toHaveCount(0);
  await mainMenu(page).getByRole('link', { name: '客户', exact: true }).click();
  const mark = page.locator('[data-watermark]');
  await expect(mark).toHaveCount(1);
  expect(decodeURIComponent((await mark.getAttribute('style')) ?? '')).toContain('rep01 代表1');
  await page.evaluate(() => document.querySelector('[data-watermark]')?.remove());
  await expect(mark).toHaveCount(1);
});
