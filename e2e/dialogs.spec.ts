import { expect, test } from '@playwright/test';
import { blockingViolations, report } from './axe-check';
import { DIALOGS, closeDialog, dialogName, openDialog } from './dialogs';
import { layoutProblems, signInInEnglish, untranslated } from './english-check';

/**
 * The dialogs and drawers, checked as the pages are (docs/decisions/0044, 0054, 0057): each opened
 * on its page as a user opens it, in English at 1366 px; then no serious or critical WCAG 2.1 AA
 * violation with it open, no Chinese outside data, its tables fitting, and Escape closes it.
 */

/** About 3 to 6 s a dialog on a busy two-core machine (its page, the dialog, axe); room for a slower one. */
const SECONDS_A_DIALOG = 15;

test.use({ viewport: { width: 1366, height: 768 } });

test('every dialog: no serious or critical WCAG 2.1 AA violation, English outside data, tables that fit at 1366 px, and Escape closes it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000 + DIALOGS.length * SECONDS_A_DIALOG * 1000);
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
  await signInInEnglish(page, 'admin');
  const problems: string[] = [];
  for (const entry of DIALOGS) {
    const dialog = await openDialog(page, entry);
    const name = dialogName(entry);
    const findings = await blockingViolations(page, name);
    if (findings.length > 0) problems.push(report(findings));
    for (const text of await untranslated(page)) problems.push(`${name} — ${text}`);
    for (const text of await layoutProblems(page)) problems.push(`${name} at 1366 px — ${text}`);
    await closeDialog(page, dialog);
  }
  expect(problems).toEqual([]);
});
