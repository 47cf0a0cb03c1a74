import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { simpleParser } from 'mailparser';
import { expect, test, type Page } from '@playwright/test';
import { PORT } from './ports';
import { apiAuth, mainMenu, signIn } from './support';

/**
 * Invitations (docs/decisions/0072): an imported user has no password; the administrator invites
 * them from the user list, the mail (in the outbox: the journeys' portal has no mail server) holds a
 * one-time link, and its page sets the password the user then signs in with.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** The portal's DATA_DIR of this run (playwright.config.ts: one folder per port, earlier runs removed). */
function outboxDir(): string {
  const root = path.resolve(here, '../.tmp');
  const [dir] = fs.readdirSync(root).filter((name) => name.startsWith(`e2e-data-${PORT}-`) && !name.endsWith('-sso'));
  return path.join(root, dir!, 'outbox');
}

/** The link of the mail in the outbox sent to `email`. */
async function linkMailedTo(email: string): Promise<string | undefined> {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return undefined;
  for (const file of fs.readdirSync(dir)) {
    const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
    if (!mail.to || Array.isArray(mail.to) || mail.to.text !== email) continue;
    const link = /https?:\/\/\S+\/setPassword\?token=[\w-]{43}/.exec(mail.text ?? '')?.[0];
    if (link) return link;
  }
  return undefined;
}

async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test('an imported user is invited from the user list, sets a password with the mailed link, and signs in; the link works once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now() % 1_000_000;
  const username = `invitee${run}`;
  const email = `${username}@pharma.example`;
  // Imported as a company's master data would bring them: no password.
  const imported = await request.post('/API-DATA/import/users/upsert', {
    headers: await apiAuth(request, 'admin'),
    data: { records: [{ username, realName: `受邀代表${run}`, email, roles: 'Sales' }] },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await signIn(page, 'admin');
  await page.goto('/#/system/user');
  const search = page.getByPlaceholder('搜索登录名、姓名、邮箱、手机');
  await search.fill(username);
  await search.press('Enter');
  const row = page.locator('.ant-table-tbody .ant-table-row').filter({ hasText: username });
  await row.getByRole('button', { name: '邀请' }).click();
  // Asked in a dialog that holds the keyboard's focus.
  const confirm = page.getByRole('dialog').filter({ hasText: email });
  await expect(confirm).toContainText('7 天内有效');
  await expect(confirm.getByRole('button', { name: /确\s*定/ })).toBeFocused();
  await page.keyboard.press('Enter');
  // No mail server here: the administrator is told the mail waits in the outbox.
  await expect(page.getByText('未配置邮件服务器:邀请邮件已写入数据目录的 outbox 文件夹,没有发出')).toBeVisible();
  await expect.poll(() => linkMailedTo(email)).toBeDefined();
  const link = (await linkMailedTo(email))!;

  // The invitee, in a browser of their own, opens the mailed link.
  const invitee = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await invitee.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(invitee).toHaveURL(/#\/setPassword\?token=/);
  await expect(invitee.getByRole('heading', { name: '设置密码' })).toBeVisible();
  await expect(invitee.getByText(`为登录名 ${username} 设置密码`)).toBeVisible();
  await expect(invitee.getByLabel('密码', { exact: true })).toBeFocused();
  expect(await serious(invitee)).toEqual([]);
  await invitee.getByLabel('密码', { exact: true }).fill('Lantern-Harbour-72');
  await invitee.getByLabel('确认密码').fill('Lantern-Harbour-27');
  await invitee.getByRole('button', { name: /设置密码|设\s*置\s*密\s*码/ }).click();
  await expect(invitee.getByText('新密码和确认密码不一致')).toBeVisible();
  await invitee.getByLabel('确认密码').fill('Lantern-Harbour-72');
  await invitee.getByRole('button', { name: /设置密码|设\s*置\s*密\s*码/ }).click();
  await expect(invitee.getByRole('heading', { name: '密码已设置' })).toBeVisible();
  await invitee.screenshot({ path: test.info().outputPath('password-set-zh.png') });
  await invitee.getByRole('button', { name: '前往登录' }).click();
  await expect(invitee).toHaveURL(/#\/login/);
  await invitee.getByLabel('用户名', { exact: true }).fill(username);
  await invitee.getByLabel('密码', { exact: true }).fill('Lantern-Harbour-72');
  await invitee.getByRole('button', { name: /登\s*录/ }).click();
  await expect(mainMenu(invitee)).toBeVisible();

  // The link again, in English: used, and it says what to do.
  const again = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await again.context().addCookies([{ name: 'language', value: 'en', url: new URL(page.url()).origin }]);
  await again.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(again.getByRole('heading', { name: 'The link is not valid or has expired' })).toBeVisible();
  await expect(again.getByText('Ask an administrator to send the invitation again')).toBeVisible();
  expect(await serious(again)).toEqual([]);
});
