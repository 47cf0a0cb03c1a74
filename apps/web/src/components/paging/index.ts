export { KeysetPager } from './KeysetPager';
export { LoadMore } from './LoadMore';
export { Pager, sizeOptions, type PageState } from './Pager';
export { RowsTable } from './RowsTable';
export { pageOfRows, useRowsPage } from './rows-page';
