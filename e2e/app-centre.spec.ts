import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, mainMenu, signIn } from './support';

async function adminHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request, 'admin')}` };
}

/** An app whose link is a page of the portal itself, so the opened window loads for real. */
async function createPortalApp(request: APIRequestContext, name: string): Promise<string> {
  const headers = await adminHeaders(request);
  const classes = await request.get('/API-APP/appClassification/list', { headers, params: { page: 1, size: 10 } });
  const office = ((await classes.json()) as { result: { list: { id: number; name: string }[] } }).result.list.find((c) => c.name === '办公协同')!;
  const appKey = `e2e-centre-${Date.now() % 1_000_000}`;
  const res = await request.post('/API-APP/appManage/initialization', {
    headers,
    data: { appKey, name, nameEn: 'E2E health', classificationId: office.id, url: '/healthz', description: '打开门户的健康检查' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return appKey;
}

const tile = (page: Page, section: string, name: string) =>
  page
    .getByRole('region', { name: section })
    .locator('.fp-centre-app')
    .filter({ has: page.getByRole('button', { name: `打开 ${name}`, exact: true }) });

test('a representative opens the app centre, stars an app, and opens an app that verifies who opened it, once', async ({ page, request }) => {
  const name = `E2E 健康检查 ${Date.now() % 1000}`;
  const appKey = await createPortalApp(request, name);
  await signIn(page, 'rep01');
  await mainMenu(page).getByRole('link', { name: '应用中心', exact: true }).click();
  await expect(page).toHaveURL(/#\/appCentre$/);
  await expect(page.getByRole('heading', { name: '应用中心', level: 1 })).toBeVisible();

  // every app the role may use, by classification; the MSL-only app is not among them
  const all = page.getByRole('region', { name: '全部应用' });
  await expect(all.getByRole('group', { name: '办公协同' }).getByRole('button', { name: '打开 企业微信拜访' })).toBeVisible();
  await expect(all.getByRole('group', { name: '医学支持' }).getByRole('button', { name: '打开 问卷调研' })).toBeVisible();
  await expect(all.getByRole('button', { name: '打开 MSL 工作台' })).toHaveCount(0);
  // the demo data's three waiting surveys show on the app
  await expect(tile(page, '全部应用', '问卷调研').locator('.ant-badge-count')).toHaveText('3');

  // star an app: it joins the frequently used apps
  await expect(page.getByRole('region', { name: '常用应用' })).toContainText('点击应用右侧的星标');
  await tile(page, '全部应用', '会议创建').getByRole('button', { name: '加入常用 会议创建' }).click();
  await expect(page.getByText('已将 会议创建 加入常用应用')).toBeVisible();
  await expect(tile(page, '常用应用', '会议创建')).toBeVisible();
  await expect(tile(page, '全部应用', '会议创建').getByRole('button', { name: '移出常用 会议创建' })).toHaveAttribute('aria-pressed', 'true');

  // open the portal app: a new window with the signed launch parameters
  const popup = page.waitForEvent('popup');
  await tile(page, '全部应用', name)
    .getByRole('button', { name: `打开 ${name}` })
    .click();
  const opened = await popup;
  await expect.poll(() => new URL(opened.url()).pathname).toBe('/healthz');
  await expect(opened.locator('body')).toContainText('"status":"ok"');
  const launch = Object.fromEntries(new URL(opened.url()).searchParams);
  expect(launch).toMatchObject({ appKey, account: 'rep01' });

  // the app's server asks the portal who opened it: answered once, refused the second time
  const first = await request.post('/API-APP/open-api/verifySign', { data: launch });
  expect(first.status(), await first.text()).toBe(200);
  expect(((await first.json()) as { result: { account: string; appKey: string } }).result).toMatchObject({ account: 'rep01', appKey });
  const second = await request.post('/API-APP/open-api/verifySign', { data: launch });
  expect(second.status()).toBe(401);
  expect(((await second.json()) as { msg: string }).msg).toBe('签名已使用');
  await opened.close();

  // the use is recorded: the app leads the recently used apps
  await expect(page.getByRole('region', { name: '最近使用' }).locator('.fp-centre-app').first()).toContainText(name);

  // unstar: it leaves the frequently used apps again
  await tile(page, '常用应用', '会议创建').getByRole('button', { name: '移出常用 会议创建' }).click();
  await expect(page.getByRole('region', { name: '常用应用' })).toContainText('点击应用右侧的星标');
});

test('the home page tile opens the app centre, in English too', async ({ page }) => {
  await signIn(page, 'rep01');
  await page.locator('[data-tile="appCentre"]').click();
  await expect(page).toHaveURL(/#\/appCentre$/);
  await page.getByText('English', { exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'All apps' }).getByRole('group', { name: 'Office' }).getByRole('button', { name: 'Open Enterprise-chat visit' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recently used' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'App centre', level: 1 })).toBeVisible();
  await page.getByText('中文', { exact: true }).click();
  await expect(page.getByRole('heading', { name: '应用中心', level: 1 })).toBeVisible();
});
