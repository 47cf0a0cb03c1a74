import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { DashboardData, Lang } from '@field-portal/shared';
import { i18n } from '@/lib/i18n';
import '@/lib/dayjs-locale';
import type { ShareLink } from '../report-rules';
import { FailureBoundary } from '@/components/FailureBoundary';
import { BiApp } from './BiApp';

/**
 * The share page drawn, in the link's language (before the first render, so any refusal speaks it),
 * from the link the entry read, with the dashboard's first data already asked for (`first`). A page
 * that fails to render says so with a reload (docs/decisions/0081), as the console's pages do.
 */
export function start(lang: Lang, link: ShareLink | undefined, first: Promise<DashboardData> | undefined): void {
  // The share page shows the analytics area's words only, which come with its screens (docs/decisions/0048);
  // a refusal shows the server's own text.
  if (lang !== i18n.language) void i18n.changeLanguage(lang);
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <FailureBoundary at="share">
          <BiApp link={link} first={first} />
        </FailureBoundary>
      </StrictMode>,
    );
  }
}
