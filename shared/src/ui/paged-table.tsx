/**
 * The one paged table of the product: every list is paged, sorted and searched on the server, so a
 * list of 100,000 rows downloads one page. Its state lives in the address (use-paged-list.ts).
 * Loading, failure (with retry) and an empty list are always visible.
 *
 * A table fits its box: it scrolls sideways inside itself, never the page (down to a 360 px phone),
 * the actions column stays last and in view, and columns that do not fit a 1280 px screen are
 * declared `hiddenByDefault` (or `optional`) so each user chooses them with the "Columns" button.
 */
import { useMemo, type Key, type ReactNode } from 'react';
import { Flex, Input, Table, Typography, type TableColumnType, type TablePaginationConfig } from 'antd';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import type { QueryParams } from '../http/http-client';
import { MESSAGES } from '../messages';
import { estimatedPageRangeText, pageRangeText, usePagedList, type SortOrder } from '../http/use-paged-list';
import { LoadFailedAlert } from './load-failed-alert';
import { TableBox } from './table-box';
import { ColumnChooser, useColumnChoice, type ChoosableColumn, type ColumnChoice } from './column-chooser';

export type { SortOrder } from '../http/use-paged-list';

/** An antd column; `sortField` (the server's name for it) makes it sortable. */
export interface PagedColumn<T> extends Omit<TableColumnType<T>, 'sorter' | 'sortOrder'> {
  sortField?: string;
  /** The user may hide it with the column chooser. */
  optional?: boolean;
  /** Hidden until the user shows it with the column chooser. */
  hiddenByDefault?: boolean;
  /** The row's buttons: always shown, always last, and kept in view while the table scrolls sideways. */
  actions?: boolean;
  /** Pixels: longer content is cut with an ellipsis and shown whole in a tooltip. */
  maxWidth?: number;
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
  /** False for a list the server does not search (a log): no search box that would do nothing. */
  searchable?: boolean;
  defaultSort?: { field: string; order: SortOrder };
  /** Buttons beside the search box. */
  toolbar?: ReactNode;
  /** Row selection for actions on several rows at once. */
  selection?: { keys: string[]; onChange(keys: string[]): void };
  /** Bump to load the page again (after a change made elsewhere on the screen). */
  reloadToken?: number;
  /** Several tables on one screen keep their state under different prefixes. */
  stateKey?: string;
  /** Names the table for the user's column choice; the list call by default. */
  tableId?: string;
  /** A call answering a record with one page of rows in it (a report): where the rows are. */
  rowsOf?: (answer: unknown) => T[];
  /** Drawn between the toolbar and the table from the same answer (a report's totals, its chart); null while loading. */
  summary?: (answer: unknown) => ReactNode;
}

/** A column's name for the chooser and for its kept choice. */
function columnKeyOf<T>(column: PagedColumn<T>, index: number): string {
  if (column.key !== undefined) return String(column.key);
  if (column.sortField) return column.sortField;
  if (typeof column.dataIndex === 'string' || typeof column.dataIndex === 'number') return String(column.dataIndex);
  if (Array.isArray(column.dataIndex)) return column.dataIndex.join('.');
  return `column-${index}`;
}

const choosableOf = <T,>(column: PagedColumn<T>, index: number): ChoosableColumn => ({
  key: columnKeyOf(column, index),
  label: typeof column.title === 'string' ? column.title : columnKeyOf(column, index),
  optional: column.optional,
  hiddenByDefault: column.hiddenByDefault,
});

/** The columns to draw: the chosen ones, the actions last. */
function shownColumns<T>(columns: PagedColumn<T>[], choice: ColumnChoice): PagedColumn<T>[] {
  const shown = columns.filter((column, index) => column.actions || choice.isShown(choosableOf(column, index)));
  return [...shown.filter((column) => !column.actions), ...shown.filter((column) => column.actions)];
}

/** Long content cut to the column's width, whole in a tooltip. */
function withEllipsis<T>(render: PagedColumn<T>['render'], maxWidth: number): PagedColumn<T>['render'] {
  return (value: unknown, row: T, index: number) => {
    const content = (render ? render(value, row, index) : value) as ReactNode;
    return (
      <Typography.Text ellipsis={{ tooltip: content }} style={{ maxWidth, display: 'inline-block', verticalAlign: 'bottom' }}>
        {content}
      </Typography.Text>
    );
  };
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
  searchable = true,
  defaultSort,
  toolbar,
  selection,
  reloadToken = 0,
  stateKey = '',
  tableId = url,
  rowsOf,
  summary,
}: PagedTableProps<T>) {
  const choice = useColumnChoice(tableId);
  const { state, update, typed, setTyped, searchNow, rows, items, answer, total, totalEstimated, pageSizes } = usePagedList<T>({
    url,
    filters,
    defaultSort,
    reloadToken,
    stateKey,
    rowsOf,
  });

  const antColumns = shownColumns(columns, choice).map(
    ({ sortField, optional: _optional, hiddenByDefault: _hidden, actions, maxWidth, ...column }): TableColumnType<T> => ({
      ...column,
      ...(maxWidth ? { render: withEllipsis(column.render, maxWidth) } : {}),
      ...(actions ? { fixed: 'right' as const } : {}),
      ...(sortField
        ? { sorter: true, sortOrder: antOrder(state.sortField, { sortField } as PagedColumn<unknown>, state.sortOrder), key: sortField }
        : {}),
    }),
  );
  const choosable = useMemo(() => columns.map(choosableOf), [columns]);

  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<T> | SorterResult<T>[],
    { action }: TableCurrentDataSource<T>,
  ) => {
    // Paging keeps the sort as the address has it: the sorter antd reports then is empty when the
    // list's default sort has no column on screen (hidden by the column chooser, say).
    if (action !== 'sort') {
      update({ page: pagination.current, size: pagination.pageSize });
      return;
    }
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = sort?.order ? (sort.columnKey as string | undefined) : undefined;
    const order = sort?.order === 'descend' ? 'DESC' : sort?.order === 'ascend' ? 'ASC' : undefined;
    // A new sort starts again from page 1.
    update({ page: undefined, size: pagination.pageSize, sort: field ?? (order ? undefined : ''), order });
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        {searchable ? (
          <Input.Search
            allowClear
            aria-label={searchPlaceholder}
            placeholder={searchPlaceholder}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={searchNow}
            style={{ maxWidth: 360 }}
          />
        ) : (
          <span />
        )}
        <Flex gap={8} wrap>
          {toolbar}
          <ColumnChooser columns={choosable} choice={choice} />
        </Flex>
      </Flex>
      {rows.status === 'failed' && <LoadFailedAlert error={rows.error} onRetry={rows.reload} />}
      {summary?.(answer)}
      <TableBox>
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
            pageSizeOptions: pageSizes,
            showTotal: totalEstimated ? estimatedPageRangeText : pageRangeText,
          }}
          scroll={{ x: 'max-content' }}
        />
      </TableBox>
    </Flex>
  );
}
