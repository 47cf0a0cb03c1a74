import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIResponse } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { API, SYSTEM_PATHS } from '@field-portal/shared';
import { PORT } from './ports';
import { apiToken, signIn } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The portal's DATA_DIR of this run (playwright.config.ts: one folder per port, earlier runs removed). */
function outboxDir(): string {
  const root = path.resolve(here, '../.tmp');
  const [dir] = fs.readdirSync(root).filter((name) => name.startsWith(`e2e-data-${PORT}-`) && !name.endsWith('-sso'));
  return path.join(root, dir!, 'outbox');
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(128, 9)]);

test('a marketer creates a meeting, builds the team and the attendance, uploads a poster and e-mails the report', async ({ page }) => {
  test.setTimeout(180_000);
  const title = `肿瘤城市会 ${Date.now() % 100000}`;
  await signIn(page, 'mkt01');
  await page.goto('/#/meetingReport/meetingReportIndex');
  // The page is called by its menu entry's name, in the top bar and on its card alike.
  await expect(page.locator('.fp-topbar-title')).toHaveText('会议报告');
  await expect(page.locator('.fp-meetings-screen > .ant-card-head .ant-card-head-title')).toHaveText('会议报告');

  // Leaving the new-meeting dialog with Escape gives the focus back to 新建会议; opened again, it starts empty.
  const create = page.getByRole('button', { name: /新建会议/ });
  await create.click();
  const form = page.getByRole('dialog', { name: '新建会议' });
  await form.getByLabel('会议名称').fill('未保存的会议');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(create).toBeFocused();
  await create.click();
  await expect(form.getByLabel('会议名称')).toHaveValue('');

  // Create: a draft, opened in its drawer.
  await form.getByLabel('会议名称').fill(title);
  await form.getByLabel('城市').fill('上海');
  await form.getByLabel('医院/场地').fill('瑞金医院');
  const start = form.getByPlaceholder(/开始/);
  await start.click();
  await start.fill('2026-12-01 09:00');
  await start.press('Enter');
  const end = form.getByPlaceholder(/结束/);
  await end.fill('2026-12-01 11:00');
  await end.press('Enter');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText(title)).toBeVisible();
  await expect(drawer.getByText('草稿')).toBeVisible();

  // Its edit dialog opened for the first time while the save's toast still shows (its code arriving
  // meanwhile), then left with Escape: Escape still closes the drawer after it (a dialog's render
  // thrown away while its code arrived once left an Escape handler behind that swallowed it).
  const edit = drawer.getByRole('button', { name: /编辑会议/ });
  await edit.click();
  const editing = page.getByRole('dialog', { name: '编辑会议' });
  await expect(editing.getByLabel('会议名称')).toHaveValue(title);
  await page.keyboard.press('Escape');
  await expect(editing).toBeHidden();
  await expect(edit).toBeFocused();

  // Leaving the drawer with Escape gives the focus back to 新建会议, which opened the dialog that opened it.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(create).toBeFocused();

  // Opened from its row, wherever the row is clicked, the drawer gives the focus back to the row's title;
  // Enter on the title opens it again.
  const search = page.getByLabel('搜索会议名称、城市、医院或产品');
  await search.fill(title);
  await search.press('Enter');
  const row = page.locator('tr.fp-meeting-row', { hasText: title });
  const link = row.getByRole('link', { name: title });
  await row.getByRole('cell', { name: '上海' }).click();
  await expect(drawer.getByText(title)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer.getByText('草稿')).toBeVisible();

  // Editing it and leaving with Escape gives the focus back to 编辑会议, where the keyboard was.
  await edit.click();
  await expect(editing.getByLabel('会议名称')).toHaveValue(title);
  await page.keyboard.press('Escape');
  await expect(editing).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(drawer.getByText(title)).toBeVisible();

  // Team: a co-organiser.
  await drawer.getByRole('tab', { name: /团队/ }).click();
  await drawer.getByLabel('搜索用户').click();
  await drawer.getByLabel('搜索用户').fill('mkt02');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'mkt02' }).click();
  await drawer.getByRole('button', { name: /添加协办人/ }).click();
  await expect(drawer.getByRole('cell', { name: /mkt02/ })).toBeVisible();
  await expect(drawer.getByRole('tab', { name: '团队 (2)' })).toBeVisible();

  // Plan it, so attendance can be marked.
  await drawer.getByRole('tab', { name: '概况' }).click();
  await drawer.getByRole('button', { name: /确认计划/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(drawer.getByText('已计划').first()).toBeVisible();

  // Poster: a PNG.
  await drawer.locator('input[type=file]').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG });
  await expect(drawer.getByRole('img', { name: '海报' })).toBeVisible();

  // Attendees: three doctors, two of them present.
  await drawer.getByRole('tab', { name: /参会人/ }).click();
  const picker = drawer.getByLabel('搜索医生(姓名、医院、科室)');
  await picker.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  for (let i = 0; i < 3; i++) await options.nth(i).click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: /邀\s*请/ }).click();
  await expect(drawer.getByRole('tab', { name: '参会人 (3)' })).toBeVisible();
  const rows = drawer.locator('tr.ant-table-row').filter({ has: page.getByRole('checkbox') });
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 2; i++) {
    await rows.nth(i).getByRole('checkbox').click();
    await expect(rows.nth(i).getByRole('checkbox')).toBeChecked();
    await expect(rows.nth(i).locator('.fp-checkin')).not.toBeEmpty();
  }

  // The report: figures from the rows, then e-mailed; without a mail server it lands in the outbox.
  await drawer.getByRole('tab', { name: '会议报告' }).click();
  const report = drawer.getByTestId('meeting-report');
  await expect(report.locator('.ant-statistic', { hasText: '邀请' })).toContainText('3');
  await expect(report.locator('.ant-statistic', { hasText: /^出席\d/ })).toContainText('2');
  await expect(report.locator('.ant-statistic', { hasText: '触达医生' })).toContainText('2');
  await report.getByLabel('收件邮箱').fill('manager@example.com');
  await report.getByRole('button', { name: /发送报告/ }).click();
  const result = drawer.getByTestId('mail-result');
  await expect(result).toContainText('未配置邮件服务器');
  const file = /(\S+\.eml)/.exec((await result.textContent()) ?? '')![1]!;
  const mail = await simpleParser(fs.readFileSync(path.join(outboxDir(), file)));
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('manager@example.com');
  expect(mail.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/\.xlsx$/)]);
  // the figures in the reader's language
  expect(mail.text).toContain('出席人数:2');
});

test('someone with no meetings is told what the list holds and how to start one', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/#/meetingReport/meetingReportIndex');
  await expect(page.getByText('你还没有会议。这里列出你负责或协办的会议;点击“新建会议”创建一场。')).toBeVisible();
  await page.getByRole('combobox', { name: '状态' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await expect(page.locator('.fp-meetings-screen .ant-table-placeholder')).toHaveText('暂无数据');
  await page.goto('/#/news/meetingNews');
  await expect(page.getByText('暂无会议消息。这里提示你负责或协办的会议:最近 30 天和即将举行的。')).toBeVisible();
});

test('a co-organiser sees a doctor outside its data scope as such: no name, no hospital, no controls', async ({ page, request }) => {
  test.setTimeout(180_000);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const mkt = await apiToken(request, 'mkt01');
  const rep = await apiToken(request, 'rep01');
  const mgr = await apiToken(request, 'mgr01');
  const result = async <T>(res: APIResponse): Promise<T> => {
    expect(res.status()).toBe(200);
    return ((await res.json()) as { result: T }).result;
  };
  type Doctor = { id: number; name: string; hospitalName: string };
  // A doctor of 云南省 (outside rep01's 上海市 and 浙江省; mgr01 and mkt01 see the whole country) and one of rep01's own.
  const [far] = (
    await result<{ content: Doctor[] }>(
      await request.get(API.customers.doctor.list, { headers: as(mgr), params: { doctorRange: 'internal', provinceCodes: '530000', size: 1 } }),
    )
  ).content;
  const [near] = (
    await result<{ content: Doctor[] }>(await request.get(API.customers.doctor.list, { headers: as(rep), params: { doctorRange: 'internal', size: 1 } }))
  ).content;
  const repId = (await result<{ id: number }>(await request.get(SYSTEM_PATHS.userInfo, { headers: as(rep) }))).id;
  const start = Date.now() + 7 * 86_400_000;
  const meeting = await result<{ id: number }>(
    await request.post(API.meetings.saveMeeting, {
      headers: as(mkt),
      data: {
        title: `西南心血管论坛 ${Date.now() % 100000}`,
        type: 'academic',
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + 7_200_000).toISOString(),
        city: '昆明',
        hospital: '会议中心',
      },
    }),
  );
  await result(
    await request.post(API.meetings.meetingAddAttendees, { headers: as(mkt), data: { meetingId: meeting.id, doctorIds: [far!.id], role: 'speaker' } }),
  );
  await result(await request.post(API.meetings.meetingAddAttendees, { headers: as(mkt), data: { meetingId: meeting.id, doctorIds: [near!.id] } }));
  await result(await request.get(API.meetings.meetingAddCoOrganizer, { headers: as(mkt), params: { meetingId: meeting.id, userId: repId } }));

  await signIn(page, 'rep01');
  await page.goto(`/#/meetingReport/meetingReportIndex?meetingId=${meeting.id}`);
  const drawer = page.locator('.ant-drawer');
  await drawer.getByRole('tab', { name: '参会人 (2)' }).click();
  const rows = drawer.getByRole('tabpanel').getByRole('row');
  await expect(rows.filter({ hasText: near!.name })).toHaveCount(1);
  const marked = rows.filter({ hasText: '数据权限范围外的医生' });
  await expect(marked).toHaveCount(1);
  await expect(drawer.getByText(far!.name)).toHaveCount(0);
  await expect(drawer.getByText(far!.hospitalName)).toHaveCount(0);
  // The marked row changes nothing: its role, RSVP and attendance are shown disabled, with no delete and no link to a doctor page.
  await expect(marked.getByRole('button')).toHaveCount(0);
  await expect(marked.getByRole('link')).toHaveCount(0);
  await expect(marked.getByRole('combobox')).toHaveCount(2);
  for (const control of await marked.getByRole('combobox').all()) await expect(control).toBeDisabled();
  await expect(marked.getByRole('checkbox')).toBeDisabled();
  await expect(rows.filter({ hasText: near!.name }).getByRole('button')).toHaveCount(1);

  // The report names it the same way.
  await drawer.getByRole('tab', { name: '会议报告' }).click();
  const report = drawer.getByRole('tabpanel');
  await expect(report.getByText('数据权限范围外的医生').first()).toBeVisible();
  await expect(report.getByText(near!.name).first()).toBeVisible();
  await expect(drawer.getByText(far!.name)).toHaveCount(0);
});
