import { useState } from 'react';
import { PAGINATION } from '@field-portal/shared';
import type { PageState } from './Pager';

/** The rows of one page; a page past the last (the rows shrank) shows the last. */
export function pageOfRows<T>(rows: readonly T[], page: PageState): { rows: T[]; page: PageState } {
  const last = Math.max(1, Math.ceil(rows.length / page.limitNum));
  const pageNum = Math.min(Math.max(1, page.pageNum), last);
  return { rows: rows.slice((pageNum - 1) * page.limitNum, pageNum * page.limitNum), page: { pageNum, limitNum: page.limitNum } };
}

/**
 * A list whose rows are all on the client, paged with the one pager (docs/decisions/0061): the
 * table gets `rows`, the pager `pager`.
 */
export function useRowsPage<T>(rows: readonly T[], limitNum: number = PAGINATION.defaultSize) {
  const [state, setState] = useState<PageState>({ pageNum: PAGINATION.firstPage, limitNum });
  const current = pageOfRows(rows, state);
  return { rows: current.rows, pager: { page: current.page, total: rows.length, onChange: setState } };
}
