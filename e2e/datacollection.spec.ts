import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('a data request is filed, the handler accepts it, and the requester sees the new status', async ({ browser }) => {
  const content = `门诊量数据 ${Date.now() % 100000}`;
  const rep = await browser.newPage();
  await signIn(rep, 'rep01');
  await rep.goto('/#/dataCollection/index');
  const form = rep.locator('.fp-data-collection');
  await form.getByLabel('来源平台').fill('医院 HIS');
  await form.getByLabel('采集内容').fill(content);
  await form.getByLabel('联系人手机').fill('12345');
  await form.getByRole('button', { name: /提交申请/ }).click();
  // The rules of spec section 5, said before anything is sent.
  await expect(form.getByText('请填写联系人姓名')).toBeVisible();
  await expect(form.getByText('请填写正确的手机号码')).toBeVisible();
  await form.getByLabel('备注').fill('请按科室拆分');
  await form.getByLabel('联系人姓名').fill('王伟');
  await form.getByLabel('联系人手机').fill('13800138000');
  await form.locator('input[type=file]').setInputFiles({ name: '样例.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
  await expect(form.getByText('样例.csv')).toBeVisible();
  await form.getByRole('button', { name: /提交申请/ }).click();
  await expect(rep.getByText('数据定制申请已提交')).toBeVisible();
  const mine = rep.locator('.fp-data-collection-mine').getByRole('row', { name: new RegExp(content) });
  await expect(mine.locator('[data-status]')).toHaveText('已提交');

  const admin = await browser.newPage();
  await signIn(admin, 'admin');
  await admin.goto('/#/system/dataCollectionManage');
  const row = admin.locator('.fp-data-collection-manage').getByRole('row', { name: new RegExp(content) });
  await expect(row.locator('[data-status]')).toHaveText('已提交');
  // The whole request, remarks included (the list has no room for them), opened and closed by the keyboard.
  const view = row.getByRole('button', { name: /^查看申请 #\d+$/ });
  await view.focus();
  await admin.keyboard.press('Enter');
  const details = admin.getByRole('dialog', { name: /^数据定制申请 #\d+$/ });
  await expect(details).toContainText('请按科室拆分');
  await expect(details).toContainText('13800138000');
  await admin.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(view).toBeFocused();
  await row.getByPlaceholder('回复').fill('本周内处理');
  await row.getByRole('button', { name: '改为「已受理」' }).click();
  await expect(row.locator('[data-status]')).toHaveText('已受理');

  // The requester's list follows the notice the change sent, without a reload.
  await expect(mine.locator('[data-status]')).toHaveText('已受理', { timeout: 20_000 });
  await expect(mine).toContainText('本周内处理');
});
