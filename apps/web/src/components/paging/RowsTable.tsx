import { Table, type TableProps } from 'antd';
import { PAGINATION } from '@field-portal/shared';
import { Pager } from './Pager';
import { useRowsPage } from './rows-page';

type RowsTableProps<T> = Omit<TableProps<T>, 'pagination' | 'dataSource'> & {
  dataSource: readonly T[];
  /** The first page size. */
  pageSize?: number;
};

/** A table whose rows are all on the client, paged with the one pager (docs/decisions/0061). */
export function RowsTable<T extends object>({ dataSource, pageSize = PAGINATION.defaultSize, ...table }: RowsTableProps<T>) {
  const { rows, pager } = useRowsPage(dataSource, pageSize);
  return (
    <>
      <Table<T> {...table} dataSource={rows} pagination={false} />
      <Pager {...pager} />
    </>
  );
}
