import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { dropTag } from '@/lib/tabs/tag-rules';
import { tagsStore } from '@/lib/tabs/tags-store';

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

/** Goes to the list, closing the tab the detail page opened: a tab that shows nothing is not left behind. */
function ToList({ list }: { list: string }) {
  const { pathname } = useLocation();
  useEffect(() => {
    // After the layout's own effect of this commit, which opens the page's tab (a parent's effects
    // run after its children's).
    queueMicrotask(() => tagsStore.set(dropTag(tagsStore.get(), pathname)));
  }, [pathname]);
  return <Navigate to={list} replace />;
}

/** The detail page when its query names a record, else its list. */
export function DetailOrList({ param, list, children }: { param: string; list: string; children: ReactNode }) {
  const [params] = useSearchParams();
  return Number(params.get(param)) > 0 ? children : <ToList list={list} />;
}
