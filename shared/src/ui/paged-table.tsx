/**
 * The one paged table of the product: every list is paged, sorted and searched on the server, so a
 * list of 100,000 rows downloads one page. Its state lives in the address (use-paged-list.ts).
 * Loading, failure (with retry) and an empty list are always visible.
 */
import { useMemo, type Key, type ReactNode } from 'react';
import { Flex, Input, Table, type TableColumnType, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { QueryParams } from '../http/http-client';
import { MESSAGES } from '../messages';
import { PAGE_SIZES, pageRangeText, usePagedList, type SortOrder } from '../http/use-paged-list';
import { LoadFailedAlert } from './load-failed-alert';

export type { SortOrder } from '../http/use-paged-list';

/** An antd column; `sortField` (the server's name for it) makes it sortable. */
export interface PagedColumn<T> extends Omit<TableColumnType<T>, 'sorter' | 'sortOrder'> {
  sortField?: string;
}

export interface PagedTableProps<T> {
  /** The list call, e.g. '/api/users'; it answers the rows as data and meta.paging. */
  url: string;
  /** Filters sent with every page; changing one goes back to page 1. */
  filters?: QueryParams;
  columns: PagedColumn<T>[];
  rowKey: (row: T) => string;
  /** Names the table for assistive technology and tests. */
  label: string;
  emptyText: string;
  searchPlaceholder?: string;
  defaultSort?: { field: string; order: SortOrder };
  /** Buttons beside the search box. */
  toolbar?: ReactNode;
  /** Row selection for actions on several rows at once. */
  selection?: { keys: string[]; onChange(keys: string[]): void };
  /** Bump to load the page again (after a change made elsewhere on the screen). */
  reloadToken?: number;
  /** Several tables on one screen keep their state under different prefixes. */
  stateKey?: string;
}

const antOrder = (field: string | undefined, column: PagedColumn<unknown>, order: SortOrder | undefined) =>
  column.sortField && column.sortField === field ? (order === 'DESC' ? ('descend' as const) : ('ascend' as const)) : null;

export function PagedTable<T extends object>({
  url,
  filters,
  columns,
  rowKey,
  label,
  emptyText,
  searchPlaceholder = MESSAGES.searchPlaceholder,
  defaultSort,
  toolbar,
  selection,
  reloadToken = 0,
  stateKey = '',
}: PagedTableProps<T>) {
  const { state, update, typed, setTyped, searchNow, rows, items, total } = usePagedList<T>({
    url,
    filters,
    defaultSort,
    reloadToken,
    stateKey,
  });

  const antColumns = useMemo(
    () =>
      columns.map(({ sortField, ...column }) => ({
        ...column,
        ...(sortField
          ? { sorter: true, sortOrder: antOrder(state.sortField, { sortField } as PagedColumn<unknown>, state.sortOrder), key: sortField }
          : {}),
      })),
    [columns, state.sortField, state.sortOrder],
  );

  const onChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = sort?.order ? (sort.columnKey as string | undefined) : undefined;
    const order = sort?.order === 'descend' ? 'DESC' : sort?.order === 'ascend' ? 'ASC' : undefined;
    const sortChanged = field !== state.sortField || order !== state.sortOrder;
    update({
      page: sortChanged ? undefined : pagination.current,
      size: pagination.pageSize,
      sort: field ?? (order ? undefined : ''),
      order,
    });
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        <Input.Search
          allowClear
          aria-label={searchPlaceholder}
          placeholder={searchPlaceholder}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={searchNow}
          style={{ maxWidth: 360 }}
        />
        <Flex gap={8} wrap>
          {toolbar}
        </Flex>
      </Flex>
      {rows.status === 'failed' && <LoadFailedAlert error={rows.error} onRetry={rows.reload} />}
      <Table<T>
        aria-label={label}
        rowKey={rowKey}
        columns={antColumns}
        dataSource={items}
        loading={rows.status === 'loading'}
        locale={{ emptyText }}
        onChange={onChange}
        rowSelection={
          selection
            ? {
                selectedRowKeys: selection.keys,
                onChange: (keys: Key[]) => selection.onChange(keys.map(String)),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        pagination={{
          current: state.page,
          pageSize: state.size,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: pageRangeText,
        }}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
