import { expect, test, type Page } from '@playwright/test';
import type { MenuEntry, MenuListResult } from '@field-portal/shared';
import { apiToken, mainMenu, signIn } from './support';

/**
 * Every page of every role's menu is reached through the menu (issue 34): the icons, their
 * flyouts and the second sidebars, by mouse for each demo role and by keyboard for one.
 */

const ROLES = ['admin', 'operator', 'rep01', 'mgr01', 'msl01', 'mkt01'];

interface MenuNode extends MenuEntry {
  kids: MenuNode[];
}

/** The role's permitted menu as a tree (the flat list names each entry's parent). */
function menuTree(entries: MenuEntry[]): MenuNode[] {
  const nodes = new Map(entries.map((e) => [e.id, { ...e, kids: [] as MenuNode[] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.kids.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The pages an entry's menu offers: visible entries without children or path parameters, under visible parents. */
const visibleLeaves = (node: MenuNode): MenuNode[] =>
  node.hidden ? [] : node.kids.length === 0 ? (node.path.includes(':') ? [] : [node]) : node.kids.flatMap(visibleLeaves);

async function roleMenu(page: Page, username: string): Promise<MenuNode[]> {
  const res = await page.request.get('/API-SYSTEM/menu/list', { headers: { authorization: `Bearer ${await apiToken(page.request, username)}` } });
  expect(res.status()).toBe(200);
  return menuTree(((await res.json()) as { result: MenuListResult }).result.menuList).filter((n) => !n.hidden);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pageTitle = (page: Page) => page.locator('.fp-topbar-title');

/** The page is open: its address and the top bar's title, the menu entry's name. */
async function landedOn(page: Page, leaf: MenuNode) {
  await expect(page).toHaveURL(new RegExp(`#${escape(leaf.path)}(\\?|$)`));
  await expect(pageTitle(page)).toHaveText(leaf.name);
}

/**
 * Opens every page of the role's menu with the mouse — an icon, its flyout, or its area's second
 * sidebar, as the screen offers it — and returns the paths opened.
 */
async function walkByMouse(page: Page, areas: MenuNode[]): Promise<string[]> {
  const reached: string[] = [];
  for (const area of areas) {
    const icon = mainMenu(page).getByRole('link', { name: area.name, exact: true });
    const leaves = visibleLeaves(area);
    if (area.kids.length > 0 && area.secondaryMenu) {
      await icon.click();
      const sidebar = page.getByRole('complementary', { name: area.name, exact: true });
      await expect(sidebar).toBeVisible();
      for (const leaf of leaves) {
        await sidebar.getByRole('menuitem', { name: leaf.name, exact: true }).click();
        await landedOn(page, leaf);
        reached.push(leaf.path);
      }
    } else if (leaves.length > 1) {
      // no second sidebar: the icon's flyout lists the pages
      await expect(icon).toHaveAttribute('aria-haspopup', 'menu');
      for (const leaf of leaves) {
        const flyout = page.getByRole('menu', { name: area.name, exact: true });
        // Pointing opens it. On a busy machine the last flyout's closing can come after the new
        // pointing's opening, and a pointer resting on the icon points no more: so leave and point
        // again until it is shown.
        await expect(async () => {
          await page.locator('.fp-iconbar-logo').hover();
          await icon.hover();
          await expect(flyout).toBeVisible({ timeout: 5_000 });
        }).toPass();
        await flyout.getByRole('menuitem', { name: leaf.name, exact: true }).click();
        await landedOn(page, leaf);
        await expect(flyout).toBeHidden();
        reached.push(leaf.path);
      }
    } else if (leaves.length === 1) {
      await icon.click();
      await landedOn(page, leaves[0]!);
      reached.push(leaves[0]!.path);
    }
  }
  return reached;
}

for (const username of ROLES) {
  test(`${username}: every page of the menu opens from the menu by mouse`, async ({ page }) => {
    test.setTimeout(username === 'admin' ? 600_000 : 300_000);
    await signIn(page, username, { landsOnDashboard: false });
    const areas = await roleMenu(page, username);
    const expected = areas.flatMap(visibleLeaves).map((leaf) => leaf.path);
    expect(expected.length).toBeGreaterThan(1);
    expect((await walkByMouse(page, areas)).sort()).toEqual([...new Set(expected)].sort());
  });
}

test('the flyouts of 消息 and 更多 work from the keyboard: open, move, choose, and Escape returns to the icon', async ({ page }) => {
  await signIn(page, 'admin');
  const more = mainMenu(page).getByRole('link', { name: '更多', exact: true });
  await more.focus();
  await page.keyboard.press('Enter');
  const flyout = page.getByRole('menu', { name: '更多', exact: true });
  await expect(flyout).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  // focus is in the flyout; Escape closes it and gives the focus back to the icon
  await expect(flyout.locator('[role="menuitem"]').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(flyout).toBeHidden();
  await expect(more).toBeFocused();

  // ArrowDown opens it too; arrows move, Enter opens the page
  await page.keyboard.press('ArrowDown');
  await expect(flyout).toBeVisible();
  await expect(flyout.getByRole('menuitem', { name: '数据定制', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(flyout.getByRole('menuitem', { name: '学术脉络', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/academic\/academicContext$/);
  await expect(page.locator('.fp-topbar-title')).toHaveText('学术脉络');

  const news = mainMenu(page).getByRole('link', { name: '消息', exact: true });
  await news.focus();
  await page.keyboard.press('Enter');
  const newsFlyout = page.getByRole('menu', { name: '消息', exact: true });
  await expect(newsFlyout).toBeVisible();
  // the flyout moves the focus to its first page once open: an arrow pressed before that is lost
  await expect(newsFlyout.locator('[role="menuitem"]').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(newsFlyout.getByRole('menuitem', { name: '会议消息', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/news\/meetingNews$/);
});

test("a screen's heading is the page's menu name, and a detail page without its record goes to its list", async ({ page }) => {
  await signIn(page, 'mgr01');
  await page.goto('/#/news/index');
  await expect(page.locator('.fp-topbar-title')).toHaveText('消息中心');
  await expect(page.locator('.ant-card-head-title').first()).toHaveText('消息中心');
  await page.goto('/#/task/taskRecord');
  await expect(page.locator('.ant-card-head-title').first()).toHaveText('任务记录');
  await page.goto('/#/task/taskRecordDetail');
  await expect(page).toHaveURL(/#\/task\/taskRecord$/);
});
