/**
 * A list read by scrolling, for results too long to page through by hand (an agent's activities over
 * a quarter, 100,000 rows). Only the rows in view are drawn, and only the pages under them are asked
 * for, one server page at a time as the user scrolls; pages scrolled far away are forgotten again,
 * so the browser never holds the whole result. Sort and search live in the address, as in the paged
 * table (use-paged-list.ts), and a change of either starts again from the top.
 */
import { useEffect, useEffectEvent, useMemo, useRef, useState, type CSSProperties, type ReactNode, type UIEvent } from 'react';
import { Button, Empty, Flex, Input, theme, Typography } from 'antd';
import { api } from '@meridian/shared/http/api';
import type { QueryParams } from '../http/http-client';
import { useListAddress, useSearchAfterPause, type ListSort } from '../http/use-paged-list';
import { MESSAGES } from '../messages';
import { TableBox } from './table-box';
import { LoadFailedAlert } from './load-failed-alert';

export interface ScrollingColumn<T> {
  key: string;
  title: string;
  /** Width in pixels, or a flex share of what is left when omitted. */
  width?: number;
  /** The server's name for it: a click on the header sorts by it. */
  sortField?: string;
  render(row: T): ReactNode;
}

export interface ScrollingTableProps<T> {
  url: string;
  filters?: QueryParams;
  columns: ScrollingColumn<T>[];
  rowKey(row: T): string;
  label: string;
  emptyText: string;
  searchPlaceholder?: string;
  defaultSort?: ListSort;
  toolbar?: ReactNode;
  /** Pixels; rows are of one height so that any row's place is known without drawing the rows above it. */
  rowHeight?: number;
  /** Height of the scrolling area in pixels. */
  height?: number;
  /** Rows per server call. */
  pageSize?: number;
  /** Several lists on one screen keep their state apart. */
  stateKey?: string;
}

/** Pages kept in memory at most; the farthest from view are dropped first. */
export const KEPT_PAGES = 12;
const OVERSCAN_ROWS = 10;

type PageState<T> = { status: 'loading' } | { status: 'loaded'; rows: T[] } | { status: 'failed'; error: unknown };

/** The pages a window of rows needs, 1-based. */
export function pagesForRows(first: number, last: number, pageSize: number): number[] {
  if (last < first) return [];
  const pages: number[] = [];
  for (let page = Math.floor(first / pageSize) + 1; page <= Math.floor(last / pageSize) + 1; page++) pages.push(page);
  return pages;
}

/** Which pages to forget so that at most `keep` remain, farthest from `centre` first. */
export function pagesToForget(held: number[], centre: number, keep: number): number[] {
  return [...held].sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre)).slice(0, Math.max(0, held.length - keep));
}

export function ScrollingTable<T extends object>({
  url,
  filters,
  columns,
  rowKey,
  label,
  emptyText,
  searchPlaceholder = MESSAGES.searchPlaceholder,
  defaultSort,
  toolbar,
  rowHeight = 44,
  height = 560,
  pageSize = 100,
  stateKey = '',
}: ScrollingTableProps<T>) {
  const { state, update } = useListAddress(stateKey, defaultSort);
  const [typed, setTyped] = useState(state.search);
  const [total, setTotal] = useState<number | null>(null);
  const [totalEstimated, setTotalEstimated] = useState(false);
  const [pages, setPages] = useState<Map<number, PageState<T>>>(new Map());
  const [scrollTop, setScrollTop] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const requested = useRef(new Map<number, AbortController>());

  const queryKey = JSON.stringify({
    url,
    filters,
    sortField: state.sortField,
    sortOrder: state.sortOrder,
    search: state.search,
    pageSize,
    attempt,
  });

  useSearchAfterPause(typed, state.search, (q) => update({ q }));

  // A new query starts from the top with nothing held.
  useEffect(() => {
    for (const controller of requested.current.values()) controller.abort();
    requested.current = new Map();
    setPages(new Map());
    setTotal(null);
    setScrollTop(0);
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [queryKey]);

  useEffect(() => () => requested.current.forEach((controller) => controller.abort()), []);

  const firstRow = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN_ROWS);
  const rowsInView = Math.ceil(height / rowHeight) + 2 * OVERSCAN_ROWS;
  const lastRow = total === null ? pageSize - 1 : Math.min(total - 1, firstRow + rowsInView);
  const wanted = pagesForRows(firstRow, lastRow, pageSize);

  const load = (page: number) => {
    const controller = new AbortController();
    requested.current.set(page, controller);
    setPages((held) => new Map(held).set(page, { status: 'loading' }));
    api
      .get<T[]>(url, {
        signal: controller.signal,
        query: {
          ...filters,
          page,
          size: pageSize,
          sortField: state.sortField,
          sortOrder: state.sortOrder,
          search: state.search || undefined,
        },
      })
      .then(
        ({ data, paging }) => {
          if (controller.signal.aborted) return;
          setTotal(paging?.total ?? data.length);
          setTotalEstimated(paging?.totalEstimated ?? false);
          setPages((held) => new Map(held).set(page, { status: 'loaded', rows: data }));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setPages((held) => new Map(held).set(page, { status: 'failed', error }));
        },
      );
  };

  // Ask for the pages in view that are not held; forget the farthest when too many are.
  const requestPagesInView = useEffectEvent(() => {
    for (const page of wanted) if (!requested.current.has(page)) load(page);
    const held = [...requested.current.keys()];
    const forget = pagesToForget(
      held.filter((page) => !wanted.includes(page)),
      wanted[0] ?? 1,
      Math.max(0, KEPT_PAGES - wanted.length),
    );
    if (forget.length === 0) return;
    for (const page of forget) {
      requested.current.get(page)?.abort();
      requested.current.delete(page);
    }
    setPages((current) => {
      const next = new Map(current);
      for (const page of forget) next.delete(page);
      return next;
    });
  });
  const wantedKey = wanted.join(',');
  useEffect(() => requestPagesInView(), [queryKey, wantedKey]);

  const failed = [...pages.values()].find((page): page is { status: 'failed'; error: unknown } => page.status === 'failed');
  const retry = () => setAttempt((n) => n + 1);

  const { token } = theme.useToken();
  const grid = useMemo(() => columns.map((column) => (column.width ? `${column.width}px` : 'minmax(120px, 1fr)')).join(' '), [columns]);
  const line = `1px solid ${token.colorBorderSecondary}`;
  const cellStyle: CSSProperties = { padding: '0 12px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
  const rowStyle = (index: number): CSSProperties => ({
    position: 'absolute',
    top: index * rowHeight,
    left: 0,
    right: 0,
    height: rowHeight,
    display: 'grid',
    gridTemplateColumns: grid,
    alignItems: 'center',
    borderBottom: line,
  });

  const sortBy = (field: string) => {
    const order = state.sortField === field && state.sortOrder === 'ASC' ? 'DESC' : 'ASC';
    update({ sort: field, order });
  };

  const drawn: ReactNode[] = [];
  if (total !== null) {
    for (let index = firstRow; index <= lastRow; index++) {
      const page = pages.get(Math.floor(index / pageSize) + 1);
      const row = page?.status === 'loaded' ? page.rows[index % pageSize] : undefined;
      drawn.push(
        row ? (
          <div key={rowKey(row)} role="row" aria-rowindex={index + 2} style={rowStyle(index)}>
            {columns.map((column) => (
              <div key={column.key} role="cell" style={cellStyle}>
                {column.render(row)}
              </div>
            ))}
          </div>
        ) : (
          <div key={`placeholder-${index}`} role="row" aria-rowindex={index + 2} aria-busy="true" style={rowStyle(index)}>
            <div role="cell" style={cellStyle}>
              <Typography.Text type="secondary">{MESSAGES.loading}</Typography.Text>
            </div>
          </div>
        ),
      );
    }
  }

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap justify="space-between">
        <Input.Search
          allowClear
          aria-label={searchPlaceholder}
          placeholder={searchPlaceholder}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(value) => update({ q: value.trim() || undefined })}
          style={{ maxWidth: 360 }}
        />
        <Flex gap={8} wrap align="center">
          {total !== null && <Typography.Text type="secondary">{scrollingTotalText(total, totalEstimated)}</Typography.Text>}
          {toolbar}
        </Flex>
      </Flex>
      {failed && <LoadFailedAlert error={failed.error} onRetry={retry} />}
      {/* As wide as its columns need (never less than the box): on a phone it scrolls sideways inside its box, header and rows together. */}
      <TableBox>
        <div
          role="table"
          aria-label={label}
          aria-rowcount={total === null ? -1 : total + 1}
          style={{ border: line, borderRadius: token.borderRadiusLG, width: 'max-content', minWidth: '100%' }}
        >
          <div role="rowgroup">
            <div
              role="row"
              aria-rowindex={1}
              style={{
                display: 'grid',
                gridTemplateColumns: grid,
                minHeight: rowHeight,
                alignItems: 'center',
                background: token.colorFillAlter,
                borderBottom: line,
                fontWeight: 600,
              }}
            >
              {columns.map((column) => (
                <div
                  key={column.key}
                  role="columnheader"
                  aria-sort={
                    column.sortField && column.sortField === state.sortField
                      ? state.sortOrder === 'DESC'
                        ? 'descending'
                        : 'ascending'
                      : undefined
                  }
                  style={cellStyle}
                >
                  {column.sortField ? (
                    <Button type="text" size="small" onClick={() => sortBy(column.sortField!)} style={{ fontWeight: 600, padding: 0 }}>
                      {column.title}
                      {column.sortField === state.sortField ? (state.sortOrder === 'DESC' ? ' ↓' : ' ↑') : ''}
                    </Button>
                  ) : (
                    column.title
                  )}
                </div>
              ))}
            </div>
          </div>
          {total === 0 ? (
            <Empty description={emptyText} style={{ padding: 24 }} />
          ) : (
            <div
              ref={scroller}
              role="rowgroup"
              data-testid="scrolling-body"
              onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
              style={{ height, overflowY: 'auto', position: 'relative' }}
            >
              <div style={{ height: (total ?? 0) * rowHeight, position: 'relative' }}>{drawn}</div>
            </div>
          )}
        </div>
      </TableBox>
    </Flex>
  );
}

/** "100,000 rows" above a scrolling list. */
/** "1,234 rows", or "about 1,234 rows" for a total the server estimated (a broad search is not counted row by row). */
export const scrollingTotalText = (total: number, estimated = false) =>
  `${estimated ? 'about ' : ''}${total.toLocaleString()} ${total === 1 ? 'row' : 'rows'}`;
