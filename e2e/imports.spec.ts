import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { IMPORTS_PORTAL_URL } from './ports';
import { apiAuth, downloadFromCentre, signIn } from './support';

/**
 * The import centre (issue 32): the administrator uploads a hospitals file and a doctors file with
 * mistakes, reads the dry run's counts and messages, downloads the error file, fixes the files and
 * imports them; a representative whose data permission covers one imported hospital then sees
 * exactly its doctors. rep07 has no data permission in the demo, and no other journey uses it.
 * Then a new representative and their territory (those two hospitals, by the company's codes) come
 * in from files, the administrator gives them a password, and they see exactly those doctors.
 */

const run = Date.now() % 100000;
const A = `导入甲院${run}`;
const B = `导入乙院${run}`;
const csv = (lines: string[]) => Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8');

async function uploadFile(page: Page, name: string, body: Buffer) {
  await page.locator('.fp-import-centre input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: body });
  const job = page.locator('.fp-import-job');
  await expect(job.locator('.ant-card-head-title')).toContainText(name);
  await expect(job.locator('.ant-card-extra')).toHaveText(/预检完成|失败/);
  return job;
}
const figure = (page: Page, title: string) => page.locator('.fp-import-job .ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');
const chooseKind = (page: Page, name: string) => page.getByRole('radiogroup', { name: '导入类型' }).getByText(name, { exact: true }).click();
/** The dry run of a file with no refused rows, then its all-or-nothing commit; `added` new records. */
async function importClean(page: Page, name: string, body: Buffer, added: number) {
  const job = await uploadFile(page, name, body);
  await expect(figure(page, '未通过')).toHaveText('0');
  await expect(figure(page, '新增')).toHaveText(String(added));
  await job.getByRole('button', { name: '全部导入' }).click();
  await expect(job.getByRole('status').filter({ hasText: '导入完成' })).toContainText(`新增 ${added}`, { timeout: 90_000 });
}

// A portal of its own: the import queues a recompute of every KOL score (ports.ts).
test.use({ baseURL: IMPORTS_PORTAL_URL });
// The second journey's territory names the hospitals the first one imports (the demo's have no company code).
test.describe.configure({ mode: 'serial' });

test('the administrator imports hospitals and doctors through a dry run, fixes the refused rows, and a representative sees exactly the doctors of their hospital', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // axe needs a page of a context the journey made itself
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, 'admin');
  // The representative signs in first: after the doctors' commit the queued KOL recompute holds the
  // embedded database for a while, and a sign-in then waits behind it.
  const rep = await (await browser.newContext()).newPage();
  await signIn(rep, 'rep07');
  await page.goto('/#/dataManage/dataImport');
  await expect(page.locator('.fp-import-centre')).toContainText('上传后先做预检');

  const serious = async (selector: string) =>
    (await new AxeBuilder({ page }).include(selector).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`);
  expect(await serious('.fp-import-centre')).toEqual([]);

  // Hospitals, one grade mistyped.
  let job = await uploadFile(
    page,
    `医院-${run}.csv`,
    csv(['医院编码,医院名称,医院等级,所在地区', `HA${run},${A},三级甲等,310101`, `HB${run},${B},三级甲,310104`]),
  );
  await expect(figure(page, '新增')).toHaveText('1');
  await expect(figure(page, '未通过')).toHaveText('1');
  // A screen reader hears the counts in the region it followed while the file was read.
  await expect(job.getByRole('status')).toHaveText('预检完成:新增 1,变更 0,无变化 0,未通过 1');
  await expect(job.locator('.fp-import-refused')).toContainText('医院等级"三级甲"不存在,是否为"三级甲等"?');
  await expect(job.getByRole('button', { name: '全部导入' })).toBeDisabled();
  // why, written beside it (a disabled button takes no focus, so no tooltip of it reaches a keyboard)
  await expect(job.getByRole('button', { name: '全部导入' })).toHaveAccessibleDescription('有未通过的行时不能全部导入:请修正后重新上传,或仅导入有效行');
  await expect(job.getByText('有未通过的行时不能全部导入:请修正后重新上传,或仅导入有效行')).toBeVisible();
  expect(await serious('.fp-import-job')).toEqual([]);

  // The error file: the rows as uploaded with their problems.
  await job.getByRole('button', { name: /下载错误明细/ }).click();
  const { book } = await downloadFromCentre(page, '导入错误明细');
  const values = book.worksheets[0]!.getSheetValues()
    .filter(Boolean)
    .map((r) => (r as unknown[]).filter((c) => c !== undefined && c !== null).join('|'));
  expect(values[0]).toBe('行号|医院编码|医院名称|医院等级|所在地区|错误信息');
  expect(values[2]).toContain('医院等级"三级甲"不存在');

  // The template, saved under the name the server gives it.
  await page.goto('/#/dataManage/dataImport');
  const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载模板' }).click()]);
  expect(template.suggestedFilename()).toBe('医院-模板.xlsx');

  // Fixed (written short, 三甲, as companies' files often have it), with who made it under the table, then imported all or nothing.
  job = await uploadFile(
    page,
    `医院-${run}-改.csv`,
    csv(['医院编码,医院名称,医院等级,所在地区', `HA${run},${A},三级甲等,310101`, `HB${run},${B},三甲,310104`, ',,,', '制表人:张三,,,']),
  );
  await expect(figure(page, '未通过')).toHaveText('0');
  await expect(job.locator('.fp-import-notes')).toContainText('第 5 行:制表人:张三');
  // The file chooser opened from the keyboard leaves the focus on its button (antd's Upload moved it to a wrapper of its own).
  let choosers = 0;
  page.on('filechooser', () => choosers++);
  const choose = page.getByRole('button', { name: '选择文件并预检' });
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => choosers).toBe(1);
  await expect(choose).toBeFocused();
  await job.getByRole('button', { name: '全部导入' }).click();
  await expect(job.getByRole('status').filter({ hasText: '导入完成' })).toContainText('新增 2');

  // Doctors: a sub-department typed as people say it, and an unknown hospital.
  await page.locator('.fp-import-centre').getByText('医生及执业机构').click();
  const doctors = (dept2: string, hospital: string) =>
    csv([
      '医生编码,姓名,医院编码,一级科室,二级科室,职称',
      `DA${run},甲导入${run},HA${run},内科,${dept2},主任医师`,
      `DB${run},乙导入${run},${hospital},内科,,主治医师`,
      `DC${run},丙导入${run},HB${run},外科,,住院医师`,
    ]);
  job = await uploadFile(page, `医生-${run}.csv`, doctors('心内科', `HX${run}`));
  await expect(figure(page, '未通过')).toHaveText('2');
  await expect(job.locator('.fp-import-refused')).toContainText('二级科室"心内科"不存在,是否为"心血管内科专业"?');
  await expect(job.locator('.fp-import-refused')).toContainText(`医院"HX${run}"不存在,请先导入医院`);
  job = await uploadFile(page, `医生-${run}-改.csv`, doctors('心血管内科专业', `HA${run}`));
  await expect(figure(page, '新增')).toHaveText('3');
  await job.getByRole('button', { name: '全部导入' }).click();
  // the doctors' commit also rebuilds their derived columns and counts: slow on a loaded machine
  await expect(job.getByRole('status').filter({ hasText: '导入完成' })).toContainText('新增 3', { timeout: 90_000 });
  await page.screenshot({ path: test.info().outputPath('import-centre-zh.png'), fullPage: true });

  // rep07 is given hospital A and sees its two doctors, and not hospital B's.
  const headers = await apiAuth(request, 'admin');
  const users = await request.get('/API-SYSTEM/user/manage/list', { headers, params: { keyword: 'rep07' } });
  expect(users.status(), await users.text()).toBe(200);
  const userId = ((await users.json()) as { result: { content: { id: number; username: string }[] } }).result.content.find((u) => u.username === 'rep07')!.id;
  const hospitals = await request.get('/API-SALEA/sales-ai/home/hospital/findList', { headers, params: { keyword: A, size: 5 } });
  expect(hospitals.status(), await hospitals.text()).toBe(200);
  const hospitalId = ((await hospitals.json()) as { result: { content: { id: number; name: string }[] } }).result.content.find((h) => h.name === A)!.id;
  const granted = await request.post('/API-SYSTEM/dataPermission', {
    headers,
    data: { userId, permissionType: 'hospital', permissionValue: String(hospitalId) },
  });
  expect(granted.status(), await granted.text()).toBe(200);

  await rep.goto('/#/customer/totaldoctor');
  const rows = rep.locator('.ant-table-tbody .ant-table-row');
  await expect(rows).toHaveCount(2, { timeout: 120_000 });
  await expect(rows.filter({ hasText: `甲导入${run}` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `乙导入${run}` })).toHaveCount(1);
  await expect(rep.getByText(`丙导入${run}`)).toHaveCount(0);
});

test('the administrator imports a representative and their territory, sets their password, and the representative sees exactly the doctors of their two hospitals', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const username = `imprep${run}`;
  const password = 'Green-Tree-42';
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, 'admin');
  await page.goto('/#/dataManage/dataImport');
  await expect(page.locator('.fp-import-centre')).toContainText('上传后先做预检');

  // The representative: the Sales role (销售代表 on the screen), an employee number, the East region by its code.
  await chooseKind(page, '用户');
  // The page says how imported users sign in, as files carry no passwords.
  await expect(page.locator('.fp-import-kind-note')).toContainText('文件中不含密码');
  await importClean(page, `用户-${run}.csv`, csv(['用户名,姓名,员工编号,组织,角色', `${username},导入代表${run},E${run},FP-EAST,Sales`]), 1);
  // Their territory: the two hospitals the first journey imported, by the company's codes, and one
  // the portal does not have; the valid rows only. The user permissions page leads there (by the
  // keyboard too), the territories chosen.
  await page.goto('/#/dataManage/userPermission');
  const territories = page.getByRole('link', { name: '导入中心 › 数据权限(辖区)' });
  await territories.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/dataManage\/dataImport\?kind=territories$/);
  await expect(page.getByRole('radiogroup', { name: '导入类型' }).getByRole('radio', { name: '数据权限(辖区)' })).toBeChecked();
  const job = await uploadFile(page, `辖区-${run}.csv`, csv(['用户,医院编码', `${username},HA${run}`, `${username},HB${run}`, `${username},HZ${run}`]));
  await expect(figure(page, '新增')).toHaveText('2');
  await expect(figure(page, '未通过')).toHaveText('1');
  await job.getByRole('button', { name: '仅导入有效行' }).click();
  await expect(job.getByRole('status').filter({ hasText: '导入完成' })).toContainText('新增 2', { timeout: 90_000 });
  // What was left out stays in sight: said, listed, and its error file at hand.
  await expect(job.getByText('未导入 1 行(未通过检查),见下方列表或下载错误明细')).toBeVisible();
  await expect(job.locator('.fp-import-refused')).toContainText(`HZ${run}`);
  await expect(job.getByRole('button', { name: /下载错误明细/ })).toBeVisible();
  // The import shown is in the address: still there when the page is opened again.
  await page.reload();
  await expect(page.locator('.fp-import-job').getByRole('status').filter({ hasText: '导入完成' })).toContainText('新增 2');

  // A password through the administrator's edit of the user.
  await page.goto('/#/system/user');
  const search = page.getByPlaceholder('搜索登录名、姓名、邮箱、手机');
  await search.fill(username);
  await search.press('Enter');
  const row = page.locator('.ant-table-tbody .ant-table-row').filter({ hasText: username });
  await expect(row).toContainText('销售代表');
  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = page
    .locator('.ant-modal')
    .filter({ has: page.locator('.ant-modal-title') })
    .last();
  await dialog.getByLabel('新密码', { exact: true }).fill(password);
  await dialog.getByLabel('确认密码', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();

  // What the administrator's list call counts at those two hospitals, in the list's default range.
  const headers = await apiAuth(request, 'admin');
  const hospitalIds: number[] = [];
  for (const name of [A, B]) {
    const found = await request.get('/API-SALEA/sales-ai/home/hospital/findList', { headers, params: { keyword: name, size: 5 } });
    expect(found.status(), await found.text()).toBe(200);
    hospitalIds.push(((await found.json()) as { result: { content: { id: number; name: string }[] } }).result.content.find((h) => h.name === name)!.id);
  }
  const listed = await request.get('/API-SALEA/doctorInfo/v3/getDoctorList', {
    headers,
    params: { doctorRange: 'internal', hospitalIds: hospitalIds.join(','), size: 50 },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const expected = ((await listed.json()) as { result: { total: number; content: { name: string }[] } }).result;
  expect(expected.total).toBeGreaterThan(0);

  const rep = await (await browser.newContext()).newPage();
  await signIn(rep, username, { password, landsOnDashboard: false });
  await rep.goto('/#/customer/totaldoctor');
  const count = rep.getByTestId('scope-count');
  await expect(count).toHaveAttribute('aria-busy', 'false', { timeout: 120_000 });
  await expect(count).toHaveText(`您的数据范围内共 ${expected.total} 位医生`);
  const rows = rep.locator('.ant-table-tbody .ant-table-row');
  await expect(rows).toHaveCount(expected.total);
  for (const doctor of expected.content) await expect(rows.filter({ hasText: doctor.name })).toHaveCount(1);
});
