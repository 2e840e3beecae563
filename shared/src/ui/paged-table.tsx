/**
 * The one paged table of the product: every list is paged, sorted and searched on the server, so a
 * list of 100,000 rows downloads one page. Page, size, sort and search live in the address, so
 * Back, a refresh and a shared link show the same page. Loading, failure (with retry) and an empty
 * list are always visible.
 */
import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { Alert, Button, Flex, Input, Table, type TableColumnType, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useSearchParams } from 'react-router';
import { PAGING_DEFAULTS } from '../constants';
import { api } from '../http/api';
import { errorText } from '../http/api-errors';
import type { QueryParams } from '../http/http-client';
import { useLoad } from '../http/use-load';
import { MESSAGES } from '../messages';

export type SortOrder = 'ASC' | 'DESC';

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

const SEARCH_DELAY_MS = 300;
const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;

/** Reads and writes the table's state in the address. */
function useTableAddress(prefix: string, defaultSort?: { field: string; order: SortOrder }) {
  const [params, setParams] = useSearchParams();
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const number = (name: string, fallback: number) => {
    const value = Number(params.get(key(name)));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const state = {
    page: number('page', PAGING_DEFAULTS.page),
    size: number('size', DEFAULT_PAGE_SIZE),
    sortField: params.get(key('sort')) ?? defaultSort?.field,
    sortOrder: ((params.get(key('order')) as SortOrder | null) ?? defaultSort?.order) as SortOrder | undefined,
    search: params.get(key('q')) ?? '',
  };
  const update = (changes: Partial<Record<'page' | 'size' | 'sort' | 'order' | 'q', string | number | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key(name));
          else next.set(key(name), String(value));
        }
        return next;
      },
      { replace: true },
    );
  return { state, update };
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
  const { state, update } = useTableAddress(stateKey, defaultSort);
  const [typed, setTyped] = useState(state.search);
  const filterKey = JSON.stringify(filters ?? {});

  // Typing waits for a pause before asking the server, and starts again from page 1.
  useEffect(() => {
    if (typed === state.search) return undefined;
    const timer = setTimeout(() => update({ q: typed.trim() || undefined, page: undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // New filters start again from page 1.
  const [seenFilters, setSeenFilters] = useState(filterKey);
  useEffect(() => {
    if (filterKey === seenFilters) return;
    setSeenFilters(filterKey);
    if (state.page !== 1) update({ page: undefined });
  }, [filterKey]);

  const rows = useLoad(
    (signal) =>
      api.get<T[]>(url, {
        signal,
        query: { ...filters, page: state.page, size: state.size, sortField: state.sortField, sortOrder: state.sortOrder, search: state.search || undefined },
      }),
    [url, filterKey, state.page, state.size, state.sortField, state.sortOrder, state.search, reloadToken],
  );

  const antColumns = useMemo(
    () =>
      columns.map(({ sortField, ...column }) => ({
        ...column,
        ...(sortField ? { sorter: true, sortOrder: antOrder(state.sortField, { sortField } as PagedColumn<unknown>, state.sortOrder), key: sortField } : {}),
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

  const loaded = rows.status === 'loaded' ? rows.data : null;
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        <Input.Search
          allowClear
          aria-label={searchPlaceholder}
          placeholder={searchPlaceholder}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(value) => update({ q: value.trim() || undefined, page: undefined })}
          style={{ maxWidth: 360 }}
        />
        <Flex gap={8} wrap>
          {toolbar}
        </Flex>
      </Flex>
      {rows.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={MESSAGES.loadFailed}
          description={errorText(rows.error)}
          action={
            <Button size="small" onClick={rows.reload}>
              {MESSAGES.retry}
            </Button>
          }
        />
      )}
      <Table<T>
        aria-label={label}
        rowKey={rowKey}
        columns={antColumns}
        dataSource={loaded?.data ?? []}
        loading={rows.status === 'loading'}
        locale={{ emptyText }}
        onChange={onChange}
        rowSelection={
          selection
            ? { selectedRowKeys: selection.keys, onChange: (keys: Key[]) => selection.onChange(keys.map(String)), preserveSelectedRowKeys: true }
            : undefined
        }
        pagination={{
          current: state.page,
          pageSize: state.size,
          total: loaded?.paging?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total, [from, to]) => `${from}–${to} of ${total.toLocaleString()}`,
        }}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
