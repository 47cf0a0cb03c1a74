import { expect, test, type Page } from '@playwright/test';
import { mainMenu, png, signIn } from './support';

const dialog = (page: Page) => page.getByRole('dialog');
const saveDialog = (page: Page) =>
  dialog(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();

test('admin creates an app in a classification, adds a carousel item and reorders the carousel', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/#/system/appManagement');
  const apps = page.locator('[data-screen="app"]');
  await expect(apps.getByRole('cell', { name: /企业微信拜访/ })).toBeVisible();

  await apps.getByRole('button', { name: /新\s*增/ }).click();
  // the dialog names one record, not the screen
  await expect(dialog(page).getByText('新增应用', { exact: true })).toBeVisible();
  // the form shows the server's rules before anything is sent
  await saveDialog(page);
  await expect(dialog(page).getByText('请输入应用名称')).toBeVisible();
  await expect(dialog(page).locator('.ant-form-item-explain-error', { hasText: '请选择应用分类' })).toBeVisible();
  await dialog(page).getByLabel('应用标识').fill('e2e-academic');
  await dialog(page).getByLabel('应用名称').fill('E2E 学术助手');
  await dialog(page).getByLabel('应用分类').click();
  await page.locator('.ant-select-dropdown').getByText('医学支持', { exact: true }).click();
  await dialog(page).getByLabel('链接地址').fill('https://academic.example.com');
  await dialog(page)
    .locator('input[type=file]')
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png(64, 64, [22, 119, 255], [114, 46, 209]) });
  await expect(dialog(page).locator('img.fp-apps-icon')).toBeVisible();
  await saveDialog(page);
  await expect(dialog(page)).toBeHidden();
  const row = apps.getByRole('row', { name: /E2E 学术助手/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('医学支持')).toBeVisible();
  await expect(row.locator('img.fp-apps-icon')).toBeVisible();

  // the classification now counts the app
  await page.getByRole('tab', { name: '应用分类' }).click();
  await expect(page.locator('[data-screen="classification"]').getByRole('row', { name: /医学支持/ })).toContainText('3');

  await page.getByRole('tab', { name: '轮播图' }).click();
  const carousel = page.locator('[data-screen="carousel"]');
  await expect(carousel.locator('[data-carousel]')).toHaveCount(3);
  await carousel.getByRole('button', { name: /新\s*增/ }).click();
  await dialog(page).getByLabel('标题').fill('E2E 轮播');
  await saveDialog(page);
  await expect(dialog(page).getByText('请上传轮播图片')).toBeVisible();
  await dialog(page)
    .locator('input[type=file]')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(320, 128, [255, 173, 20], [245, 34, 45]) });
  await expect(dialog(page).locator('img.fp-apps-banner')).toBeVisible();
  await saveDialog(page);
  await expect(dialog(page)).toBeHidden();
  const titles = () => carousel.locator('[data-carousel]').evaluateAll((items) => items.map((i) => i.getAttribute('data-carousel')));
  await expect.poll(titles).toEqual(['新品上市学术周', '合规培训提醒', '医学季度报告', 'E2E 轮播']);
  await carousel.getByRole('button', { name: '上移 E2E 轮播' }).click();
  await expect.poll(titles).toEqual(['新品上市学术周', '合规培训提醒', 'E2E 轮播', '医学季度报告']);
  await carousel.getByRole('button', { name: '上移 E2E 轮播' }).click();
  await expect.poll(titles).toEqual(['新品上市学术周', 'E2E 轮播', '合规培训提醒', '医学季度报告']);
  // the order is the server's: it survives a reload
  await page.reload();
  await page.getByRole('tab', { name: '轮播图' }).click();
  await expect.poll(titles).toEqual(['新品上市学术周', 'E2E 轮播', '合规培训提醒', '医学季度报告']);
});

test('admin edits a medicine with a competitor; a repeated competitor is refused', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/#/dataManage/medicineDurg');
  const screen = page.locator('[data-screen="medicine"]');
  const row = screen.getByRole('row', { name: /菲立康/ });
  await expect(row.getByText('康瑞宁')).toBeVisible();
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(dialog(page).getByText('编辑药品', { exact: true })).toBeVisible();
  await dialog(page).getByRole('button', { name: '添加竞品' }).click();
  await dialog(page).getByLabel('竞品名称 3').fill('康瑞宁');
  await saveDialog(page);
  await expect(dialog(page).getByText('竞品重复: 康瑞宁')).toBeVisible();
  await dialog(page).getByLabel('竞品名称 3').fill('新竞品');
  await dialog(page).getByLabel('竞品别名 3').fill('NewComp');
  await saveDialog(page);
  await expect(dialog(page)).toBeHidden();
  await expect(row.getByText('新竞品 (NewComp)')).toBeVisible();
  // search finds it by its code
  await screen.getByRole('searchbox').fill('FLK');
  await screen.getByRole('searchbox').press('Enter');
  await expect(screen.getByRole('row')).toHaveCount(2);
});

test('admin changes home data and the home page shows it', async ({ page }) => {
  await signIn(page, 'admin');
  // Coverage is counted from the demo rows (2,000 hospitals), not typed in.
  await expect(page.locator('[data-stat="hospitals"]')).toContainText('2,000');
  await page.goto('/#/dataManage/homeData');
  const row = page.locator('[data-screen="homeData"]').getByRole('row', { name: /collectionPoints/ });
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await dialog(page).getByLabel('数值').fill('-5');
  await saveDialog(page);
  await expect(dialog(page).getByText('请输入数值(不小于 0 的整数)')).toBeVisible();
  await dialog(page).getByLabel('数值').fill('45678');
  await saveDialog(page);
  await expect(dialog(page)).toBeHidden();
  await expect(row).toContainText('45,678');
  await page.goto('/#/dashboard');
  await expect(page.locator('[data-stat="collectionPoints"]')).toContainText('45,678');
  await expect(page.locator('[data-stat="hospitals"]')).toContainText('2,000');
  await expect(page.locator('[data-chart="月度拜访数"]')).toBeVisible();
});

test('admin edits the enterprise settings and the footer and the login page change', async ({ page, browser }) => {
  await signIn(page, 'admin');
  await page.goto('/#/system/setting');
  const screen = page.locator('[data-screen="setting"]');
  await expect(screen.getByLabel('企业名称')).toHaveValue('菲尔德医药');
  await screen.getByLabel('企业名称').fill('');
  await screen.getByRole('button', { name: /保\s*存/ }).click();
  await expect(screen.getByText('请输入企业名称')).toBeVisible();
  await screen.getByLabel('企业名称').fill('菲尔德医药 E2E');
  await screen.getByLabel('版权信息').fill('Copyright © 2026 E2E Pharma');
  await screen.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.fp-footer')).toContainText('Copyright © 2026 E2E Pharma');

  const fresh = await browser.newPage();
  await fresh.goto('/#/login');
  await expect(fresh.locator('.fp-login-sub')).toHaveText('菲尔德医药 E2E');
  await expect(fresh.locator('.fp-footer')).toContainText('Copyright © 2026 E2E Pharma');
  await fresh.close();
});

test('a sales representative has none of these screens and the server refuses the calls', async ({ page }) => {
  await signIn(page, 'rep01');
  await expect(mainMenu(page).getByText('数据管理')).toHaveCount(0);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('token') ?? '{}') as { token?: string }).token ?? '');
  expect(token).not.toBe('');
  const res = await page.request.get('/API-DATA/medicine/list', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
});
