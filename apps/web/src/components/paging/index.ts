export { KeysetPager } from './KeysetPager';
export { LoadMore } from './LoadMore';
export { cursorPaging, cursorParam, loadedRows, type CursorPages } from './cursor-pages';
export { Pager, sizeOptions, type PageState } from './Pager';
export { RowsTable } from './RowsTable';
export { pageOfRows, useRowsPage } from './rows-page';
