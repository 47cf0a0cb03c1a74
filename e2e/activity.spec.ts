import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, signIn } from './support';
import { browserDay, shiftDay } from './browser-time';

/** Doctors in rep01's data scope (the demo gives rep01 Shanghai and Zhejiang), by name. */
async function scopeDoctors(request: APIRequestContext, n: number): Promise<{ id: number; name: string }[]> {
  const headers = { authorization: `Bearer ${await apiToken(request, 'rep01')}` };
  const res = await request.get('/API-SALEA/doctorInfo/v3/getDoctorList?doctorRange=internal&size=50', { headers });
  expect(res.status(), await res.text()).toBe(200);
  const all = ((await res.json()) as { result: { content: { id: number; name: string }[] } }).result.content;
  // Names must be unique on screen.
  const seen = new Set<string>();
  const unique = all.filter((d) => !seen.has(d.name) && seen.add(d.name));
  expect(unique.length).toBeGreaterThanOrEqual(n);
  return unique.slice(0, n);
}

async function pickDoctor(page: Page, scope: Page | ReturnType<Page['locator']>, name: string) {
  const select = scope.getByTestId('doctor-select');
  await select.click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-item-option', { hasText: name }).first().click();
}

const tagOf = (page: Page, prefix: string) => page.locator(`.fp-tag[data-tag-path^="${prefix}"]`);

test('a representative plans a visit, records it from the business record, is asked before closing it unsubmitted, submits; the manager sees it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // A doctor of its own for each repeat of this test, so earlier runs' rows do not match.
  const doctor = (await scopeDoctors(request, 10))[testInfo.repeatEachIndex % 4];
  const purpose = `介绍新适应症 ${Date.now().toString(36)}`;
  await signIn(page, 'rep01');

  // Plan the visit from myPlan (the activity plan form).
  await page.goto('/#/task/myPlan');
  await page.getByRole('button', { name: '计划拜访' }).click();
  await expect(page).toHaveURL(/#\/task\/newRecord\/activityPlan$/);
  const plan = page.getByTestId('activity-plan');
  // Saved with no doctor: the server's refusal once, under the field it names.
  await plan.getByRole('button', { name: '保存计划' }).click();
  await expect(plan.getByText('请至少选择一位医生')).toBeVisible();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '请至少选择一位医生' })).toHaveCount(0);
  await pickDoctor(page, plan, doctor!.name);
  await plan.getByRole('button', { name: '保存计划' }).click();
  await expect(page.getByText('拜访计划已保存')).toBeVisible();

  // The calendar shows it on the planned day (tomorrow); that day's list records it.
  await page.goto('/#/task/myPlan');
  const day = shiftDay(browserDay(), { days: 1 });
  const cell = page.getByTestId(`plan-${day}`);
  await expect(cell).toContainText(doctor!.name);
  await cell.click();
  await page.getByRole('row').filter({ hasText: doctor!.name }).getByRole('button', { name: '记录拜访' }).first().click();
  await expect(page).toHaveURL(new RegExp(`#/customer/businessRecord/${doctor!.id}/`));

  // Fill the visit form; the tab now holds an unsubmitted record.
  const form = page.getByTestId('visit-form');
  await form.getByLabel('拜访目的').fill(purpose);
  await form.getByPlaceholder('产品').fill('Cardiox');
  await form.getByLabel('医生反馈').fill('愿意试用');

  // A reload keeps the draft.
  await page.reload();
  await expect(page.getByTestId('visit-form').getByLabel('拜访目的')).toHaveValue(purpose);

  // Closing the tab asks; cancel keeps it open.
  const tab = tagOf(page, `/customer/businessRecord/${doctor!.id}/`);
  await tab.locator('.fp-tag-close').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('拜访记录已修改但未提交');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
  await expect(tab).toBeVisible();

  // Submit: the timeline shows the submitted visit, and closing no longer asks.
  await page.getByTestId('visit-form').getByRole('button', { name: '提 交' }).click();
  await expect(page.getByText('拜访记录已提交')).toBeVisible();
  const row = page.getByTestId('business-record-row').filter({ hasText: purpose });
  await expect(row).toContainText('已提交');
  await tab.locator('.fp-tag-close').click();
  await expect(tab).toBeHidden();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The manager of rep01's region sees it in the team interaction records.
  const context = await browser.newContext();
  const manager = await context.newPage();
  await signIn(manager, 'mgr01');
  await manager.goto('/#/task/teamInteractioRecord');
  // A leader's menu lists the team records; a representative's (below) does not.
  await expect(manager.getByRole('complementary', { name: '任务' }).getByText('团队互动记录', { exact: true })).toBeVisible();
  const teamRow = manager.getByRole('row').filter({ hasText: doctor!.name });
  await expect(teamRow.first()).toContainText('代表1');
  await expect(teamRow.first()).toContainText('已提交');
  // The count arrives in a call of its own, after the rows.
  await expect(manager.getByTestId('team-total')).toHaveAttribute('aria-busy', 'false');
  await expect(manager.getByTestId('team-total')).toHaveText(/^共 [\d,]+\+? 条$/);
  await context.close();

  // rep01 leads no organisation: the team page says so instead of an empty table.
  await page.goto('/#/task/teamInteractioRecord');
  await expect(page.getByText('你没有带领的团队')).toBeVisible();
  await expect(page.getByRole('complementary', { name: '任务' }).getByText('团队互动记录', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('team-total')).toHaveText('共 0 条');
});

test('a task created from the side bar on a business record reuses the tab for the same doctor and replaces it for another', async ({
  page,
  request,
}, testInfo) => {
  const doctors = await scopeDoctors(request, 10);
  const first = doctors[4 + ((2 * testInfo.repeatEachIndex) % 6)];
  const second = doctors[5 + ((2 * testInfo.repeatEachIndex) % 6)];
  await signIn(page, 'rep01');
  await page.goto(`/#/customer/businessRecord/${first!.id}/${encodeURIComponent(first!.name)}`);
  await expect(page.getByTestId('business-record')).toBeVisible();

  await page.getByTestId('sidebar-create-task').click();
  await expect(page).toHaveURL(new RegExp(`#/task/done\\?doctorId=${first!.id}&`));
  const form = page.getByTestId('create-task');
  await expect(form.getByText(first!.name)).toBeVisible();
  await form.getByLabel('任务标题').fill('送新版资料');

  // Back on the same doctor's record: the open create-task tab is reused, its form kept.
  await tagOf(page, `/customer/businessRecord/${first!.id}/`).locator('.fp-tag-label').click();
  await expect(page.getByTestId('business-record')).toBeVisible();
  await page.getByTestId('sidebar-create-task').click();
  await expect(page).toHaveURL(new RegExp(`#/task/done\\?doctorId=${first!.id}&`));
  await expect(page.getByTestId('create-task').getByLabel('任务标题')).toHaveValue('送新版资料');
  await expect(tagOf(page, '/task/done')).toHaveCount(1);

  // On another doctor's record it is replaced: a fresh form for that doctor.
  await page.goto(`/#/customer/businessRecord/${second!.id}/${encodeURIComponent(second!.name)}`);
  await expect(page.getByTestId('business-record')).toBeVisible();
  await page.getByTestId('sidebar-create-task').click();
  await expect(page).toHaveURL(new RegExp(`#/task/done\\?doctorId=${second!.id}&`));
  await expect(page.getByTestId('create-task').getByText(second!.name)).toBeVisible();
  await expect(page.getByTestId('create-task').getByLabel('任务标题')).toHaveValue('');
  await expect(tagOf(page, '/task/done')).toHaveCount(1);

  // Create it for rep01: the badge counts one more undone task.
  const badge = page.getByTestId('task-badge');
  const before = Number((await badge.locator('.ant-scroll-number').getAttribute('title')) ?? 0);
  await page.getByTestId('create-task').getByLabel('任务标题').fill('电话回访');
  await page.getByTestId('principal-select').click();
  await page.keyboard.type('rep01');
  await page.locator('.ant-select-item-option', { hasText: 'rep01' }).first().click();
  await page.getByTestId('create-task').getByRole('button', { name: '创建任务' }).click();
  await expect(page.getByText('任务已创建')).toBeVisible();
  await expect(badge.locator('.ant-scroll-number')).toHaveAttribute('title', String(before + 1));
});

test("the plan calendar counts every visit of a day weeks back, not only the latest page's", async ({ page, request }) => {
  // rep03's demo history: some 500 visits over 60 days to doctors of its territory (广东省).
  const headers = { authorization: `Bearer ${await apiToken(request, 'rep03')}` };
  const now = Date.now();
  const start = now - 45 * 86_400_000;
  const visitsByDay = new Map<string, number>();
  let cursor: string | null = null;
  do {
    const query = `start=${start}&end=${now}&size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await request.get(`/API-SALEA/visitRecord/v3/findVisitRecord?${query}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { result: { list: { visitTime: string }[]; nextCursor: string | null } };
    for (const v of body.result.list) {
      const at = browserDay(new Date(v.visitTime));
      visitsByDay.set(at, (visitsByDay.get(at) ?? 0) + 1);
    }
    cursor = body.result.nextCursor;
  } while (cursor);
  // A day four weeks back: far past the latest hundred visits.
  const day = shiftDay(browserDay(), { days: -28 });
  const visits = visitsByDay.get(day) ?? 0;
  expect(visits, `rep03's visits on ${day}`).toBeGreaterThan(0);
  const tasksRes = await request.get(`/API-SALEA/jvisa/taskInfo/queryTimeFrameTask?start=${start}&end=${now}`, { headers });
  const tasks = ((await tasksRes.json()) as { result: { dueTime: string }[] }).result.filter((t) => browserDay(new Date(t.dueTime)) === day).length;

  await signIn(page, 'rep03');
  await page.goto('/#/task/myPlan');
  const [year, month] = day.split('-').map(Number) as [number, number];
  const shown = browserDay().split('-').map(Number) as [number, number];
  if (year !== shown[0]) {
    await page.getByRole('combobox', { name: '年份' }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${year}$`) })
      .click();
  }
  if (month !== shown[1]) {
    await page.getByRole('combobox', { name: '月份' }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${month}月$`) })
      .click();
  }
  const cell = page.getByTestId(`plan-${day}`);
  await expect(cell).toBeVisible();
  const entries = await cell.locator('li.is-visit, li.is-task').count();
  const more = Number(((await cell.locator('li.is-more').textContent()) ?? '').match(/\d+/)?.[0] ?? 0);
  expect(entries + more).toBe(visits + tasks);
});
