import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { IMPORTS_PORTAL_URL } from './ports';
import { apiAuth, downloadFromCentre, signIn } from './support';

/**
 * The import centre (issue 32): the administrator uploads a hospitals file and a doctors file with
 * mistakes, reads the dry run's counts and messages, downloads the error file, fixes the files and
 * imports them; a representative whose data permission covers one imported hospital then sees
 * exactly its doctors. rep07 has no data permission in the demo, and no other journey uses it.
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

// A portal of its own: the import queues a recompute of every KOL score (ports.ts).
test.use({ baseURL: IMPORTS_PORTAL_URL });

test('the administrator imports hospitals and doctors through a dry run, fixes the refused rows, and a representative sees exactly the doctors of their hospital', async ({ browser, request }) => {
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
    (await new AxeBuilder({ page }).include(selector).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect(await serious('.fp-import-centre')).toEqual([]);

  // Hospitals, one grade mistyped.
  let job = await uploadFile(page, `医院-${run}.csv`, csv(['医院编码,医院名称,医院等级,所在地区', `HA${run},${A},三级甲等,310101`, `HB${run},${B},三甲,310104`]));
  await expect(figure(page, '新增')).toHaveText('1');
  await expect(figure(page, '未通过')).toHaveText('1');
  await expect(job.locator('.fp-import-refused')).toContainText('医院等级"三甲"不存在,是否为"三级甲等"?');
  await expect(job.getByRole('button', { name: '全部导入' })).toBeDisabled();
  expect(await serious('.fp-import-job')).toEqual([]);

  // The error file: the rows as uploaded with their problems.
  await job.getByRole('button', { name: /下载错误明细/ }).click();
  const { book } = await downloadFromCentre(page, '导入错误明细');
  const values = book.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).filter((c) => c !== undefined && c !== null).join('|'));
  expect(values[0]).toBe('行号|医院编码|医院名称|医院等级|所在地区|错误信息');
  expect(values[2]).toContain('医院等级"三甲"不存在');

  // Fixed, then imported all or nothing.
  await page.goto('/#/dataManage/dataImport');
  job = await uploadFile(page, `医院-${run}-改.csv`, csv(['医院编码,医院名称,医院等级,所在地区', `HA${run},${A},三级甲等,310101`, `HB${run},${B},三级甲等,310104`]));
  await expect(figure(page, '未通过')).toHaveText('0');
  await job.getByRole('button', { name: '全部导入' }).click();
  await expect(job.getByRole('status').filter({ hasText: '导入完成' })).toContainText('新增 2');

  // Doctors: a sub-department typed as people say it, and an unknown hospital.
  await page.locator('.fp-import-centre').getByText('医生及执业机构').click();
  const doctors = (dept2: string, hospital: string) =>
    csv(['医生编码,姓名,医院编码,一级科室,二级科室,职称', `DA${run},甲导入${run},HA${run},内科,${dept2},主任医师`, `DB${run},乙导入${run},${hospital},内科,,主治医师`, `DC${run},丙导入${run},HB${run},外科,,住院医师`]);
  job = await uploadFile(page, `医生-${run}.csv`, doctors('心内科', `HX${run}`));
  await expect(figure(page, '未通过')).toHaveText('2');
  await expect(job.locator('.fp-import-refused')).toContainText('二级科室"心内科"不存在,是否为"心血管内科专业"?');
  await expect(job.locator('.fp-import-refused')).toContainText(`医院"HX${run}"不存在,请先导入医院`);
  job = await uploadFile(page, `医生-${run}-改.csv`, doctors('心血管内科专业', `HA${run}`));
  await expect(figure(page, '新增')).toHaveText('3');
  await job.getByRole('button', { name: '全部导入' }).click();
  await expect(job.getByRole('status').filter({ hasText: '导入完成' })).toContainText('新增 3');
  await page.screenshot({ path: test.info().outputPath('import-centre-zh.png'), fullPage: true });

  // rep07 is given hospital A and sees its two doctors, and not hospital B's.
  const headers = await apiAuth(request, 'admin');
  const users = await request.get('/API-SYSTEM/user/manage/list', { headers, params: { keyword: 'rep07' } });
  expect(users.status(), await users.text()).toBe(200);
  const userId = ((await users.json()) as { result: { content: { id: number; username: string }[] } }).result.content.find((u) => u.username === 'rep07')!.id;
  const hospitals = await request.get('/API-SALEA/sales-ai/home/hospital/findList', { headers, params: { keyword: A, size: 5 } });
  expect(hospitals.status(), await hospitals.text()).toBe(200);
  const hospitalId = ((await hospitals.json()) as { result: { content: { id: number; name: string }[] } }).result.content.find((h) => h.name === A)!.id;
  const granted = await request.post('/API-SYSTEM/dataPermission', { headers, data: { userId, permissionType: 'hospital', permissionValue: String(hospitalId) } });
  expect(granted.status(), await granted.text()).toBe(200);

  await rep.goto('/#/customer/totaldoctor');
  const rows = rep.locator('.ant-table-tbody .ant-table-row');
  await expect(rows).toHaveCount(2, { timeout: 120_000 });
  await expect(rows.filter({ hasText: `甲导入${run}` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `乙导入${run}` })).toHaveCount(1);
  await expect(rep.getByText(`丙导入${run}`)).toHaveCount(0);
});
