import { expect, test } from '@playwright/test';
import { openMenu, signIn } from './support';

/**
 * Access tokens (issue 32): the administrator creates a token for the batch import API, sees it
 * once, a master-data system uses it, and after the revocation the API refuses it. The call
 * deactivates a hospital code nobody has, so it changes no data other journeys see.
 */

test('the administrator creates an access token, it is shown once and works against the import API, and once revoked the API refuses it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `主数据同步${Date.now() % 100000}`;
  await signIn(page, 'admin');
  await openMenu(page, '系统管理', '访问令牌');
  const screen = page.locator('.fp-admin-screen').filter({ hasText: '访问令牌' });
  await expect(screen.getByText('供主数据系统调用导入接口')).toBeVisible();

  await screen.getByRole('button', { name: '创建令牌' }).click();
  const create = page.getByRole('dialog', { name: '创建令牌' });
  await create.getByLabel('名称', { exact: true }).fill(name);
  await create.getByLabel('代表账号', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^admin/ })
    .click();
  await create.getByRole('button', { name: /确\s*定|OK/ }).click();

  // Shown this once, with the warning that it cannot be shown again.
  const shown = page.getByRole('dialog', { name: '令牌已创建' });
  await expect(shown).toContainText('关闭此窗口后将无法再次查看该令牌');
  const tokenBox = shown.getByRole('textbox', { name: '令牌' });
  await expect(tokenBox).toHaveValue(/^fp_/);
  const token = await tokenBox.inputValue();
  await shown.getByRole('button', { name: '我已保存' }).click();
  await expect(shown).toBeHidden();

  // The list holds its hint only, never the token.
  const row = screen.locator('.ant-table-tbody .ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('有效');
  await expect(row).toContainText('从未使用');
  await expect(row).toContainText(token.slice(0, 9));
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(page.locator(`input[value="${token}"]`)).toHaveCount(0);

  // A master-data system's call with it: a deactivation of a code no hospital has.
  const code = `NONE-${Date.now()}`;
  const call = () =>
    fetch(new URL('/API-DATA/import/hospitals/deactivate', baseURL), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ codes: [code] }),
    });
  const used = await call();
  const usedText = await used.text();
  expect(used.status, usedText).toBe(200);
  expect((JSON.parse(usedText) as { result: { results: { code: string; status: string }[] } }).result.results).toMatchObject([{ code, status: 'notFound' }]);
  // Its last use shows once the list is read again.
  await page.reload();
  await expect(row).not.toContainText('从未使用');

  // Revoked: the list says so and the API refuses the token.
  await row.getByRole('button', { name: '吊销' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('令牌已吊销')).toBeVisible();
  await expect(row).toContainText('已吊销');
  await expect(row.getByRole('button', { name: '吊销' })).toHaveCount(0);
  expect((await call()).status).toBe(401);
});
