import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './support';

/**
 * A large export through the download centre (issue 18): the administrator exports the whole demo
 * doctor list — both doctor ranges, every one of the demo's 20,000 doctors (seed/customers.ts,
 * DEMO_DATASET) — watches the top-bar badge count the jobs, goes elsewhere while the larger one
 * runs, and downloads the finished files, each holding one row per
 * doctor its job counted. The list's own count stops at 10,000+, so the files are checked against
 * the totals the download centre shows and the demo's number of doctors.
 */

const DEMO_DOCTORS = 20_000;

const badgeCount = (page: Page) => page.getByTestId('task-download-badge').locator('.ant-scroll-number');

async function pending(page: Page): Promise<number> {
  const badge = badgeCount(page);
  return Number((await badge.count()) > 0 ? ((await badge.getAttribute('title')) ?? 0) : 0);
}

/** Downloads a finished job's file from its row of the download centre; its data rows and the total the row shows. */
async function downloadRow(page: Page, row: Locator): Promise<{ rows: number; total: number; ids: Set<number>; name: string }> {
  await expect(row).toContainText('已完成', { timeout: 180_000 });
  const shown = (await row.getByTestId(/^download-rows-/).textContent()) ?? '';
  const total = Number(/\/\s*([\d,]+)/.exec(shown)![1]!.replace(/,/g, ''));
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /下\s*载/ }).click();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('编号');
  const ids = new Set<number>();
  sheet.eachRow((r, n) => {
    if (n > 1) ids.add(Number(r.getCell(1).value));
  });
  return { rows: sheet.rowCount - 1, total, ids, name: decodeURIComponent(file.suggestedFilename()) };
}

test('the administrator exports the whole doctor list, sees the top-bar badge count it, and downloads it', async ({ page }) => {
  // 20,000 rows written on a loaded machine, then read back in the test
  test.setTimeout(300_000);
  await signIn(page, 'admin');
  await page.goto('/#/customer/totaldoctor');
  await expect(page.getByTestId('scope-count')).toContainText('符合条件');
  const before = await pending(page);

  // the company-internal doctors: three in four of the demo's
  await page.getByRole('button', { name: '导出 Excel' }).click();
  await expect(page.getByText('打开下载中心')).toBeVisible({ timeout: 60_000 });
  // the embedded database serves the list between the export's pages: give it time on a loaded machine
  await expect(badgeCount(page)).toHaveAttribute('title', String(before + 1), { timeout: 60_000 });

  const ring = page.getByTestId('task-download-progress');

  // somewhere else meanwhile: the job goes on without the page that asked for it
  await page.goto('/#/dashboard');
  await expect(ring).toHaveCount(0, { timeout: 180_000 });
  await expect(badgeCount(page)).toHaveAttribute('title', String(before + 1));

  // the internet-platform doctors: the rest of the list
  await page.goto('/#/customer/totaldoctor');
  await page.getByText('互联网平台', { exact: true }).click();
  // fewer than 10,000 of them: the list counts them exactly
  const count = page.getByTestId('scope-count');
  await expect(count).toHaveAttribute('aria-busy', 'false');
  await expect(count).not.toContainText('10,000+');
  const listedInternet = Number(/符合条件\s*([\d,]+)/.exec((await count.textContent()) ?? '')![1]!.replace(/,/g, ''));
  await page.getByRole('button', { name: '导出 Excel' }).click();
  await expect(badgeCount(page)).toHaveAttribute('title', String(before + 2));

  await page.getByRole('button', { name: /下载任务/ }).click();
  const jobs = page.locator('.fp-download-centre .ant-table-tbody tr.ant-table-row');
  await expect(jobs.nth(0)).toContainText('医生列表_互联网平台');
  await expect(jobs.nth(1)).toContainText('医生列表_公司内部');
  const internet = await downloadRow(page, jobs.nth(0));
  const internal = await downloadRow(page, jobs.nth(1));
  expect(internal.name).toMatch(/^医生列表_公司内部_\d{8}-\d{6}\.xlsx$/);
  expect(internet.name).toMatch(/^医生列表_互联网平台_\d{8}-\d{6}\.xlsx$/);
  for (const file of [internal, internet]) {
    expect(file.rows).toBe(file.total);
    expect(file.ids.size).toBe(file.rows);
  }
  expect(internet.rows).toBe(listedInternet);
  expect(internal.rows).toBeGreaterThan(10_000);
  // the two ranges are the whole list: no doctor twice, every demo doctor there
  expect([...internet.ids].some((id) => internal.ids.has(id))).toBe(false);
  expect(internal.rows + internet.rows).toBeGreaterThanOrEqual(DEMO_DOCTORS);
  // downloaded: the badge no longer counts them
  if (before === 0) await expect(badgeCount(page)).toHaveCount(0);
  else await expect(badgeCount(page)).toHaveAttribute('title', String(before));
});
