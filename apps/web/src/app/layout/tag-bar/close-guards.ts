import type { MessageKey } from '@field-portal/shared';
import '@/lib/i18n/messages/activity';

/**
 * Unsaved forms of open tabs (spec 001 section 4): a page whose form is edited and not submitted
 * marks its tab's path with the message to ask; closing that tab asks for confirmation first.
 * Kept in session storage, as the tabs are, so a tab that is not shown (or a reload) still asks.
 * A stored flag (local storage) suppresses the question.
 */
const PREFIX = 'fp.unsaved:';
export const UNSAVED_SUPPRESS_KEY = 'fp.unsavedWarning.off';

export function markUnsaved(path: string, key: MessageKey): void {
  sessionStorage.setItem(PREFIX + path, key);
}

export function clearUnsaved(path: string): void {
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
