import { expect, test, type Page } from '@playwright/test';
import { MARKET_PATHS, type MarketOptions } from '@field-portal/shared';
import { apiToken, signIn } from './support';

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
  // newest published first: the time column reads downwards
  const times = await items.locator('tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();
  expect(times.length).toBeGreaterThan(1);
  expect(times).toEqual([...times].sort().reverse());
  const event = page.getByTestId('opinion-events').getByRole('listitem').first();
  await expect(event).toContainText('康瑞宁');
  const title = (await event.getByRole('link').innerText()).trim();
  await event.click();
  await expect(page).toHaveURL(/eventDetail\?id=\d+/);
  await expect(page.getByTestId('event-title')).toContainText(title);
  const rows = page.getByTestId('opinion-items').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await rows.first().locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId('sentiment-why').first()).toBeVisible();
});

test('a drug opens compared with its first competitor; another applies on query, and none is refused', async ({ page, request }) => {
  const token = await apiToken(request, 'msl01');
  const read = async <T>(path: string, params: Record<string, string>): Promise<T> => {
    const res = await request.get(path, { params, headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { result: T }).result;
  };
  const options = await read<MarketOptions>(MARKET_PATHS.options, {});
  const drug = options.medicines.find((m) => m.competitors.length > 0)!;
  const [opening, other] = drug.competitors as [string, string];
  expect(other).toBeTruthy();
  const share = async (competitor: string) =>
    (await read<{ totals: { share: number } }>(MARKET_PATHS.marketCompare, { medicine: drug.name, competitor, months: '12' })).totals.share;

  await signIn(page, 'msl01');
  await page.goto('/#/medicine/medicineMarket');
  await expect(page.getByTestId('market-drug')).toContainText(drug.name);
  await expect(page.getByTestId('market-competitor')).toContainText(opening);
  await expect(page.getByTestId('market-sales')).toBeVisible();
  await expect(page.getByTestId('market-share')).toContainText(`${await share(opening)}%`);
  await page.getByTestId('market-competitor').hover();
  await page.getByTestId('market-competitor').locator('.ant-select-clear').click();
  await page.getByTestId('market-query').click();
  await expect(page.getByText('请选择竞品并点击查询')).toBeVisible();
  await choose(page, 'market-competitor', other);
  await page.getByTestId('market-query').click();
  await expect(page.getByText(`${other} 销量`)).toBeVisible();
  await expect(page.getByTestId('market-share')).toContainText(`${await share(other)}%`);
});

test('the drugs of an indication open on the first indication, queried', async ({ page, request }) => {
  const token = await apiToken(request, 'msl01');
  const res = await request.get(MARKET_PATHS.options, { headers: { authorization: `Bearer ${token}` } });
  const options = ((await res.json()) as { result: MarketOptions }).result;
  const indication = options.indications[0]!;
  const drugs = await request.get(MARKET_PATHS.indicationMedAna, { params: { indication, months: '12' }, headers: { authorization: `Bearer ${token}` } });
  const rows = ((await drugs.json()) as { result: { drugs: { medicine: string }[] } }).result.drugs;
  expect(rows.length).toBeGreaterThan(0);

  await signIn(page, 'msl01');
  await page.goto('/#/medicine/indicationMedAna');
  await expect(page.getByTestId('pick-indication')).toContainText(indication);
  const table = page.locator('.market-page .ant-table-tbody tr.ant-table-row');
  await expect(table).toHaveCount(rows.length);
  await expect(table.first()).toContainText(rows[0]!.medicine);
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

test('patient and doctor group analyses open on the first medicine and its first indication, and follow a new choice', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const read = async <T>(path: string, params: Record<string, string> = {}): Promise<T> => {
    const res = await request.get(path, { params, headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { result: T }).result;
  };
  const options = await read<MarketOptions>(MARKET_PATHS.options);
  const first = options.medicines.find((m) => m.indications.length > 1)!;
  expect(options.medicines.find((m) => m.indications.length > 0)!.name).toBe(first.name);
  const [opening, other] = first.indications as [string, string];
  const patients = (indication: string) => read<{ total: number }>(MARKET_PATHS.patientGroups, { medicine: first.name, indication });
  const groups = (indication: string) => read<{ doctors: number }>(MARKET_PATHS.doctorGroups, { medicine: first.name, indication });
  const count = (n: number) => n.toLocaleString('en-US');

  await signIn(page, 'admin');
  await page.goto('/#/doctor/patientAna');
  await expect(page.getByTestId('pick-drug')).toContainText(first.name);
  await expect(page.getByTestId('pick-indication')).toContainText(opening);
  await expect(page.getByTestId('patients-total')).toContainText(count((await patients(opening)).total));
  await choose(page, 'pick-indication', other);
  await page.getByTestId('pick-query').click();
  const otherTotal = (await patients(other)).total;
  expect(otherTotal).not.toBe((await patients(opening)).total);
  await expect(page.getByTestId('patients-total')).toContainText(count(otherTotal));

  await page.goto('/#/doctor/doctorGroupAnalysis');
  await expect(page.getByTestId('pick-indication')).toContainText(opening);
  await expect(page.getByTestId('group-doctors')).toContainText(count((await groups(opening)).doctors));
  await choose(page, 'pick-indication', other);
  await page.getByTestId('pick-query').click();
  await expect(page.getByTestId('group-doctors')).toContainText(count((await groups(other)).doctors));
});
