import type { Lang } from '@field-portal/shared';
import { failureEn, failureZh } from '@/lib/i18n/failure-words';

/**
 * A screen's code that did not arrive. Each browser words a failed `import()` its own way; Vite's
 * preload of a screen's style sheet adds its own. After an upgrade the files an open page names are
 * gone (their names carry a hash of their content), and without a network nothing arrives: in both
 * cases a reload is what helps.
 */
const LOAD_FAILURES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload of a screen's style sheet
];

export function isLoadFailure(error: unknown): boolean {
  return error instanceof Error && LOAD_FAILURES.some((pattern) => pattern.test(error.message));
}

/** The error as the administrator is told it (shown under a failure that is not a load's). */
export function failureDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The failure drawn with plain elements in place of what `root` holds, for an entry whose React
 * never arrived (the share page's code is loaded by one `import()` after its link is read): the
 * same words, the same reload and the same look (`.fp-page-failure`, global.css) as
 * `FailureBoundary` gives inside React.
 */
export function showPageFailure(root: HTMLElement, lang: Lang, error: unknown): void {
  const words = lang === 'en' ? failureEn : failureZh;
  const load = isLoadFailure(error);
  const block = document.createElement('div');
  block.className = 'fp-page-failure';
  block.setAttribute('role', 'alert');
  const title = document.createElement('h2');
  title.textContent = words[load ? 'error.load.title' : 'error.page.title'];
  const desc = document.createElement('p');
  desc.textContent = words[load ? 'error.load.desc' : 'error.page.desc'];
  block.append(title, desc);
  if (!load) {
    const detail = document.createElement('pre');
    detail.className = 'fp-page-failure-detail';
    detail.textContent = failureDetail(error);
    block.append(detail);
  }
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'fp-btn is-primary';
  reload.textContent = words['error.reload'];
  reload.addEventListener('click', () => window.location.reload());
  block.append(reload);
  root.replaceChildren(block);
}
