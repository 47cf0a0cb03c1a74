import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/** Picks an option of an antd Select by its visible text. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

test("a drug's opinion trend is read, and an event's items open with why each scored", async ({ page }) => {
  await signIn(page, 'msl01');
  await page.goto('/#/medicine/MedAna');
  await choose(page, 'opinion-drug', '康瑞宁');
  await expect(page.getByTestId('opinion-trend')).toBeVisible();
  const items = page.getByTestId('opinion-items');
  await expect(items.locator('tbody tr').filter({ hasText: '康瑞宁' }).first()).toBeVisible();
  const event = page.getByTestId('opinion-events').locator('.ant-list-item').first();
  await expect(event).toContainText('康瑞宁');
  const title = (await event.locator('.ant-list-item-meta-title').innerText()).trim();
  await event.click();
  await expect(page).toHaveURL(/eventDetail\?id=\d+/);
  await expect(page.getByTestId('event-title')).toContainText(title);
  const rows = page.getByTestId('opinion-items').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await rows.first().locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId('sentiment-why').first()).toBeVisible();
});

test('a drug is compared with a competitor only after choosing one and clicking query', async ({ page }) => {
  await signIn(page, 'msl01');
  await page.goto('/#/medicine/medicineMarket');
  await expect(page.getByTestId('market-drug')).toContainText('菲立康');
  await page.getByTestId('market-query').click();
  await expect(page.getByText('请选择竞品并点击查询')).toBeVisible();
  await expect(page.getByTestId('market-sales')).toHaveCount(0);
  await choose(page, 'market-competitor', '康瑞宁');
  await page.getByTestId('market-query').click();
  await expect(page.getByTestId('market-sales')).toBeVisible();
  await expect(page.getByTestId('market-share')).toContainText('%');
});

test('lecturer rating of a product shows the rule, the lecturers, and the empty state of a product without speakers', async ({ page }) => {
  await signIn(page, 'msl01');
  await page.goto('/#/doctor/lecturerRating');
  await expect(page.getByTestId('lecturer-rule')).toContainText('全国级');
  await choose(page, 'lecturer-product', '菲立康');
  await expect(page.getByTestId('lecturer-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await choose(page, 'lecturer-product', '菲达敏');
  await expect(page.getByTestId('lecturer-table')).toContainText('该产品暂无讲者评级数据');
});
