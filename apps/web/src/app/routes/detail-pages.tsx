import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';

/**
 * Detail pages that show one record named in their query, and the list they are opened from.
 * Opened without that record (a tab kept after a reload, an address typed, the menu manager's
 * preview) they go to the list instead of showing a bare empty state or a blank form (issue 34).
 */
export const DETAIL_PAGES: Record<string, { param: string; list: string }> = {
  taskRecordDetail: { param: 'userId', list: '/task/taskRecord' },
  eventDetail: { param: 'id', list: '/medicine/MedAna' },
  ccArticleDetail: { param: 'id', list: '/contentCenter/contentCenterIndex' },
  surveyQuesDetail: { param: 'id', list: '/surveyList/index' },
};

/** The detail page when its query names a record, else its list (or `fallback` when the list is not the user's). */
export function DetailOrList({ param, list, children }: { param: string; list: string; children: ReactNode }) {
  const [params] = useSearchParams();
  return Number(params.get(param)) > 0 ? children : <Navigate to={list} replace />;
}
