import { expect, test, type Frame, type Page } from '@playwright/test';
import type { MenuEntry, MenuListResult } from '@field-portal/shared';
import { PASSWORD, apiToken, mainMenu } from './support';

/**
 * Every page in English (issue 34): each role's menu pages are opened in English and their visible
 * text read; a Chinese character outside an element marked as data (`translate="no"`: names,
 * places, titles of articles and cards — docs/decisions/0054) fails the page.
 */

/** Admin holds most pages; the other roles add the pages only they have. */
const ROLES = ['admin', 'operator', 'rep01', 'mgr01', 'msl01', 'mkt01'];

/** Chinese characters and the full-width punctuation that comes with them. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

async function menuPages(page: Page, username: string): Promise<MenuEntry[]> {
  const res = await page.request.get('/API-SYSTEM/menu/list', { headers: { authorization: `Bearer ${await apiToken(page.request, username)}` } });
  expect(res.status()).toBe(200);
  const entries = ((await res.json()) as { result: MenuListResult }).result.menuList;
  const byId = new Map(entries.map((e) => [e.id, e]));
  const parents = new Set(entries.map((e) => e.parentId));
  const shownInMenu = (e: MenuEntry | undefined): boolean => !e || (!e.hidden && shownInMenu(e.parentId === null ? undefined : byId.get(e.parentId)));
  // the pages the menu offers: visible entries without children and without a record in their path
  return entries.filter((e) => !parents.has(e.id) && !e.path.includes(':') && shownInMenu(e));
}

/** Requests still open, so a page is read once its data came (streams of real-time messages excepted). */
function trackRequests(page: Page): () => number {
  const open = new Set<unknown>();
  const streaming = (url: string) => /\/(events|stream|socket)/i.test(url);
  page.on('request', (r) => {
    if (!streaming(r.url()) && r.resourceType() !== 'websocket' && r.resourceType() !== 'eventsource') open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

/** The visible texts (and placeholders) with a Chinese character outside data, each with where it is, in the page and its frames (the report screens). */
async function untranslated(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const frame of page.frames()) found.push(...(await untranslatedIn(frame)));
  return found;
}

const untranslatedIn = (frame: Frame) =>
  frame.evaluate((cjkSource) => {
    const cjk = new RegExp(cjkSource);
    const found: string[] = [];
    const where = (el: Element) => {
      const cell = el.closest('td, th, label, button, .ant-tag, .ant-select, .ant-descriptions-item, .ant-card-head-title, svg');
      return cell
        ? `${cell.tagName.toLowerCase()}${cell.className && typeof cell.className === 'string' ? '.' + cell.className.split(' ')[0] : ''}`
        : el.tagName.toLowerCase();
    };
    const isData = (el: Element) => el.closest('[translate="no"]') !== null;
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const el = node.parentElement;
      if (!el || !cjk.test(text) || isData(el) || !shown(el)) continue;
      if (el.closest('script, style, noscript, [aria-hidden="true"].ant-select-selection-search')) continue;
      found.push(`${where(el)}: ${text.trim().slice(0, 60)}`);
    }
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]'))) {
      if (cjk.test(input.placeholder) && !isData(input) && shown(input)) found.push(`placeholder: ${input.placeholder}`);
    }
    return [...new Set(found)];
  }, CJK.source);

/** Opens a page by its address and waits for its content: the English title, its calls answered, no spinner. */
async function openInEnglish(page: Page, entry: MenuEntry, openRequests: () => number) {
  await page.goto(`/#${entry.path}`);
  await expect(page.locator('.fp-topbar-title')).toHaveText(entry.nameEn);
  await expect.poll(openRequests).toBe(0);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  // a report screen frames its report, which loads on its own
  for (const frame of page.frames().slice(1)) await expect(frame.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect.poll(openRequests).toBe(0);
}

/** Signs in on the login page in English and waits for the layout. */
async function signInInEnglish(page: Page, username: string) {
  await page.goto('/#/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(mainMenu(page, 'Main menu')).toBeVisible();
}

test('every page of every role reads in English, with Chinese only in data', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const username of ROLES) {
    // one signed-in page per role, in English from the start (the language cookie)
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', viewport: { width: 1366, height: 900 } });
    await context.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
    const page = await context.newPage();
    const openRequests = trackRequests(page);
    await signInInEnglish(page, username);
    for (const entry of await menuPages(page, username)) {
      if (seen.has(entry.path)) continue;
      seen.add(entry.path);
      await openInEnglish(page, entry, openRequests);
      for (const text of await untranslated(page)) {
        problems.push(`${username} ${entry.path} — ${text}`);
      }
    }
    await context.close();
  }
  expect(seen.size).toBeGreaterThan(100);
  expect(problems).toEqual([]);
});
