import { useContext } from 'react';
import { useLocation } from 'react-router';
import { localName, useI18n } from '@/lib/i18n';
import { SessionContext } from '@/lib/session/session-context';
import { findPage } from '@/lib/session/route-table';

/**
 * The open page's name as the menu (and the top bar and its tab) call it, for a screen's own
 * heading, so the two never differ (issue 34); `fallback` outside the layout.
 */
export function usePageTitle(fallback: string): string {
  const session = useContext(SessionContext);
  const { pathname } = useLocation();
  const { lang } = useI18n();
  const page = session ? findPage(session.table, pathname)?.page : undefined;
  return page ? localName(page.title, lang) : fallback;
}
