import { expect, test, type Page } from '@playwright/test';
import { mainMenu, signIn } from './support';

const dialog = (page: Page) =>
  page
    .locator('.ant-modal')
    .filter({ has: page.locator('.ant-modal-title') })
    .last();
const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });

/** The main menu's entries (the logo link aside). */
async function menuNames(page: Page): Promise<string[]> {
  // The menu's entries: the links of its list (the logo beside the list is a link home, not an entry).
  const links = mainMenu(page).getByRole('listitem').getByRole('link');
  const names = await links.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''));
  return names.sort();
}

async function pickTreeSelect(page: Page, label: string, option: string) {
  await dialog(page).getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-tree-title', { hasText: option }).last().click();
}

test('an administrator builds a branch, a role and a user; the user sees exactly its menus; a catalogue edit shows at once; the branch is deleted after confirmation', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await signIn(admin, 'admin', { landsOnDashboard: false });

  // 1. Edit a text of the catalogue: the interface uses the new text without a rebuild.
  await admin.goto('/#/system/lang');
  await admin.getByPlaceholder('搜索键或内容').fill('sys.save.success');
  await admin.getByPlaceholder('搜索键或内容').press('Enter');
  const row = admin.locator('.ant-table-row', { hasText: '保存成功' }).filter({ has: admin.locator('code', { hasText: /^sys\.save\.success$/ }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '编辑' }).click();
  await dialog(admin).getByLabel('内容', { exact: true }).fill('已保存到服务器');
  await ok(admin).click();
  await expect(admin.locator('.ant-table-row', { hasText: '已保存到服务器' })).toHaveCount(1);

  // 2. An organisation branch: a region and a city below it. The save message is the edited text.
  await admin.goto('/#/system/org');
  await admin.getByRole('button', { name: '新增顶级组织' }).click();
  await dialog(admin).getByLabel('组织名称', { exact: true }).fill('测试大区E2E');
  await dialog(admin).getByLabel('英文名称', { exact: true }).fill('E2E Region');
  await dialog(admin).getByLabel('编码', { exact: true }).fill('E2E');
  await ok(admin).click();
  await expect(admin.locator('.ant-message').getByText('已保存到服务器')).toBeVisible();
  const region = admin.locator('.ant-table-row', { hasText: '测试大区E2E' });
  await region.getByRole('button', { name: '新增下级' }).click();
  await dialog(admin).getByLabel('组织名称', { exact: true }).fill('测试城市E2E');
  await ok(admin).click();
  await expect(admin.locator('.ant-table-row', { hasText: '测试城市E2E' })).toBeVisible();

  // 3. A role in the region with the home page and the messages, and a restricted data scope.
  await admin.goto('/#/system/role');
  await admin.getByRole('button', { name: '新增' }).click();
  await dialog(admin).getByLabel('中文名称', { exact: true }).fill('E2E 角色');
  await dialog(admin).getByLabel('英文名称', { exact: true }).fill('E2E role');
  await pickTreeSelect(admin, '所属组织', '测试大区E2E');
  await dialog(admin).getByText('按数据权限', { exact: true }).click();
  const tree = dialog(admin).getByTestId('role-menu-tree');
  for (const name of ['首页', '消息'])
    await tree
      .locator('.ant-tree-treenode', { has: admin.locator('.ant-tree-title', { hasText: new RegExp(`^${name}$`) }) })
      .locator('.ant-tree-checkbox')
      .click();
  await ok(admin).click();
  const roleRow = admin.locator('.ant-table-row', { hasText: 'E2E 角色' });
  await expect(roleRow).toContainText('测试大区E2E');
  await expect(roleRow).toContainText('按数据权限');

  // 4. A user in the city with that role; the form's rules speak first.
  await admin.goto('/#/system/user');
  await admin.getByRole('button', { name: '新增' }).click();
  await ok(admin).click();
  await expect(dialog(admin).getByText('用户角色必选')).toBeVisible();
  await expect(dialog(admin).getByText('新用户必须设置密码')).toBeVisible();
  await dialog(admin).getByLabel('登录名', { exact: true }).fill('e2e.branch');
  await dialog(admin).getByLabel('真实姓名', { exact: true }).fill('分支用户');
  await dialog(admin).getByLabel('手机', { exact: true }).fill('12345');
  await pickTreeSelect(admin, '所属组织', '测试城市E2E');
  await dialog(admin).getByLabel('用户角色', { exact: true }).click();
  await admin.locator('.ant-select-item-option', { hasText: 'E2E 角色' }).click();
  await dialog(admin).getByLabel('密码', { exact: true }).fill('Green-Tree-42');
  await dialog(admin).getByLabel('确认密码', { exact: true }).fill('Green-Tree-42');
  await ok(admin).click();
  await expect(dialog(admin).getByText('请填写正确的手机号码')).toBeVisible();
  await dialog(admin).getByLabel('手机', { exact: true }).fill('13912345678');
  await ok(admin).click();
  await expect(dialog(admin)).toBeHidden();
  await admin.getByPlaceholder('搜索登录名、姓名、邮箱、手机').fill('e2e.branch');
  await admin.getByPlaceholder('搜索登录名、姓名、邮箱、手机').press('Enter');
  await expect(admin.locator('.ant-table-row', { hasText: 'e2e.branch' })).toContainText('E2E 角色');
  // The list shows the organisation the dialog set.
  await expect(admin.locator('.ant-table-row', { hasText: 'e2e.branch' })).toContainText('测试城市E2E');

  // 5. The user sees exactly the role's menus, and the server refuses the rest.
  const context = await browser.newContext();
  const user = await context.newPage();
  await signIn(user, 'e2e.branch', { password: 'Green-Tree-42', landsOnDashboard: false });
  await expect.poll(() => menuNames(user)).toEqual(['消息', '首页'].sort());
  await user.goto('/#/system/user');
  await expect(user.getByRole('button', { name: '新增' })).toHaveCount(0);
  const access = await user.evaluate(() => (JSON.parse(localStorage.getItem('token') ?? '{}') as { token?: string }).token ?? '');
  expect(access).not.toBe('');
  const refused = await user.request.get('/API-SYSTEM/user/manage/list', { headers: { authorization: `Bearer ${access}` } });
  expect(refused.status()).toBe(403);
  await context.close();

  // 6. Deleting the branch asks first, names the children that go with it, and takes them all.
  await admin.goto('/#/system/org');
  await admin.locator('.ant-table-row', { hasText: '测试大区E2E' }).getByRole('button', { name: '删除' }).click();
  const confirm = admin.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('测试大区E2E');
  await expect(confirm).toContainText('有 1 个下级将一并删除,请确认');
  await confirm.getByRole('button', { name: /取\s*消/ }).click();
  // the first confirmation is gone (its closing animation included) before the second opens
  await expect(confirm).toHaveCount(0);
  await expect(admin.locator('.ant-table-row', { hasText: '测试城市E2E' })).toBeVisible();
  await admin.locator('.ant-table-row', { hasText: '测试大区E2E' }).getByRole('button', { name: '删除' }).click();
  await admin
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(admin.locator('.ant-table-row', { hasText: '测试大区E2E' })).toHaveCount(0);
  await expect(admin.locator('.ant-table-row', { hasText: '测试城市E2E' })).toHaveCount(0);

  // 7. The audit log shows what was done, by whom.
  await admin.goto('/#/system/user');
  await admin.getByRole('tab', { name: '审计日志' }).click();
  await expect(admin.locator('.ant-table-row', { hasText: 'admin' }).first()).toBeVisible();
  await expect(admin.locator('.ant-table-row').filter({ hasText: 'delete' }).filter({ hasText: '组织' }).first()).toBeVisible();
});

test('a dialog taller than a 1366 x 768 window keeps its title and buttons in sight and scrolls its fields; a password eye says what it shows', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signIn(page, 'admin', { landsOnDashboard: false });
  // the pages' 新增 button (its icon's name before the word)
  const add = () => page.getByRole('button', { name: /^(\S+ )?新增$/ }).first();
  for (const [path, title, save] of [
    ['/#/system/role', '新增角色', /确\s*定/],
    ['/#/system/appManagement', '新增应用', /保\s*存/],
  ] as const) {
    await page.goto(path);
    await add().click();
    await expect(dialog(page).locator('.ant-modal-title')).toHaveText(title);
    const body = dialog(page).locator('.ant-modal-body');
    // the fields run past the window's height, so the body scrolls, not the page
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const box = await dialog(page).locator('.ant-modal-container').boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(768);
    await expect(dialog(page).getByRole('button', { name: save })).toBeInViewport({ ratio: 1 });
    await expect(dialog(page).locator('.ant-modal-title')).toBeInViewport({ ratio: 1 });
    // the last field is reached by scrolling the body
    await dialog(page).locator('.ant-form-item').last().scrollIntoViewIfNeeded();
    await expect(dialog(page).locator('.ant-form-item').last()).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  }
  // the user dialog's password fields: their eye says what it shows (decision 0070)
  await page.goto('/#/system/user');
  await add().click();
  await expect(dialog(page).locator('.ant-modal-title')).toHaveText('新增用户');
  await expect(dialog(page).getByRole('button', { name: '显示密码' })).toHaveCount(2);
  await dialog(page).getByRole('button', { name: '显示密码' }).first().click();
  await expect(dialog(page).getByRole('button', { name: '隐藏密码' })).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});
