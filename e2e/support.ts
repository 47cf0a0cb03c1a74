import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { expect, type APIRequestContext, type Download, type Locator, type Page } from '@playwright/test';

/**
 * Helpers the journeys share: the demo password, the main menu, signing in through the page or the
 * API, the card screens' menu, search and tiles, cards made and pushed through the real API, a real PNG.
 */

export const PASSWORD = 'demo1234';

/** What a page or dialog shows while it is still loading its data. */
export const LOADING = '.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading';

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

/** Opens a page through the main menu: the area, then its item. */
export async function openMenu(page: Page, area: string, item: string) {
  await mainMenu(page).getByRole('link', { name: area, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Searches the card list of the screen for a title. */
export async function searchList(page: Page, title: string) {
  const box = page.getByRole('search').getByRole('searchbox', { name: '搜索' });
  await box.fill(title);
  await box.press('Enter');
}

/** A card's tile on the card screens. */
export const cardTile = (page: Page, id: number): Locator => page.locator(`[data-card-id="${id}"]`);

/** The card push screen with one card ticked and its push dialog open; answers the dialog. */
export async function openPushFor(page: Page, title: string, id: number): Promise<Locator> {
  await openMenu(page, '推荐', '卡片推送');
  await searchList(page, title);
  await cardTile(page, id)
    .getByRole('checkbox', { name: `选择卡片 ${id}` })
    .check();
  await page
    .locator('.fp-push-filters')
    .getByRole('button', { name: /推\s*送/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '推送设置' });
  await expect(dialog.getByTestId(`push-setting-${id}`)).toBeVisible();
  return dialog;
}

/** Picks a member of staff in the push dialog's staff search (by a search text, then the wwid). */
export async function pickStaff(page: Page, search: string, wwid: string) {
  const dialog = page.getByRole('dialog', { name: '推送设置' });
  await dialog.getByRole('combobox', { name: '搜索员工' }).fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: wwid }).click();
  await expect(dialog.locator('.fp-push-staff-tag').filter({ hasText: wwid })).toBeVisible();
}

/**
 * After an export was asked for: opens the download centre, waits for the newest job (its name
 * containing `jobName`), downloads it and reads the workbook.
 */
export async function downloadFromCentre(page: Page, jobName: string): Promise<{ file: Download; book: ExcelJS.Workbook }> {
  await page.getByText('打开下载中心').click();
  const job = page.locator('.fp-download-centre .ant-table-tbody tr.ant-table-row').first();
  await expect(job).toContainText(jobName);
  const download = page.waitForEvent('download');
  await job.getByRole('button', { name: /下\s*载/ }).click();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  return { file, book };
}

// ---- cards made and pushed through the real card calls -----------------------------------------

let serial = 0;
/** A title no other run or journey has used. */
export const uniqueTitle = (what: string) => `${what}${Date.now() % 100000}-${++serial}`;

/** The authorization header of `username` for the API calls of a journey. */
export const apiAuth = async (request: APIRequestContext, username = 'operator') => ({ authorization: `Bearer ${await apiToken(request, username)}` });

/**
 * A text card saved through the real card calls by `username` (default operator, status
 * created); `content` changes or adds fields of its content.
 */
export async function apiCard(
  request: APIRequestContext,
  title: string,
  options: { status?: 'draft' | 'created'; username?: string; content?: object } = {},
): Promise<number> {
  const headers = await apiAuth(request, options.username);
  const id = ((await (await request.get('/API-XJP/IdataCardInfo/newCardId', { headers })).json()) as { data: { id: number } }).data.id;
  const content = {
    type: 4,
    selectValue: 'study',
    BU: 'PC_All',
    titleName: title,
    zhaiyao: `${title}:正文内容。`,
    author: '运营',
    linkValue: 'https://example.com/cards',
    fileList: [],
    ...options.content,
  };
  const res = await request.post('/API-XJP/IdataCardInfo/updateCard', {
    headers,
    data: { id, status: options.status ?? 'created', content: JSON.stringify(content) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return id;
}

/** pushCard now (as the operator) to named staff; waits until the server's scheduler has published the card. */
export async function apiPushNow(request: APIRequestContext, id: number, to: { wwid: string; name: string }[], title: string) {
  const headers = await apiAuth(request);
  const res = await request.post('/API-XJP/IdataCardInfo/pushCard', {
    headers,
    data: { pushDate: 0, pushInfo: [{ id }], receiver: to.map((p) => ({ receiverId: p.wwid, receiverName: p.name })), remark: JSON.stringify({ scope: 2 }) },
  });
  expect(res.status(), await res.text()).toBe(200);
  await expect
    .poll(async () => {
      const list = await request.get('/API-XJP/IdataCardInfo/list', { headers, params: { status: 'publish', searchParameter: title } });
      return ((await list.json()) as { data: { total: number } }).data.total;
    })
    .toBe(1);
}

// ---- a real PNG --------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: a diagonal gradient between two colours. */
export function png(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      const f = (x / width + y / height) / 2;
      for (let i = 0; i < 3; i++) rows.push(Math.round(from[i]! + (to[i]! - from[i]!) * f));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
