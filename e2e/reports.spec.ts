import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { mainMenu, signIn } from './support';

/**
 * Report screens on real data (docs/decisions/0023): one screen of each family — visits (activity),
 * doctors (customers), team indicators (targets and actuals) — shows figures computed from the
 * demo's rows, and a screen whose source is not in the portal says so without numbers.
 */

const reportsMenu = (page: Page) => page.getByRole('complementary', { name: '报表' });

async function openReport(page: Page, name: string, router: string): Promise<FrameLocator> {
  await reportsMenu(page).getByRole('menuitem', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/reportDownload/${router}$`));
  const frame = page.frameLocator('iframe.fp-report-frame');
  await expect(frame.getByRole('heading', { name })).toBeVisible({ timeout: 20_000 });
  return frame;
}

const kpi = async (frame: FrameLocator, title: string) =>
  Number((await frame.locator('.ant-statistic').filter({ hasText: title }).first().locator('.ant-statistic-content-value').textContent())!.replace(/,/g, ''));

test('an administrator reads a visit, a doctor and a team-indicator report, and the honest empty state of a missing source', async ({ page }) => {
  await signIn(page, 'admin');
  await mainMenu(page).getByRole('link', { name: '报表', exact: true }).click();
  await expect(reportsMenu(page)).toBeVisible();

  // Visits: the demo representatives' phone visits of the last 30 days.
  const phone = await openReport(page, '电话拜访', 'telephoneVisit');
  await expect(phone.getByTestId('bi-chart-visitRecordsPerDay').locator('.fp-bi-chart svg')).toBeVisible();
  expect(await kpi(phone, '拜访次数')).toBeGreaterThan(0);
  await expect(phone.getByRole('cell', { name: '电话' }).first()).toBeVisible();
  await expect(phone.getByRole('combobox', { name: '省份' })).toBeVisible();

  // Doctors: the national dataset inside the administrator's scope (all).
  const doctors = await openReport(page, 'HCP 主数据', 'docMain');
  await expect(doctors.getByTestId('bi-chart-doctorsByProvince').locator('.fp-bi-chart svg')).toBeVisible();
  expect(await kpi(doctors, '医生数')).toBeGreaterThanOrEqual(20_000);
  // the BU filter does not apply to doctors, so it is not offered
  await expect(doctors.getByRole('combobox', { name: 'BU' })).toHaveCount(0);

  // Team indicators: the targets set for this month next to the visits made.
  const goals = await openReport(page, '目标数据', 'goData');
  expect(await kpi(goals, '目标互动')).toBeGreaterThan(0);
  await expect(goals.getByTestId('bi-chart-interactionByTeam').locator('.fp-bi-chart svg')).toBeVisible();
  await expect(goals.getByRole('cell', { name: '华北区' }).first()).toBeVisible();

  // A source the portal does not have: said plainly, no numbers.
  const jvisa = await openReport(page, 'JVISA 系统埋点', 'jvisaSystemPoint');
  await expect(jvisa.getByTestId('bi-no-data')).toHaveText('数据来源未接入');
  await expect(jvisa.locator('.ant-statistic')).toHaveCount(0);
});

test('at 1366 px the widest report tables fit their card in English and in Chinese: titles wrap, a time breaks between day and minute', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signIn(page, 'admin');
  const overflow = (frame: FrameLocator) =>
    frame
      .locator('.fp-bi .ant-table')
      .first()
      .evaluate((table) => {
        const box = table.querySelector('.ant-table-content, .ant-table-body')!;
        return box.scrollWidth - box.clientWidth;
      });
  for (const [language, names] of [
    ['中文', { recruitDoctor: '注册医生', surveyResults: '问卷结果', cardRec: '卡片推荐' }],
    ['English', { recruitDoctor: 'Registered doctors', surveyResults: 'Survey results', cardRec: 'Card recommendation' }],
  ] as const) {
    if (language === 'English') {
      await page.goto('/#/dashboard');
      await page.getByText('English', { exact: true }).click();
      await expect(page.locator('.fp-topbar-title')).toHaveText('Home');
    }
    for (const [router, name] of Object.entries(names)) {
      await page.goto(`/#/reportDownload/${router}`);
      const frame = page.frameLocator('iframe.fp-report-frame');
      await expect(frame.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
      await expect(frame.locator('.fp-bi .ant-table-row').first()).toBeVisible();
      expect(await overflow(frame), `${language} ${router}`).toBeLessThanOrEqual(1);
    }
    // A doctor's title is 职称 / Title with its name, not a card's 标题
    await page.goto('/#/reportDownload/recruitDoctor');
    const frame = page.frameLocator('iframe.fp-report-frame');
    const header = frame.locator('.fp-bi .ant-table-thead th', { hasText: language === 'English' ? /^Title$/ : /^职称$/ });
    await expect(header).toHaveCount(1);
  }
});
