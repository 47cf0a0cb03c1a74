import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { apiToken, mainMenu, signIn } from './support';

/** A created text card of the operator, through the real card calls: the card dashboards have something to count. */
async function createCard(request: APIRequestContext, title: string): Promise<number> {
  const headers = { authorization: `Bearer ${await apiToken(request, 'operator')}` };
  const idRes = await request.get('/API-XJP/IdataCardInfo/newCardId', { headers });
  const id = ((await idRes.json()) as { data: { id: number } }).data.id;
  const content = {
    type: 4,
    selectValue: 'study',
    BU: 'PC_All',
    titleName: title,
    zhaiyao: 'A card for the report screens.',
    author: '运营',
    imageUrl: '',
    imageUrl1: '',
    imageUrl2: '',
    imageUrl3: '',
    linkValue: 'https://example.com/article',
    fileList: [],
  };
  const save = await request.post('/API-XJP/IdataCardInfo/updateCard', { headers, data: { id, status: 'created', content: JSON.stringify(content) } });
  expect(save.status(), await save.text()).toBe(200);
  return id;
}

/** Switches a dashboard on or off as the administrator (PUT /API-BI/dashboard/{id}/status). */
async function setDashboard(request: APIRequestContext, id: number, enabled: boolean) {
  const res = await request.put(`/API-BI/dashboard/${id}/status`, {
    headers: { authorization: `Bearer ${await apiToken(request, 'admin')}` },
    data: { enabled },
  });
  expect(res.status()).toBe(200);
}

const reportsMenu = (page: Page) => page.getByRole('complementary', { name: '报表' });

async function openReport(page: Page, name: string, router: string) {
  await reportsMenu(page).getByRole('menuitem', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/reportDownload/${router}$`));
}

test('an administrator opens three report screens from the menu; each frames its dashboard with real figures', async ({ page, request }) => {
  const one = `Report card one ${Date.now() % 100000}`;
  await createCard(request, one);
  await createCard(request, `Report card two ${Date.now() % 100000}`);
  await signIn(page, 'admin');
  await mainMenu(page).getByRole('link', { name: '报表', exact: true }).click();
  await expect(reportsMenu(page)).toBeVisible();

  // Card information: the two cards just created are counted, the charts are drawn.
  await openReport(page, '卡片信息', 'cardInfo');
  const screen = page.getByTestId('report-screen');
  await expect(screen).toHaveAttribute('data-dashboard-id', /^\d+$/);
  const frameElement = page.locator('iframe.fp-report-frame');
  await expect(frameElement).toBeVisible();
  // the frame is the window height less 99 px, once the screen has settled
  const windowHeight = await page.evaluate(() => window.innerHeight);
  await expect.poll(() => frameElement.evaluate((el) => el.getBoundingClientRect().height)).toBe(windowHeight - 99);
  // the share value and token travel in the fragment, not in the query
  expect(await frameElement.getAttribute('src')).toMatch(/^\/bi\/share#share=[\w-]+\.[\w-]+\.[\w-]+&token=/);
  const frame = page.frameLocator('iframe.fp-report-frame');
  await expect(frame.getByRole('heading', { name: '卡片信息' })).toBeVisible();
  const cardsKpi = frame.locator('.ant-statistic').filter({ hasText: '卡片数' }).locator('.ant-statistic-content-value');
  await expect(cardsKpi).toHaveText(/^\d+$/);
  expect(Number(await cardsKpi.textContent())).toBeGreaterThanOrEqual(2);
  await expect(frame.getByTestId('bi-chart-cardsPerDay').locator('.fp-bi-chart svg')).toBeVisible();
  await expect(frame.getByRole('cell', { name: one })).toBeVisible();
  // the BU filter narrows the figures: no card of ours is in Neuro_ALL
  await frame.getByLabel('BU').click();
  await frame.getByTitle('Neuro_ALL').click();
  await frame.getByRole('button', { name: /查\s*询/ }).click();
  await expect(frame.getByRole('cell', { name: one })).toHaveCount(0);
  // The date range is antd's picker (docs/decisions/0044; both its inputs carry the field's name):
  // a click opens its calendar, and a range before the cards were made shows none of them.
  await frame.getByRole('button', { name: /重\s*置/ }).click();
  await expect(frame.getByRole('cell', { name: one })).toBeVisible();
  await frame.getByLabel('日期范围').first().click();
  await expect(frame.locator('.ant-picker-dropdown .ant-picker-panel-container')).toBeVisible();
  const [rangeFrom, rangeTo] = [frame.locator('.ant-picker-range input').first(), frame.locator('.ant-picker-range input').last()];
  await rangeFrom.fill('2020-01-01');
  await rangeFrom.press('Enter');
  await rangeTo.fill('2020-01-31');
  await rangeTo.press('Enter');
  await expect(rangeTo).toHaveValue('2020-01-31');
  await frame.getByRole('button', { name: /查\s*询/ }).click();
  await expect(frame.getByRole('cell', { name: one })).toHaveCount(0);
  await expect(rangeFrom).toHaveValue('2020-01-01');
  // Excel export of the whole table, through the download centre (decision 0022): the badge counts it
  await frame.getByRole('button', { name: /重\s*置/ }).click();
  await expect(frame.getByRole('cell', { name: one })).toBeVisible();
  const badge = page.getByTestId('task-download-badge').locator('.ant-scroll-number');
  const before = Number((await badge.count()) > 0 ? ((await badge.getAttribute('title')) ?? 0) : 0);
  await frame.getByRole('button', { name: /导出 Excel/ }).click();
  await expect(badge).toHaveAttribute('title', String(before + 1));
  await page.getByText('打开下载中心').click();
  const job = page.locator('.fp-download-centre .ant-table-tbody tr.ant-table-row').first();
  await expect(job).toContainText('报表明细');
  const download = page.waitForEvent('download');
  await job.getByRole('button', { name: /下\s*载/ }).click();
  const file = await download;
  expect(decodeURIComponent(file.suggestedFilename())).toMatch(/^卡片信息_\d{4}-\d{2}-\d{2}至\d{4}-\d{2}-\d{2}_\d{8}-\d{6}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toContain('标题');
  const titles: string[] = [];
  sheet.eachRow((row, n) => n > 1 && titles.push(String(row.getCell(header.indexOf('标题') + 1).value)));
  expect(titles).toContain(one);
  await mainMenu(page).getByRole('link', { name: '报表', exact: true }).click();
  await expect(reportsMenu(page)).toBeVisible();

  // System access: fed by the page views this very session has sent.
  await openReport(page, '系统访问', 'systemAc');
  const access = page.frameLocator('iframe.fp-report-frame');
  await expect(access.getByRole('heading', { name: '系统访问' })).toBeVisible();
  await expect
    .poll(
      async () => {
        await access.getByRole('button', { name: /查\s*询/ }).click();
        return Number(await access.locator('.ant-statistic').filter({ hasText: '页面浏览' }).locator('.ant-statistic-content-value').textContent());
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(2);
  await expect(access.getByTestId('bi-chart-visitsPerDay').locator('.fp-bi-chart svg')).toBeVisible();
  await expect(access.getByRole('cell', { name: '/reportDownload/cardInfo' }).first()).toBeVisible();

  // JVISA tracking points: a third-party source the portal does not have, said plainly, no numbers.
  await openReport(page, 'JVISA 系统埋点', 'jvisaSystemPoint');
  const jvisa = page.frameLocator('iframe.fp-report-frame');
  await expect(jvisa.getByTestId('bi-no-data')).toHaveText('数据来源未接入');
  await expect(jvisa.getByText('JVISA 系统的埋点数据')).toBeVisible();
  await expect(jvisa.locator('.ant-statistic')).toHaveCount(0);
});

test('a representative has no report menu, no report page and no share value', async ({ page, request }) => {
  await signIn(page, 'rep01');
  await expect(mainMenu(page).getByRole('link', { name: '报表', exact: true })).toHaveCount(0);
  await page.goto('/#/reportDownload/cardInfo');
  await expect(page).toHaveURL(/#\/404$/);
  await expect(page.locator('iframe.fp-report-frame')).toHaveCount(0);
  const admin = await apiToken(request, 'admin');
  const menus = await request.get('/API-SYSTEM/menu/list', { headers: { authorization: `Bearer ${admin}` } });
  const sort = ((await menus.json()) as { result: { menuList: { router: string; sort: number }[] } }).result.menuList.find(
    (m) => m.router === 'cardInfo',
  )!.sort;
  const share = await request.get(`/API-BI/davinci/share/dashboard/${sort}/token`, {
    headers: { authorization: `Bearer ${await apiToken(request, 'rep01')}`, username: 'rep01' },
  });
  expect(share.status()).toBe(403);
});

test('"missing key field Token" and no frame when the share call gives nothing', async ({ page, request }) => {
  await signIn(page, 'admin');
  await page.goto('/#/reportDownload/docTagDetail');
  const id = Number(await page.getByTestId('report-screen').getAttribute('data-dashboard-id'));
  await expect(page.locator('iframe.fp-report-frame')).toBeVisible();
  // The administrator switches the dashboard off: its id no longer names a dashboard.
  await setDashboard(request, id, false);
  try {
    await page.reload();
    await expect(page.getByText('缺少关键字段 Token').first()).toBeVisible();
    await expect(page.locator('.ant-message').getByText('缺少关键字段 Token')).toBeVisible();
    await expect(page.locator('iframe.fp-report-frame')).toHaveCount(0);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  } finally {
    await setDashboard(request, id, true);
  }
});

test('opened cold, a report screen signs on once and its share page asks for its data once', async ({ page, context }) => {
  await signIn(page, 'admin');
  // A second tab of the same session, opened straight on the report: the screen's sign-on is asked
  // for with its code and taken from there by its first render; the framed page's first data is
  // asked for by its entry and taken from there by its first render.
  const cold = await context.newPage();
  const calls = { share: 0, login: 0, config: 0, data: 0 };
  cold.on('request', (request) => {
    const url = request.url();
    if (/\/API-BI\/davinci\/share\/dashboard\/\d+\/token/.test(url)) calls.share++;
    if (url.includes('/API-BI/davinci/user/login')) calls.login++;
    if (url.includes('/API-BI/portal/config')) calls.config++;
    if (/\/API-BI\/share\/dashboard\/\d+\/data/.test(url)) calls.data++;
  });
  await cold.goto('/#/reportDownload/telephoneVisit');
  const frame = cold.frameLocator('iframe.fp-report-frame');
  await expect(frame.locator('.fp-bi-chart svg').first()).toBeVisible();
  await expect(frame.getByRole('heading', { name: '电话拜访' })).toBeVisible();
  expect(calls).toEqual({ share: 1, login: 1, config: 1, data: 1 });
  await cold.close();
});

test('a forged share link is refused in the language the link asks for', async ({ page }) => {
  const claims = Buffer.from(JSON.stringify({ dash: 101 })).toString('base64url');
  await page.goto(`/bi/share#share=e30.${claims}.forged&token=forged&lang=en`);
  await expect(page.getByText('The report cannot be opened')).toBeVisible();
  await expect(page.getByText('This report link is not valid')).toBeVisible();
  await page.goto(`/bi/share#lang=en`);
  await page.reload();
  await expect(page.getByText('The report link is incomplete. Open the report from the portal.')).toBeVisible();
  await page.goto(`/bi/share#share=e30.${claims}.forged&token=forged`);
  await page.reload();
  await expect(page.getByText('报表链接无效')).toBeVisible();
});

test("a report screen whose share page's code does not arrive says so in its frame, and shows after a reload", async ({ page }) => {
  await signIn(page, 'admin');
  // The network lost in the moment the framed page asks for its code (its entry has run, the rest never comes).
  const lost = (route: Route) => route.abort('internetdisconnected');
  await page.route(/\/assets\/start-[^/]*\.js$/, lost);
  await page.goto('/#/reportDownload/telephoneVisit');
  const frame = page.frameLocator('iframe.fp-report-frame');
  const failure = frame.getByRole('alert').filter({ has: frame.getByRole('heading', { name: '此页面未能加载', level: 2 }) });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('请检查网络后重新加载');
  await expect(failure).not.toContainText('assets/');
  // the console around it is untouched
  await expect(mainMenu(page).getByRole('link', { name: '首页', exact: true })).toBeVisible();

  await page.unroute(/\/assets\/start-[^/]*\.js$/, lost);
  await failure.getByRole('button', { name: '重新加载' }).click();
  await expect(frame.locator('.fp-bi-chart svg').first()).toBeVisible();
  await expect(frame.getByRole('heading', { name: '电话拜访' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: '此页面未能加载' })).toHaveCount(0);
});
