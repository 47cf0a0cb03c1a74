import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/**
 * One refusal, one message, on its field (issue 34): a refused save says so once, in the user's
 * words, under the field the server names, marked and focused; a discarded draft stays discarded.
 */

const toasts = (page: Page) => page.locator('.ant-message-notice, .fp-toast');

test('创建任务 without a title: one message, on the title, which is marked and focused', async ({ page }) => {
  await signIn(page, 'rep01');
  await page.goto('/#/task/done');
  const form = page.getByTestId('create-task');
  // a principal chosen, no title: refused before anything is sent, on the title alone
  await form.getByTestId('principal-select').click();
  await page.keyboard.type('rep01');
  await page.locator('.ant-select-item-option', { hasText: 'rep01' }).first().click();
  const calls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/createTask')) calls.push(req.url());
  });
  await form.getByRole('button', { name: '创建任务' }).click();

  await expect(page.getByText('请填写任务标题', { exact: true })).toHaveCount(1);
  const title = form.getByLabel('任务标题');
  await expect(form.locator('.ant-form-item-has-error')).toHaveCount(1);
  await expect(form.locator('.ant-form-item-has-error')).toContainText('请填写任务标题');
  await expect(title).toBeFocused();
  await expect(toasts(page)).toHaveCount(0);
  expect(calls).toEqual([]);
  // the user's words only: no API field code in what the page says
  await expect(page.getByText('(title)')).toHaveCount(0);
});

test('拜访报告 without a doctor: one message, on the doctor field', async ({ page }) => {
  await signIn(page, 'rep01');
  await page.goto('/#/task/newRecord/visitReport');
  const form = page.getByTestId('visit-form');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('请选择医生', { exact: true })).toHaveCount(1);
  await expect(form.locator('.ant-form-item-has-error')).toHaveCount(1);
  await expect(form.locator('.ant-form-item-has-error')).toContainText('请选择医生');
  await expect(toasts(page)).toHaveCount(0);
  await expect(page.getByText('(doctorId)')).toHaveCount(0);
});

test('a task draft discarded on closing its tab does not come back', async ({ page }) => {
  await signIn(page, 'rep01');
  await page.goto('/#/task/done');
  await page.getByTestId('create-task').getByLabel('任务标题').fill('不要的草稿');
  await page.getByRole('button', { name: '关闭 创建任务' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '关闭后未保存的信息将会丢失' });
  await confirm.getByRole('button', { name: /继\s*续/ }).click();
  await expect(page.locator('[data-tag-path="/task/done"]')).toHaveCount(0);

  await page.goto('/#/task/myPlan');
  await page.getByTestId('sidebar-create-task').click();
  await expect(page).toHaveURL(/#\/task\/done$/);
  await expect(page.getByTestId('create-task').getByLabel('任务标题')).toHaveValue('');
});
