import { expect, type Locator, type Page } from '@playwright/test';
import { LOADING } from './support';

/**
 * The dialogs and drawers the pages open, each reached as a user reaches it: its page is opened and
 * the first button of that name there is pressed. The checks that go over every page
 * (accessibility, English) go over these too, with the dialog open on its page. One entry a form:
 * where several screens share one form (the data-management tables' simple forms) one of them stands
 * for the rest.
 */
export interface DialogEntry {
  /** The page's menu path. */
  page: string;
  /** The button that opens it, in either language (after its icon's name, if it has one). */
  opener: RegExp;
}

/** A button by its name in either language, after its icon's name if it has one. */
const button = (zh: string, en: string) => new RegExp(`(^|\\s)(${zh}|${en})$`);
const ADD = button('新\\s*增', 'Add');
const EDIT = button('编\\s*辑', 'Edit');

export const DIALOGS: DialogEntry[] = [
  { page: '/system/user', opener: ADD },
  { page: '/system/user', opener: EDIT },
  { page: '/system/role', opener: ADD },
  { page: '/system/role', opener: EDIT },
  { page: '/system/org', opener: button('新增顶级组织', 'Add top organisation') },
  { page: '/system/org', opener: EDIT },
  { page: '/system/menuManager', opener: button('新增顶级菜单', 'Add top menu') },
  { page: '/system/menuManager', opener: EDIT },
  { page: '/system/lang', opener: ADD },
  { page: '/system/appManagement', opener: ADD },
  { page: '/system/accessToken', opener: button('创建令牌', 'Create token') },
  { page: '/dataManage/userPermission', opener: ADD },
  { page: '/dataManage/medicineDurg', opener: EDIT },
  { page: '/dataManage/homeChart', opener: ADD },
  { page: '/dataManage/homeData', opener: ADD },
  { page: '/dataManage/medicinePublicOpinion', opener: ADD },
  { page: '/dataManage/journalTable', opener: EDIT },
  { page: '/customer/doctorLabel', opener: button('新建标签', 'New tag') },
  { page: '/customer/totaldoctor', opener: button('新增医生', 'Add doctor') },
  { page: '/meetingReport/meetingReportIndex', opener: button('新建会议', 'New meeting') },
  { page: '/recommend/published', opener: button('阅读详情', 'Read details') },
];

export const dialogName = (entry: DialogEntry) => `${entry.page} › ${entry.opener.source}`;

/** An open dialog or drawer: the topmost one shown. */
export const openDialogBox = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal, .ant-drawer-open .ant-drawer-content-wrapper').last();

/**
 * Opens the page, presses the opener and waits for the dialog to be there and done: moved in
 * (no animation left, fully opaque), its own data loaded; the pointer then leaves the button.
 */
export async function openDialog(page: Page, entry: DialogEntry): Promise<Locator> {
  await page.goto(`/#${entry.page}`);
  await expect(page.locator('.fp-content .fp-page > *').first()).toBeVisible();
  await expect(page.locator(`.fp-content :is(${LOADING})`)).toHaveCount(0, { timeout: 30_000 });
  await page.locator('.fp-content').getByRole('button', { name: entry.opener }).first().click({ timeout: 20_000 });
  const dialog = openDialogBox(page);
  await expect(dialog).toBeVisible();
  await expect
    .poll(() =>
      dialog.evaluate((el) => {
        const box = el.closest('.ant-modal-wrap, .ant-drawer') ?? el;
        return box.getAnimations({ subtree: true }).length === 0 && getComputedStyle(el).opacity === '1';
      }),
    )
    .toBe(true);
  await expect(dialog.locator(LOADING)).toHaveCount(0, { timeout: 30_000 });
  await page.mouse.move(0, 0);
  return dialog;
}

/** Escape closes the dialog (docs/decisions/0078), ready for the next. */
export async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
