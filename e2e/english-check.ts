import { expect, type Frame, type Page } from '@playwright/test';
import { PASSWORD, mainMenu } from './support';

/**
 * What the English journey reads on a page, and the dialogs' check on a dialog: text in Chinese
 * outside data (docs/decisions/0054), and tables and cards that do not fit at 1366 px
 * (docs/decisions/0057).
 */

/** Chinese characters and the full-width punctuation that comes with them. */
export const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** The visible texts (and placeholders) with a Chinese character outside data, each with where it is, in the page and its frames (the report screens). */
export async function untranslated(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const frame of page.frames()) found.push(...(await untranslatedIn(frame)));
  return found;
}

export const untranslatedIn = (frame: Frame) =>
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
      // a text field's value is what someone wrote: data by definition
      if (el.closest('script, style, noscript, textarea, [aria-hidden="true"].ant-select-selection-search')) continue;
      found.push(`${where(el)}: ${text.trim().slice(0, 60)}`);
    }
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]'))) {
      if (cjk.test(input.placeholder) && !isData(input) && shown(input)) found.push(`placeholder: ${input.placeholder}`);
    }
    return [...new Set(found)];
  }, CJK.source);

/**
 * Tables and cards that fit at 1366 px (docs/decisions/0057): no table header taller than two
 * lines, no cell whose text is cut without an ellipsis (antd's ellipsis carries the whole text as a
 * tooltip) or spills into the next cell, no button reaching out of its card. Read in the page and
 * its frames, on the visit the English check makes anyway.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const frame of page.frames()) found.push(...(await layoutProblemsIn(frame)));
  return found;
}

const layoutProblemsIn = (frame: Frame) =>
  frame.evaluate(() => {
    const found: string[] = [];
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && el.getBoundingClientRect().width > 0;
    const named = (el: Element) => (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40);
    for (const th of Array.from(document.querySelectorAll('.ant-table-thead > tr > th'))) {
      if (!shown(th) || !named(th)) continue;
      const style = getComputedStyle(th);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5715;
      // A title over grouped columns spans their header rows: each of its rows is held to the rule.
      const rows = (th as HTMLTableCellElement).rowSpan || 1;
      const inner = th.getBoundingClientRect().height / rows - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      if (inner > line * 2 + 2) found.push(`a header row ${Math.round(inner / line)} lines tall at "${named(th)}"`);
    }
    for (const cell of Array.from(document.querySelectorAll('.ant-table-tbody > tr > td, .ant-table-thead > tr > th'))) {
      if (!shown(cell)) continue;
      const box = cell.getBoundingClientRect();
      // text wider than a cell that clips nothing runs under the next cell, which paints over it
      // (each text measured itself: a fixed column's shadow also widens the cell's scroll width, and
      // text inside something that clips it is the check below's)
      if (getComputedStyle(cell).overflowX === 'visible' && !cell.querySelector('.ant-table-wrapper')) {
        const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        let spills = false;
        for (let text = texts.nextNode(); text && !spills; text = texts.nextNode()) {
          if (!text.textContent?.trim()) continue;
          let clipped = false;
          for (let up = text.parentElement; up && up !== cell && !clipped; up = up.parentElement) clipped = getComputedStyle(up).overflowX !== 'visible';
          if (clipped) continue;
          const extent = document.createRange();
          extent.selectNodeContents(text);
          const r = extent.getBoundingClientRect();
          spills = r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1);
        }
        if (spills) {
          found.push(`runs under the next cell: "${named(cell)}"`);
          continue;
        }
      }
      for (const el of [cell, ...Array.from(cell.querySelectorAll('*'))]) {
        if (el.scrollWidth <= el.clientWidth + 1 || el.closest('.ant-switch') || !shown(el)) continue;
        const style = getComputedStyle(el);
        if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
        if (style.textOverflow === 'ellipsis') continue;
        found.push(`text cut without an ellipsis: "${named(el)}"`);
        break;
      }
      for (const el of Array.from(cell.querySelectorAll('a, button, span, div'))) {
        const r = el.getBoundingClientRect();
        if (shown(el) && (r.right > box.right + 1 || r.left < box.left - 1)) {
          found.push(`spills out of its cell: "${named(el)}"`);
          break;
        }
      }
    }
    // A column whose title is squeezed to nothing: antd's fixed layout gives a column without a width
    // what the others leave, and nothing once their widths add up past the table's.
    for (const th of Array.from(document.querySelectorAll('.ant-table-thead > tr > th'))) {
      if (th.checkVisibility() && named(th) && th.getBoundingClientRect().width < 24) found.push(`a column squeezed to nothing: "${named(th)}"`);
    }
    // A table reaching past its card, where nothing between them scrolls or clips it.
    for (const table of Array.from(document.querySelectorAll('.ant-card .ant-table table'))) {
      if (!shown(table)) continue;
      const card = table.closest('.ant-card')!;
      let clipped = false;
      for (let up = table.parentElement; up && up !== card; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') clipped = true;
      if (!clipped && table.getBoundingClientRect().right > card.getBoundingClientRect().right + 1)
        found.push(`a table wider than its card: "${named(table.querySelector('th') ?? table)}"`);
    }
    for (const button of Array.from(document.querySelectorAll('.ant-card button, .ant-card a.ant-btn'))) {
      if (!shown(button)) continue;
      const card = button.closest('.ant-card')!;
      const cardBox = card.getBoundingClientRect();
      // what of the button is shown: a scrolling area inside the card may hide it, and that is no fault
      let left = cardBox.left;
      let right = cardBox.right;
      for (let up = button.parentElement; up && up !== card; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const r = up.getBoundingClientRect();
        left = Math.max(left, r.left);
        right = Math.min(right, r.right);
      }
      const b = button.getBoundingClientRect();
      if (b.right <= left || b.left >= right) continue;
      if (Math.min(b.right, right) > cardBox.right + 1 || Math.max(b.left, left) < cardBox.left - 1) found.push(`a button out of its card: "${named(button)}"`);
    }
    return [...new Set(found)];
  });

/** Signs in on the login page in English and waits for the layout. */
export async function signInInEnglish(page: Page, username: string) {
  await page.goto('/#/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(mainMenu(page, 'Main menu')).toBeVisible();
}
