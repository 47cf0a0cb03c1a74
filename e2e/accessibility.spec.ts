import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API, type MenuEntry, type MenuListResult } from '@field-portal/shared';
import { blockingViolations, report, type Finding } from './axe-check';
import { RECORD_PAGES, openRecordPage } from './record-pages';
import { LOADING, PASSWORD, apiToken, mainMenu, signIn } from './support';

/**
 * WCAG 2.1 A and AA on every page of every role's menu (issue 34): axe-core in the browser, after
 * the page's content has come, fails on any serious or critical violation. The pages are the ones
 * the portal's own menu calls give the roles, not a list written here.
 */

const ROLES = ['admin', 'operator', 'rep01', 'mgr01', 'msl01', 'mkt01'];
/**
 * A route is one screen whoever opens it: it is checked once, with the widest menu that has it
 * (rows differ by data scope, the controls and states drawn do not). These routes are drawn for
 * their reader, so every role that has them checks them too (docs/decisions/0044).
 */
const DRAWN_FOR_THE_READER: Record<string, string> = {
  '/dashboard': "the role's landing page, inside the layout with the role's own menu",
  '/task/myPlan': "the reader's own plan, tasks and visits",
  '/task/today': "the reader's own tasks of the day",
  '/task/taskMineCreate': 'the tasks the reader created',
  '/task/taskRecord': "the reader's task records",
  '/task/teamInteractioRecord': "the reader's team (a reader who leads none has it hidden from the menu)",
  '/card/createdCard': "the reader's own cards, with the edit and delete actions of their creator",
  '/card/draftCard': "the reader's own drafts, with the edit and delete actions of their creator",
};

/** The role's visible menu pages without path parameters (the flat list names each entry's parent). */
async function menuPages(request: APIRequestContext, username: string): Promise<MenuEntry[]> {
  const res = await request.get('/API-SYSTEM/menu/list', { headers: { authorization: `Bearer ${await apiToken(request, username)}` } });
  expect(res.status()).toBe(200);
  const entries = ((await res.json()) as { result: MenuListResult }).result.menuList;
  const byId = new Map(entries.map((e) => [e.id, e]));
  const parents = new Set(entries.map((e) => e.parentId));
  const shown = (e: MenuEntry): boolean => !e.hidden && (e.parentId === null || !byId.has(e.parentId) || shown(byId.get(e.parentId)!));
  const paths = new Set<string>();
  return entries.filter((e) => {
    if (parents.has(e.id) || e.path.includes(':') || !shown(e) || paths.has(e.path)) return false;
    paths.add(e.path);
    return true;
  });
}

let planned: Promise<Map<string, MenuEntry[]>> | undefined;

/**
 * Which role checks which page: every route of every role's menu once, by the role with the most
 * pages that has it, and the routes drawn for their reader by each role that has them.
 */
function visitPlan(request: APIRequestContext): Promise<Map<string, MenuEntry[]>> {
  planned ??= (async () => {
    const menus: [string, MenuEntry[]][] = [];
    for (const username of ROLES) menus.push([username, await menuPages(request, username)]);
    menus.sort((a, b) => b[1].length - a[1].length);
    const checked = new Set<string>();
    const plan = new Map<string, MenuEntry[]>();
    for (const [username, pages] of menus) {
      plan.set(
        username,
        pages.filter((entry) => {
          const first = !checked.has(entry.path);
          checked.add(entry.path);
          return first || entry.path in DRAWN_FOR_THE_READER;
        }),
      );
    }
    return plan;
  })();
  return planned;
}

/** Opens a page of the menu inside the signed-in layout and waits for its content to have come. */
async function openPage(page: Page, entry: MenuEntry) {
  await page.evaluate((path) => {
    window.location.hash = path;
  }, entry.path);
  await expect(page.locator('.fp-topbar-title')).toHaveText(entry.name);
  await expect(page.locator('.fp-content .fp-page > *').first()).toBeVisible();
  // loading indicators gone: the rows, charts and forms the page shows are on screen (a page that
  // never finishes loading is reported, and the check goes on with the next)
  await expect.soft(page.locator(`.fp-content :is(${LOADING})`), `${entry.path} still loading`).toHaveCount(0, { timeout: 30_000 });
  // a report screen frames the analytics share page, which loads its dashboard in turn
  if ((await page.locator('.fp-content iframe').count()) > 0) {
    await expect
      .soft(page.frameLocator('.fp-content iframe').first().locator(LOADING), `${entry.path}'s report still loading`)
      .toHaveCount(0, { timeout: 30_000 });
  }
}

/** About 3 to 6 s a page on a busy two-core machine; the limit leaves room for a page that is slower. */
const SECONDS_A_PAGE = 15;

for (const username of ROLES) {
  test(`${username}: no serious or critical WCAG 2.1 AA violation on the pages it checks`, async ({ page, request }) => {
    const pages = (await visitPlan(request)).get(username) ?? [];
    expect(pages.length).toBeGreaterThan(0);
    test.setTimeout(60_000 + pages.length * SECONDS_A_PAGE * 1000);
    test.info().annotations.push({ type: 'pages', description: pages.map((e) => e.path).join(' ') });
    // one signed-in page for all of the role's pages, each opened from the address bar's hash
    await signIn(page, username, { landsOnDashboard: false });
    let previous: MenuEntry | undefined;
    for (const entry of pages) {
      await openPage(page, entry);
      // the tag bar would hold every page checked so far, and axe would go over all of them again
      // on each page: the page before goes once the next is open (closing the open one would go
      // back to the dashboard first)
      const before = previous && page.locator(`.fp-tag[data-tag-path="${previous.path}"]:not([data-affix])`);
      if (before && (await before.count()) > 0) {
        await before.locator('.fp-tag-close').click();
        await expect(before).toHaveCount(0);
      }
      previous = entry;
      const findings = await blockingViolations(page, entry.path);
      // each page's findings as it is checked; a failing page does not stop the next
      expect.soft(findings, report(findings)).toEqual([]);
    }
  });
}

test('admin: no serious or critical WCAG 2.1 AA violation on the pages opened with a record, each reached from its list', async ({ page }) => {
  test.setTimeout(60_000 + RECORD_PAGES.length * SECONDS_A_PAGE * 1000);
  await signIn(page, 'admin', { landsOnDashboard: false });
  for (const entry of RECORD_PAGES) {
    await openRecordPage(page, entry);
    const findings = await blockingViolations(page, entry.path);
    expect.soft(findings, report(findings)).toEqual([]);
  }
});

test("no serious or critical WCAG 2.1 AA violation outside the layout: both sign-in pages with their messages shown, the landing page, 404, and the phone page's list", async ({
  page,
  browser,
  baseURL,
}) => {
  const findings: Finding[] = [];
  // the console's sign-in, sent empty: each field says what it needs
  await page.goto('/#/login');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.locator('#fp-login-username-problem')).toBeVisible();
  await expect(page.locator('#fp-login-password-problem')).toBeVisible();
  findings.push(...(await blockingViolations(page, '/login, sent empty')));
  await page.goto('/#/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  findings.push(...(await blockingViolations(page, '/home')));
  await page.goto('/#/404');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  findings.push(...(await blockingViolations(page, '/404')));
  // the phone page: its sign-in sent empty, then its list of cards
  const phone = await browser.newPage({ baseURL, viewport: { width: 390, height: 800 } });
  await phone.goto('/m/');
  await phone.getByRole('button', { name: /登\s*录/ }).click();
  await expect(phone.locator('#fp-m-username-problem')).toBeVisible();
  findings.push(...(await blockingViolations(phone, '/m/, sent empty')));
  await phone.getByLabel('用户名', { exact: true }).fill('rep01');
  await phone.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await phone.getByRole('button', { name: /登\s*录/ }).click();
  await expect(phone.locator('.fp-m-row').first()).toBeVisible();
  findings.push(...(await blockingViolations(phone, '/m/, the list')));
  await phone.close();
  expect(findings, report(findings)).toEqual([]);
});

/** Tabs on until `target` has the focus (or fails after `most` steps). */
async function tabTo(page: Page, target: Locator, most = 15) {
  for (let step = 0; step < most && !(await target.evaluate((el) => el === document.activeElement)); step++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test('the skip link is the first stop of the keyboard and moves the focus to the main content', async ({ page }) => {
  await signIn(page, 'rep01');
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  await expect(mainMenu(page)).toBeVisible();
});

test("the keyboard's focus shows a ring round a text field and a select", async ({ page }) => {
  await signIn(page, 'admin', { landsOnDashboard: false });
  await page.evaluate(() => {
    window.location.hash = '/system/user';
  });
  const search = page.getByPlaceholder('搜索登录名、姓名、邮箱、手机');
  await expect(search).toBeVisible();
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  const ring = async (field: Locator) => {
    await expect(field).toHaveCSS('outline-style', 'solid');
    await expect(field).toHaveCSS('outline-width', '2px');
    await expect(field).toHaveCSS('outline-color', 'rgb(29, 95, 209)');
  };
  await tabTo(page, search);
  await ring(page.locator('.ant-input-affix-wrapper').filter({ has: search }));
  const select = page.getByRole('combobox', { name: '允许登录' });
  await tabTo(page, select);
  await ring(page.locator('.ant-select').filter({ has: select }));
});

test("the keyboard's place in a tree shows the ring on its active node", async ({ page }) => {
  await signIn(page, 'admin', { landsOnDashboard: false });
  await page.evaluate(() => {
    window.location.hash = '/system/role';
  });
  const add = page.getByRole('button', { name: /新\s*增/ });
  await add.focus();
  await page.keyboard.press('Enter');
  const tree = page.getByRole('dialog').getByRole('tree');
  await expect(tree).toBeVisible();
  await tabTo(page, tree, 30);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const active = tree.locator('.ant-tree-treenode-active .ant-tree-node-content-wrapper');
  await expect(active).toHaveCount(1);
  await expect(active).toHaveCSS('outline-style', 'solid');
  await expect(active).toHaveCSS('outline-width', '2px');
  await expect(active).toHaveCSS('outline-color', 'rgb(29, 95, 209)');
  await expect(tree).toHaveAttribute('aria-activedescendant', (await active.locator('xpath=ancestor::*[@role="treeitem"][1]').getAttribute('id')) ?? 'missing');
});

test('Tab goes through an empty period and on, in a form and in a filter; a period left half done is refused by name', async ({ page }) => {
  await signIn(page, 'admin', { landsOnDashboard: false });
  await page.evaluate(() => {
    window.location.hash = '/meetingReport/meetingReportIndex';
  });
  await page.getByRole('button', { name: /新建会议/ }).click();
  const form = page.getByRole('dialog', { name: '新建会议' });
  const start = form.getByPlaceholder('开始日期');
  await start.focus();
  await page.keyboard.press('Tab');
  await expect(form.getByPlaceholder('结束日期')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('医院/场地')).toBeFocused();
  // The start alone, then on by Tab: kept as typed, and the save names the unfinished time.
  await form.getByLabel('会议名称').fill('键盘会');
  await form.getByLabel('城市').fill('上海');
  await form.getByLabel('医院/场地').fill('瑞金医院');
  await start.focus();
  await start.fill('2026-12-01 09:00');
  await page.keyboard.press('Tab');
  await expect(form.getByPlaceholder('结束日期')).toBeFocused();
  await page.keyboard.press('Tab');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('请选择会议时间')).toBeVisible();
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  await page.evaluate(() => {
    window.location.hash = '/reportDownload/cardPushDetail';
  });
  const from = page.getByPlaceholder('开始日期');
  await from.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByPlaceholder('结束日期')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'BU' })).toBeFocused();
});

test('a dialog opened by the keyboard starts on its first field, goes round its ✕ and buttons, and gives the focus back to its opener as it closes', async ({
  page,
}) => {
  await signIn(page, 'admin', { landsOnDashboard: false });
  await page.evaluate(() => {
    window.location.hash = '/system/user';
  });
  const add = page.getByRole('button', { name: /新\s*增/ });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('登录名')).toBeFocused();
  // round the dialog both ways: the ✕ before the first field, the last button after it, and no stop outside
  const close = dialog.getByRole('button', { name: '关闭' });
  const ok = dialog.getByRole('button', { name: /确\s*定/ });
  await page.keyboard.press('Shift+Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(ok).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('登录名')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});

test("Enter in a dialog's field saves as its save button does: refused at the fields when empty, saved when filled", async ({ page }) => {
  await signIn(page, 'admin', { landsOnDashboard: false });
  await page.evaluate(() => {
    window.location.hash = '/dataManage/medicineDurg';
  });
  const screen = page.locator('[data-screen="medicine"]');
  await screen.getByRole('button', { name: /新\s*增/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const name = dialog.getByLabel('药品名称');
  await expect(name).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('请输入药品名称')).toBeVisible();
  await expect(dialog.getByText('请输入药品编码')).toBeVisible();
  await page.keyboard.type('回车药');
  await dialog.getByLabel('药品编码').focus();
  await page.keyboard.type('ENTER-01');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(screen.getByRole('row', { name: /回车药/ })).toContainText('ENTER-01');
});

test('a confirmation opened by the keyboard holds the focus on its buttons and gives it back as it closes', async ({ page }) => {
  await signIn(page, 'admin', { landsOnDashboard: false });
  await page.evaluate(() => {
    window.location.hash = '/system/user';
  });
  const row = page.locator('.ant-table-row', { hasText: 'rep02' });
  const remove = row.getByRole('button', { name: /删\s*除/ });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('rep02');
  const ok = dialog.getByRole('button', { name: /确\s*定/ });
  await expect(ok).toBeFocused();
  // the keyboard stays among the dialog's buttons
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: /取\s*消/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ok).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(row).toBeVisible();
});

test("a hint shown on pointing shows on the keyboard's focus too, describes its button, and Escape hides it", async ({ page }) => {
  await signIn(page, 'admin');
  const service = page.locator('.fp-topbar-actions').getByRole('button', { name: '客服热线' });
  await service.focus();
  const hint = page.getByRole('tooltip');
  await expect(hint).toHaveText('客服热线: 暂未开放');
  await expect(service).toHaveAccessibleDescription('客服热线: 暂未开放');
  await page.keyboard.press('Escape');
  await expect(hint).toBeHidden();
  await expect(service).toBeFocused();
});

test('a button that is off says why to the keyboard too: it keeps its place in the order, its hint opens on focus, and Enter does nothing', async ({
  page,
}) => {
  await signIn(page, 'admin', { landsOnDashboard: false });
  await page.evaluate(() => {
    window.location.hash = '/card/draftCard';
  });
  const push = page.getByRole('button', { name: /推\s*送/ });
  await expect(push).toHaveAttribute('aria-disabled', 'true');
  await push.focus();
  await expect(push).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('请在"已创建卡片"中勾选要推送的卡片');
  await expect(push).toHaveAccessibleDescription('请在"已创建卡片"中勾选要推送的卡片');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(push).toBeFocused();
});

test("a card's box that is off says why to a screen reader, as its hint says it to a pointer; a box that is on has no such words", async ({ page }) => {
  await signIn(page, 'admin', { landsOnDashboard: false });
  await page.evaluate(() => {
    window.location.hash = '/card/createdCard';
  });
  const boxes = page.getByTestId('card-list').getByRole('checkbox', { name: /选择卡片/ });
  await expect(boxes.first()).toBeVisible();
  const off = page.getByTestId('card-list').locator('input[type=checkbox]:disabled').first();
  await expect(off).toHaveAccessibleDescription('只能推送已创建或已发布的卡片');
  const on = page.getByTestId('card-list').locator('input[type=checkbox]:enabled').first();
  await expect(on).toHaveAccessibleDescription('');
});

test('Enter in a new task names every missing field; a refused save leaves its button named by its words, not "loading"', async ({ browser, request }) => {
  // a doctor of 云南省, outside rep01's 上海市 and 浙江省, found through the administrator's own list call
  const list = await request.get(API.customers.doctor.list, {
    headers: { authorization: `Bearer ${await apiToken(request, 'admin')}` },
    params: { doctorRange: 'internal', provinceCodes: '530000', size: 1 },
  });
  expect(list.status(), await list.text()).toBe(200);
  const far = ((await list.json()) as { result: { content: { id: number; name: string }[] } }).result.content[0]!;
  // with motion: antd's loading icon leaves by an animation, which reduced motion skips
  const { baseURL, viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'no-preference' });
  const page = await context.newPage();
  await signIn(page, 'admin');
  await page.evaluate(
    (path) => {
      window.location.hash = path;
    },
    `/task/done?doctorId=${far.id}&doctorName=${encodeURIComponent(far.name)}`,
  );
  const form = page.getByTestId('create-task');
  const create = form.getByRole('button', { name: /创建任务/ });
  // Enter in the empty title: each missing field says so under itself, nothing is sent
  await form.getByLabel('任务标题').press('Enter');
  await expect(form.locator('.ant-form-item-explain-error')).toHaveText(['请填写任务标题', '请选择负责人']);
  await form.getByLabel('任务标题').fill('回访');
  await form.getByTestId('principal-select').click();
  await page.keyboard.type('rep01');
  await page.locator('.ant-select-item-option', { hasText: 'rep01' }).first().click();
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await create.click();
  // the server refused the doctor outside the principal's scope; the refusal is on its field
  await expect(form.locator('.ant-form-item-explain-error')).toHaveText('医生不在负责人的数据权限范围内');
  await expect(create).toHaveAccessibleName('创建任务');
  await context.close();
});
