import type { MessageKey } from '@field-portal/shared';

/**
 * Unsaved forms of open tabs (spec 001 section 4): a page whose form is edited and not submitted
 * marks its tab's path with the message to ask; closing that tab asks for confirmation first.
 * Kept in session storage, as the tabs are, so a tab that is not shown (or a reload) still asks.
 * A stored flag (local storage) suppresses the question.
 */
const PREFIX = 'fp.unsaved:';
export const UNSAVED_SUPPRESS_KEY = 'fp.unsavedWarning.off';

const DRAFT_PREFIX = 'fp.unsavedDraft:';

/**
 * Marks a tab's form as edited and not submitted; `draftKey` names where (in session storage) the
 * form keeps what was typed, so that closing the tab, once the user has agreed to lose it, throws
 * it away instead of bringing it back the next time the form opens (issue 34).
 */
export function markUnsaved(path: string, key: MessageKey, draftKey?: string): void {
  sessionStorage.setItem(PREFIX + path, key);
  if (draftKey) sessionStorage.setItem(DRAFT_PREFIX + path, draftKey);
}

/** The tab's form is submitted or discarded: no question on closing, and its kept draft goes. */
export function clearUnsaved(path: string): void {
  const draftKey = sessionStorage.getItem(DRAFT_PREFIX + path);
  if (draftKey) sessionStorage.removeItem(draftKey);
  sessionStorage.removeItem(DRAFT_PREFIX + path);
  sessionStorage.removeItem(PREFIX + path);
}

/** The question to ask before closing these paths, or null when none is edited (or asking is off). */
export function unsavedMessage(paths: readonly string[]): MessageKey | null {
  if (localStorage.getItem(UNSAVED_SUPPRESS_KEY) === '1') return null;
  for (const path of paths) {
    const key = sessionStorage.getItem(PREFIX + path);
    if (key) return key as MessageKey;
  }
  return null;
}

export function suppressUnsavedWarning(): void {
  localStorage.setItem(UNSAVED_SUPPRESS_KEY, '1');
}
