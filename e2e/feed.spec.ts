import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { PASSWORD, apiToken } from './support';
import { browserTime } from './browser-time';

/** The demo accounts are the first employees of the directory: rep01 is the 4th, rep02 the 5th. */
const REP01 = { username: 'rep01', wwid: '10000004', name: '代表1' };
const REP02 = { username: 'rep02', wwid: '10000005', name: '代表2' };
/** A phone: 390 × 844 CSS pixels, touch. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// ---- cards made and pushed through the real API with the operator's token ---------------------

let serial = 0;
const uniqueTitle = (what: string) => `${what}${Date.now() % 100000}-${++serial}`;

interface CardOptions {
  attachment?: { name: string; bytes: Buffer };
}

async function apiCard(request: APIRequestContext, title: string, options: CardOptions = {}): Promise<number> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const id = ((await (await request.get('/API-XJP/IdataCardInfo/newCardId', { headers })).json()) as { data: { id: number } }).data.id;
  let extra: object = { linkValue: 'https://example.com/cards/feed', fileList: [] };
  if (options.attachment) {
    const upload = await request.post('/API-XJP/IdataCardInfo/uploadCardFile', {
      headers,
      multipart: { id: String(id), kind: 'attachment', file: { name: options.attachment.name, mimeType: 'application/pdf', buffer: options.attachment.bytes } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const file = ((await upload.json()) as { data: { url: string; name: string } }).data;
    extra = { linkValue: 'http://', fileList: [{ name: file.name, url: file.url }] };
  }
  const content = { type: 4, selectValue: 'study', BU: 'PC_All', titleName: title, zhaiyao: `${title}:请在本周内阅读。`, author: '运营', ...extra };
  const res = await request.post('/API-XJP/IdataCardInfo/updateCard', { headers, data: { id, status: 'created', content: JSON.stringify(content) } });
  expect(res.status(), await res.text()).toBe(200);
  return id;
}

interface PushOptions {
  mustRead?: boolean;
  pinnedForADay?: boolean;
}

/** pushCard "send now" to one named person; the server's scheduler delivers it within a second or so. */
async function apiPushNow(request: APIRequestContext, id: number, to: { wwid: string; name: string }, options: PushOptions = {}): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const now = Date.now();
  const remark = options.pinnedForADay
    ? { scope: 2, top: true, topStartTime: new Date(now - 60_000).toISOString(), topEndTime: new Date(now + 86_400_000).toISOString() }
    : { scope: 2 };
  const res = await request.post('/API-XJP/IdataCardInfo/pushCard', {
    headers,
    data: {
      pushDate: 0,
      pushInfo: [{ id, ...(options.mustRead ? { mustRead: true, notReadTime: 24, pushNum: 2 } : {}) }],
      receiver: [{ receiverId: to.wwid, receiverName: to.name }],
      remark: JSON.stringify(remark),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

// ---- the pages --------------------------------------------------------------------------------

async function phonePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL });
  return context.newPage();
}

async function signInOnPhone(page: Page, username: string, lang: 'zh' | 'en' = 'zh') {
  await page.goto('/m/');
  if (lang === 'en') await page.getByText('English', { exact: true }).click();
  const en = lang === 'en';
  await page.getByLabel(en ? 'Username' : '用户名', { exact: true }).fill(username);
  await page.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: en ? /Sign in|Log in/i : /登\s*录/ }).click();
  await expect(page.getByRole('heading', { name: en ? 'My cards' : '我的卡片' })).toBeVisible();
}

async function signInConsole(page: Page, username = 'operator') {
  await page.goto('/#/login');
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
}

/**
 * What the employee's feed holds before a journey adds to it (the demo's cards are there): the
 * journeys compare their own cards against it, and the counts with the difference.
 */
async function feedBefore(request: APIRequestContext, username: string): Promise<{ unread: number; pinned: number }> {
  const res = await request.get('/API-XJP/employee/cards', { headers: { authorization: `Bearer ${await apiToken(request, username)}` } });
  expect(res.status(), await res.text()).toBe(200);
  const data = ((await res.json()) as { data: { unread: number; pinned: unknown[] } }).data;
  return { unread: data.unread, pinned: data.pinned.length };
}

/** The unread count the phone shows: the badge and the line under the header (all read when none). */
async function expectUnread(page: Page, n: number, lang: 'zh' | 'en' = 'zh') {
  if (n === 0) {
    await expect(page.locator('.fp-m-badge .fp-m-badge-count')).toHaveCount(0);
    await expect(page.getByText(lang === 'zh' ? '全部已读' : 'All read')).toBeVisible();
  } else {
    await expect(page.locator('.fp-m-badge .fp-m-badge-count')).toHaveText(n > 99 ? '99+' : String(n));
    await expect(page.getByText(lang === 'zh' ? `${n} 条未读` : `${n} unread`, { exact: true })).toBeVisible();
  }
}

const row = (page: Page, id: number) => page.locator(`.fp-m-row[data-card-id="${id}"]`);

/** The operator's read details of a published card, opened from the Published list. */
async function readDetails(page: Page, title: string, id: number) {
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '推荐', exact: true }).click();
  await page.getByRole('menuitem', { name: '已发布', exact: true }).click();
  const box = page.getByRole('search').getByRole('searchbox', { name: '搜索' });
  const tile = page.locator(`[data-card-id="${id}"]`);
  await expect(async () => {
    await box.fill(title);
    await box.press('Enter');
    await expect(tile).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await tile.getByRole('button', { name: '阅读详情' }).click();
  return page.getByRole('dialog', { name: `阅读详情:${title}` });
}

// ---- journeys -----------------------------------------------------------------------------------

test('a card the operator pushes now arrives live on rep01 phone page; opening it shows as read in the console', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const before = await feedBefore(request, REP01.username);
  const phone = await phonePage(browser, baseURL);
  await signInOnPhone(phone, REP01.username);
  await expectUnread(phone, before.unread);

  // The operator, in the console in a second page, pushes a new card to rep01 now.
  await signInConsole(page);
  const title = uniqueTitle('实时卡片');
  const id = await apiCard(request, title);
  await apiPushNow(request, id, REP01);

  // It arrives without a reload (the real-time channel), unread, with the badge.
  await expect(row(phone, id)).toBeVisible({ timeout: 20_000 });
  await expect(row(phone, id)).toContainText(title);
  await expect(row(phone, id)).toContainText('未读');
  await expectUnread(phone, before.unread + 1);

  // rep01 opens it: full screen, its link opens in a new tab, the first open time is recorded.
  const opened = phone.waitForResponse((r) => r.url().includes('/API-XJP/employee/openCard'));
  await row(phone, id).click();
  const reader = phone.getByRole('dialog', { name: title });
  await expect(reader).toBeVisible();
  const answer = (await (await opened).json()) as { data: { item: { firstOpenTime: string } } };
  const firstOpen = answer.data.item.firstOpenTime;
  await expect(reader.getByRole('link', { name: '打开链接' })).toHaveAttribute('target', '_blank');
  await expect(reader.getByRole('link', { name: '打开链接' })).toHaveAttribute('href', 'https://example.com/cards/feed');
  await expect(reader).toContainText('首次阅读于');
  await reader.getByRole('button', { name: /返\s*回/ }).click();
  await expect(reader).toBeHidden();
  await expect(row(phone, id)).toContainText('已读');
  await expectUnread(phone, before.unread);

  // The operator's read details show rep01 read, with the first open time.
  const details = await readDetails(page, title, id);
  const line = details.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: REP01.wwid });
  await expect(line).toContainText('已读');
  await expect(line).toContainText(browserTime(firstOpen));

  // Opening it again does not move the first open time.
  await row(phone, id).click();
  await expect(phone.getByRole('dialog', { name: title })).toContainText('首次阅读于');
  await phone.goBack();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  const again = await readDetails(page, title, id);
  await expect(again.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: REP01.wwid })).toContainText(browserTime(firstOpen));
  await phone.context().close();
});

test('after a refresh, rep02 sees the pinned must-read card first in English, downloads its attachment, and the badge counts down', async ({
  browser,
  baseURL,
  request,
}) => {
  const before = await feedBefore(request, REP02.username);
  const phone = await phonePage(browser, baseURL);
  await signInOnPhone(phone, REP02.username, 'en');
  await expectUnread(phone, before.unread, 'en');

  const plainTitle = uniqueTitle('Plain card ');
  const plain = await apiCard(request, plainTitle);
  await apiPushNow(request, plain, REP02);
  const pinnedTitle = uniqueTitle('Pinned card ');
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20)]);
  const pinned = await apiCard(request, pinnedTitle, { attachment: { name: 'guide.pdf', bytes } });
  await apiPushNow(request, pinned, REP02, { mustRead: true, pinnedForADay: true });

  // Reload fallback: the refresh button fetches the feed again until both have been delivered.
  await expect(async () => {
    await phone.getByRole('button', { name: 'Refresh' }).click();
    await expect(row(phone, pinned)).toBeVisible({ timeout: 1000 });
    await expect(row(phone, plain)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });

  const pinnedGroup = phone.getByRole('region', { name: 'Pinned' });
  // The newest pin first; at most three pinned cards are shown.
  await expect(pinnedGroup.locator('.fp-m-row')).toHaveCount(Math.min(3, before.pinned + 1));
  await expect(pinnedGroup.locator('.fp-m-row').first()).toHaveAttribute('data-card-id', String(pinned));
  await expect(row(phone, pinned)).toContainText('Pinned');
  await expect(row(phone, pinned)).toContainText('Must read');
  await expect(phone.getByRole('region', { name: 'Latest' }).locator(`[data-card-id="${plain}"]`)).toBeVisible();
  await expectUnread(phone, before.unread + 2, 'en');

  await row(phone, pinned).click();
  const reader = phone.getByRole('dialog', { name: pinnedTitle });
  await expect(reader).toContainText('First read');
  const download = phone.waitForEvent('download');
  await reader.getByRole('button', { name: 'guide.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('guide.pdf');
  const saved = await file.path();
  expect(saved).toBeTruthy();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(saved).equals(bytes)).toBe(true);
  await reader.getByRole('button', { name: /Back/ }).click();
  await expectUnread(phone, before.unread + 1, 'en');
  await expect(row(phone, pinned)).toContainText('Read');
  await phone.context().close();
});
