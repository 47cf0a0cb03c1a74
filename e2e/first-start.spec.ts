import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { FIRST_START_DATA_DIR, FIRST_START_PORTAL_URL } from './ports';
import { mainMenu } from './support';

/**
 * The first start without demo data (docs/decisions/0041): a portal started with DEMO_DATA=false
 * on an empty data folder (playwright.config.ts) writes its one-time setup link to
 * DATA_DIR/setup-link.txt; the setup page names the company and creates the first administrator,
 * who lands signed in; the link is dead afterwards.
 */
test.use({ baseURL: FIRST_START_PORTAL_URL, viewport: { width: 1366, height: 900 } });

const linkFile = path.join(FIRST_START_DATA_DIR, 'setup-link.txt');

/** No serious or critical accessibility violation on the page as it stands. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

test('the console link sets up an empty portal: company, first administrator, signed in; the link is dead afterwards', async ({ page, context }, testInfo) => {
  test.setTimeout(120_000);
  const link = fs.readFileSync(linkFile, 'utf8').trim();
  expect(link).toMatch(new RegExp(`^${FIRST_START_PORTAL_URL}/setup\\?token=[\\w-]{43}$`));
  const host = new URL(FIRST_START_PORTAL_URL).hostname;

  // In English first: labelled fields, the first one focused, no serious accessibility problem.
  await context.addCookies([{ name: 'language', value: 'en', domain: host, path: '/' }]);
  await page.goto(link);
  await expect(page).toHaveURL(/#\/setup\?token=/);
  await expect(page.getByRole('heading', { name: 'Set up the portal' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toBeFocused();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('setup-en.png'), fullPage: true });

  await context.addCookies([{ name: 'language', value: 'zh', domain: host, path: '/' }]);
  await page.reload();
  await expect(page.getByRole('heading', { name: '设置门户' })).toBeVisible();
  await expect(page.getByLabel('公司名称')).toBeFocused();
  await expectAccessible(page);

  // Nothing filled in: each field says what it needs, nothing is sent.
  await page.getByRole('button', { name: '完成设置并登录' }).click();
  await expect(page.getByText('请填写公司名称', { exact: true })).toBeVisible();
  await expect(page.getByText('请填写管理员登录名', { exact: true })).toBeVisible();
  await expect(page.getByText('请设置管理员密码', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('setup-zh-empty.png'), fullPage: true });

  await page.getByLabel('公司名称').fill('远山制药');
  await page.getByLabel('登录名').fill('chief');
  await page.getByLabel('姓名').fill('张主任');
  await page.getByLabel('邮箱').fill('chief@yuanshan.example');
  // A common password passes the form's length check; the server refuses it, next to the field.
  await page.getByLabel('密码', { exact: true }).fill('password123');
  await page.getByLabel('确认密码').fill('password123');
  await page.getByRole('button', { name: '完成设置并登录' }).click();
  await expect(page.getByText('密码过于常见,请换一个', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('setup-zh.png'), fullPage: true });

  await page.getByLabel('密码', { exact: true }).fill('Lantern-Harbour-72');
  await page.getByLabel('确认密码').fill('Lantern-Harbour-72');
  await page.getByRole('button', { name: '完成设置并登录' }).click();

  // Signed in as the administrator, on the home page, with the administration menus.
  await expect(page).not.toHaveURL(/setup/);
  await expect(page.getByRole('button', { name: '个人菜单' })).toContainText('张主任');
  await expect(mainMenu(page).getByRole('link', { name: '系统管理', exact: true })).toBeVisible();
  // The home page of an empty portal: the greeting, the figures counted from no rows (zeros), no error.
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { name: '您好,张主任' })).toBeVisible();
  await expect(page.locator('[data-stat="doctors"]')).toContainText('0');
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  await expect(page.getByText(/出错|失败/)).toHaveCount(0);
  // No doctors yet: the administrator is told where to bring the company's data, and in which order.
  const firstSteps = page.getByRole('region', { name: '门户里还没有医生数据' });
  await expect(firstSteps).toContainText('组织、用户、医院、医生及执业机构、数据权限(辖区)');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('home-after-setup.png') });
  await firstSteps.getByRole('link', { name: /前往导入中心/ }).click();
  await expect(page).toHaveURL(/#\/dataManage\/dataImport$/);
  await expect(page.locator('.fp-import-centre')).toContainText('上传后先做预检');
  expect(fs.existsSync(linkFile)).toBe(false);
  const tenant = await page.request.get(`/API-SYSTEM/tenant/info?domain=${host}`);
  expect((await tenant.json()).result.enterpriseName).toBe('远山制药');

  // The link again: it is used, and says so.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '门户已设置完成' })).toBeVisible();
  await expect(page.getByText('设置链接只能使用一次,现已失效。请用管理员账号登录。')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('setup-used-zh.png') });
  await page.getByRole('button', { name: '前往登录' }).click();
  await expect(page).toHaveURL(/#\/login/);
});
