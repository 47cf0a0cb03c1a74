import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BATCH_PUSH_PATHS } from '@field-portal/shared';
import { apiCard as apiCardAs, searchList, signIn, uniqueTitle } from './support';
import { browserDay, shiftDay } from './browser-time';

/**
 * Two employees of the directory who have no account (the demo accounts are its first twenty):
 * no other journey reads their feeds, so the batch's cards reach nobody another journey expects
 * to have none (the phone journeys start from rep01's and rep02's empty feeds).
 */
const NORTH = { wwid: '10000101', name: '北区同事' };
const SOUTH = { wwid: '10000102', name: '南区同事' };

/** A created card, made through the real API as the admin (who holds the batch-push menu). */
const apiCard = (request: APIRequestContext, title: string) => apiCardAs(request, title, { username: 'admin' });

async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('list').addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });

async function pickCard(page: Page, row: number, title: string) {
  const box = page.getByRole('combobox', { name: `卡片 ${row}` });
  await box.click();
  await box.fill(title);
  await option(page, title).click();
  await expect(
    page
      .getByTestId('batch-rows')
      .locator('tr.ant-table-row')
      .nth(row - 1),
  ).toContainText(title);
}

async function pickLists(page: Page, row: number, names: string[]) {
  await page.getByRole('combobox', { name: `推送给名单 ${row}` }).click();
  for (const name of names) await option(page, name).click();
  await page.keyboard.press('Escape');
}

test('the admin uploads two lists, pushes two cards at once and finds them in Published, In queue and the report', async ({ page, request }) => {
  const titleA = uniqueTitle('批量甲');
  const titleB = uniqueTitle('批量乙');
  const titleC = uniqueTitle('批量丙');
  const [a, b, c] = [await apiCard(request, titleA), await apiCard(request, titleB), await apiCard(request, titleC)];

  await signIn(page, 'admin');
  await page.goto('/#/batchPush/batchPushIndex');
  await expect(page.getByText('上传一个或多个名单')).toBeVisible();
  // pushed with no list uploaded: said on the page, and no call the server could only refuse
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(BATCH_PUSH_PATHS.push)) calls.push(r.url());
  });
  await page.getByTestId('batch-submit').click();
  await expect(page.getByTestId('batch-problem')).toHaveText('请至少上传一个名单');
  expect(calls).toEqual([]);

  // two lists: the first with a wwid the directory does not know and a repeat, reported as the push dialog does
  const upload = page.locator('input[type=file]');
  await upload.setInputFiles({
    name: 'north.xlsx',
    mimeType: XLSX_MIME,
    buffer: await sheet([
      ['wwid', 'name'],
      [NORTH.wwid, NORTH.name],
      ['99999999', '查无此人'],
      [NORTH.wwid, NORTH.name],
    ]),
  });
  const lists = page.getByTestId('batch-lists').locator('tr.ant-table-row');
  await expect(lists).toHaveCount(1);
  await expect(lists.first()).toContainText('north.xlsx');
  await expect(lists.first()).toContainText('99999999');
  await upload.setInputFiles({
    name: 'south.xlsx',
    mimeType: XLSX_MIME,
    buffer: await sheet([
      ['wwid', 'name'],
      [SOUTH.wwid, SOUTH.name],
    ]),
  });
  await expect(lists).toHaveCount(2);

  // a row without a list is refused with a message naming the row, and nothing is queued
  await pickCard(page, 1, titleA);
  await page.getByTestId('batch-submit').click();
  await expect(page.getByTestId('batch-problem')).toContainText('第 1 行 名单:请选择至少一个名单');

  // card A to the north list, card B to both: sent now
  await pickLists(page, 1, ['north.xlsx']);
  await page.getByRole('button', { name: '添加一行' }).click();
  await pickCard(page, 2, titleB);
  await pickLists(page, 2, ['north.xlsx', 'south.xlsx']);
  await expect(page.getByText('2 张卡片,3 人次')).toBeVisible();
  await page.getByTestId('batch-submit').click();
  const result = page.getByTestId('batch-result');
  await expect(result).toContainText('已加入推送队列:2 张卡片');
  await expect(result).toContainText(`第 1 行:卡片 ${a} 推送给 1 人`);
  await expect(result).toContainText(`第 2 行:卡片 ${b} 推送给 2 人`);

  // card C to the south list tomorrow: it waits in the queue
  await pickCard(page, 1, titleC);
  await pickLists(page, 1, ['south.xlsx']);
  await page.getByText('定时推送').click();
  const picker = page.getByRole('textbox', { name: '推送时间' });
  await picker.click();
  await picker.fill(`${shiftDay(browserDay(), { days: 1 })} 10:00`);
  await picker.press('Enter');
  await page.getByTestId('batch-submit').click();
  await expect(result).toContainText('已加入推送队列:1 张卡片');
  await expect(result).toContainText(`第 1 行:卡片 ${c} 推送给 1 人`);

  await result.getByRole('link', { name: '查看队列中' }).click();
  await expect(page.locator('.fp-push-list[data-screen="InQueue"]')).toBeVisible();
  await searchList(page, titleC);
  await expect(page.locator(`[data-card-id="${c}"]`)).toBeVisible();

  await page.goto('/#/recommend/published');
  await expect(page.locator('.fp-push-list[data-screen="Published"]')).toBeVisible();
  for (const [id, title] of [
    [a, titleA],
    [b, titleB],
  ] as const) {
    // Published lists come from the scheduler: search again until the card has been sent.
    await expect(async () => {
      await searchList(page, title);
      await expect(page.locator(`[data-card-id="${id}"]`)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  }

  await page.goto('/#/reportDownload/cardPushDetail');
  await page.getByRole('textbox', { name: '卡片 ID' }).fill(String(b));
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: NORTH.wwid })).toHaveCount(1);
  await expect(rows.filter({ hasText: SOUTH.wwid })).toHaveCount(1);
});
