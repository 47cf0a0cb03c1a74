import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * Doctor intelligence (issue 17): a medical science liaison opens a doctor's 360 view from the
 * doctor list, sees the KOL radar of two doctors (one alone is refused with the section-5 message),
 * and opens the academic network, from which a co-author's 360 view opens.
 */

test('a doctor 360 opens from the list', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'msl01');
  await page.goto('/#/doctor/doctorList');
  const list = page.getByTestId('intel-doctor-list');
  const first = list.locator('.ant-table-tbody .ant-table-row a').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  const name = (await first.textContent()) ?? '';
  await first.click();
  const view = page.getByTestId('doctor-360');
  await expect(view).toBeVisible({ timeout: 30_000 });
  await expect(view).toContainText(name);
  await expect(view).toContainText('H 指数');
  await expect(view).toContainText('影响力分析');
  await expect(view).toContainText('暂无该医生的药物/适应症态度数据');
  // The impact section shows the doctor's KOL scores, or why there is none.
  await expect(view.getByTestId('impact-kol').or(view.getByTestId('impact-empty'))).toBeVisible({ timeout: 30_000 });
});

test("a high-score doctor's 360 shows each KOL score with its trend, and explains it", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'msl01');
  await page.goto('/#/doctor/KOLmapping');
  const top = page.locator('.ant-table-tbody .ant-table-row').first();
  await expect(top.locator('a')).toBeVisible({ timeout: 30_000 });
  // the ranking's pager: how many are scored, which page, and the next page goes on from rank 21
  const pager = page.locator('.fp-keyset-pager');
  await expect(pager).toContainText(/^共 [\d,]+\+? 位医生 · 第 1 页/);
  await pager.getByRole('button', { name: '下一页' }).click();
  await expect(pager).toContainText('第 2 页');
  await expect(top.locator('td').first()).toHaveText('21');
  await pager.getByRole('button', { name: '上一页' }).click();
  await expect(top.locator('td').first()).toHaveText('1');
  const name = (await top.locator('a').textContent()) ?? '';
  const score = ((await top.locator('td').nth(3).textContent()) ?? '').trim();
  await top.locator('a').click();
  const view = page.getByTestId('doctor-360');
  await expect(view).toContainText(name, { timeout: 30_000 });
  const impact = page.getByTestId('impact-kol');
  await expect(impact).toContainText(score);
  await expect(impact).toContainText('趋势');
  // The trend of each indication: a line over the kept runs with how it moved, or the single-run text.
  const trend = impact.locator('[data-testid^="impact-trend-"]').first();
  await expect(trend).toContainText(/较 .* [+−]\d|自 .* 起未变|仅计算过一次/, { timeout: 30_000 });
  const line = trend.locator('[data-testid^="impact-sparkline-"]');
  if ((await line.count()) > 0) await expect(line).toHaveAttribute('data-ready', 'true');
  await impact.locator('[data-testid^="impact-explain-"]').first().click();
  const explain = page.getByTestId('kol-explain');
  await expect(explain).toContainText('贡献', { timeout: 30_000 });
  await expect(explain).toContainText(name);
  await expect(explain.getByTestId('kol-history')).toBeVisible();
});

test('the KOL radar compares two doctors, and one alone is refused', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'msl01');
  await page.goto('/#/doctor/KOLmapping');
  await expect(page.getByTestId('compare-1')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('compare-1').click();
  await page.getByTestId('compare-button').click();
  await expect(page.getByTestId('compare-too-few')).toContainText('KOL 对比至少需要选择两位医生');
  await page.getByTestId('compare-2').click();
  // the radar opens in a side panel over the page, where the click was (not under the ranking)
  const radar = page.getByTestId('kol-radar');
  await expect(radar).toBeVisible({ timeout: 30_000 });
  await expect(radar.locator('svg').first()).toBeInViewport();
  await expect(page.getByTestId('compare-too-few')).toHaveCount(0);
  await radar.getByRole('button', { name: /Close|关闭/ }).click();
  await expect(radar).toBeHidden();
  await page
    .getByRole('button', { name: /^解\s?释$/ })
    .first()
    .click();
  await expect(page.getByTestId('kol-explain')).toContainText('贡献');
  await expect(page.getByTestId('kol-explain').locator('table').first()).toBeInViewport();
  await page.keyboard.press('Escape');

  // The whole ranking of the indication, exported through the download centre (decision 0022)
  await page.getByTestId('kol-export').click();
  await page.getByText('打开下载中心').click();
  const job = page.locator('.fp-download-centre .ant-table-tbody tr.ant-table-row').first();
  await expect(job).toContainText('KOL 列表');
  const download = page.waitForEvent('download');
  await job.getByRole('button', { name: /下\s*载/ }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await (await download).path());
  const sheet = book.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['排名', '医生编号', '医生', '医院', '科室', '职称', '省份', 'KOL 得分', '分层']);
  expect(sheet.rowCount).toBeGreaterThan(20);
  const ranks: number[] = [];
  sheet.eachRow((row, n) => n > 1 && ranks.push(Number(row.getCell(1).value)));
  expect(ranks).toEqual(ranks.map((_, i) => i + 1));
});

test("the province map shows each province's figures, a click filters the ranking, and explain shows the score trend", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'msl01');
  await page.goto('/#/doctor/KOLmapping');
  const map = page.locator('[data-testid="province-map"][data-ready="true"]');
  await expect(map).toBeVisible({ timeout: 30_000 });
  await expect(map.locator('svg')).toHaveCount(1);
  // narrower than 1600 px the map sits under the ranking
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  const x = Number(await map.getAttribute('data-focus-x'));
  const y = Number(await map.getAttribute('data-focus-y'));
  await page.mouse.move(box.x + x, box.y + y);
  const tip = map.locator('div').filter({ hasText: '已评分医生数' }).last();
  await expect(tip).toContainText('T1 KOL 数');
  await expect(tip).toContainText('平均得分');
  await page.mouse.click(box.x + x, box.y + y);
  await expect(page.getByTestId('province-filter')).toContainText('省份:');
  // the filtered ranking is brought into view, where the user looks after the click
  await expect(page.getByTestId('province-filter')).toBeInViewport();
  await expect(page.getByTestId('compare-1')).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('button', { name: /^解\s?释$/ })
    .first()
    .click();
  await expect(page.getByTestId('kol-history')).toBeVisible({ timeout: 30_000 });
});

test("the relationship centre opens a doctor's co-author", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'msl01');
  await page.goto('/#/doctor/doctorRelationCenter');
  await expect(page.getByTestId('ego-network')).toBeVisible({ timeout: 30_000 });
  const coAuthor = page.getByRole('listitem').filter({ hasText: '合著' }).first().locator('a');
  await expect(coAuthor).toBeVisible({ timeout: 30_000 });
  const name = (await coAuthor.textContent()) ?? '';
  await coAuthor.click();
  await expect(page.getByTestId('doctor-360')).toContainText(name, { timeout: 30_000 });
});
