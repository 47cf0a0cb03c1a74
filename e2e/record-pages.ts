import { expect, type Locator, type Page } from '@playwright/test';
import { LOADING } from './support';

/**
 * The pages a menu hides because they show one record (a doctor, a hospital, an article…), each
 * reached as a user reaches it: its list is opened and the first link or button to it is followed.
 * The checks that go over every menu page (accessibility, English) go over these too.
 */
export interface RecordPage {
  /** Its menu entry's path, as the address shows it once it is open. */
  path: string;
  /**
   * Where a user opens it: the list, and the first link or button there that does. None for a page
   * the user menu opens without a record.
   */
  from?: { list: string; opener: (page: Page) => Locator };
}

const firstLink = (to: string) => (page: Page) => page.locator(`.fp-content a[href^="#${to}"]`).first();
const firstButton = (name: RegExp) => (page: Page) => page.locator('.fp-content').getByRole('button', { name }).first();

export const RECORD_PAGES: RecordPage[] = [
  { path: '/customer/businessRecord', from: { list: '/customer/totaldoctor', opener: firstLink('/customer/businessRecord/') } },
  { path: '/customer/hospitalDetail', from: { list: '/customer/totalHospital', opener: firstLink('/customer/hospitalDetail/') } },
  { path: '/doctor/doctorFullViewDetail', from: { list: '/doctor/doctorList', opener: firstLink('/doctor/doctorFullViewDetail/') } },
  { path: '/contentCenter/ccArticleDetail', from: { list: '/contentCenter/contentCenterIndex', opener: firstLink('/contentCenter/ccArticleDetail') } },
  { path: '/medicine/eventDetail', from: { list: '/medicine/MedAna', opener: firstLink('/medicine/eventDetail') } },
  { path: '/task/taskRecordDetail', from: { list: '/task/taskRecord', opener: firstButton(/^(查\s*看|View)$/) } },
  { path: '/contentCenter/surveyQuesDetail', from: { list: '/surveyList/index', opener: firstButton(/^(去回答|Answer)$/) } },
  { path: '/card/edit', from: { list: '/card/createdCard', opener: firstButton(/(编\s*辑|Edit)$/) } },
  { path: '/system/messageEdit', from: { list: '/system/messageManger', opener: firstButton(/(编\s*辑|Edit)$/) } },
  { path: '/personalcenter/index' },
  { path: '/downloadCentre/index' },
];

/**
 * Opens a record page from its list (or by its address) and waits for its content: the address
 * names the page, something is drawn in it and nothing is loading any more.
 */
export async function openRecordPage(page: Page, entry: RecordPage) {
  if (entry.from) {
    await page.goto(`/#${entry.from.list}`);
    await expect(page.locator(`.fp-content :is(${LOADING})`)).toHaveCount(0, { timeout: 30_000 });
    await entry.from.opener(page).click();
  } else {
    await page.goto(`/#${entry.path}`);
  }
  await expect(page).toHaveURL(new RegExp(`#${entry.path.replace(/[/]/g, '\\/')}`));
  await expect(page.locator('.fp-content .fp-page > *').first()).toBeVisible();
  await expect(page.locator(`.fp-content :is(${LOADING})`)).toHaveCount(0, { timeout: 30_000 });
  // the pointer leaves what it clicked, so every run reads the page in the same state
  await page.mouse.move(0, 0);
}
