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
