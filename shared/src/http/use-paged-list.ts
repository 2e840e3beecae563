/**
 * The state of every server-paged list, whatever draws it (the paged table, a card grid, a
 * virtualised list): page, size, sort and search live in the address, so Back, a refresh, a shared
 * link and a switch between views show the same page. Typing searches after a pause, and a new
 * search or new filters start again from page 1. One call asks for one page. A list starts with the
 * acting tenant's page size (its defaultPageSize setting); the user may pick another for the list.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGING_DEFAULTS } from '../constants';
import { SETTING_DEFAULTS } from '../contract/setting';
import { api } from '@meridian/shared/http/api';
import type { ApiResponse, QueryParams } from './http-client';
import { useLoad } from './use-load';
import { useTenantSettings } from '@meridian/shared/session/use-tenant-format';

export type SortOrder = 'ASC' | 'DESC';
export interface ListSort {
  field: string;
  order: SortOrder;
}

export const SEARCH_DELAY_MS = 300;
export const PAGE_SIZES = [10, 20, 50, 100];

/** The sizes a list offers: the usual ones and the tenant's own, in order. */
export const pageSizesWith = (tenantPageSize: number) => [...new Set([...PAGE_SIZES, tenantPageSize])].sort((a, b) => a - b);

type AddressKey = 'page' | 'size' | 'sort' | 'order' | 'q';
export type ListAddressChange = Partial<Record<AddressKey, string | number | undefined>>;

export interface ListAddressState {
  page: number;
  size: number;
  sortField: string | undefined;
  sortOrder: SortOrder | undefined;
  search: string;
}

/**
 * Reads and writes a list's state in the address; `prefix` keeps several lists on one screen apart.
 * Without a size in the address the list has `defaultSize` rows a page.
 */
export function useListAddress(prefix: string, defaultSort?: ListSort, defaultSize: number = SETTING_DEFAULTS.defaultPageSize) {
  const [params, setParams] = useSearchParams();
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const number = (name: string, fallback: number) => {
    const value = Number(params.get(key(name)));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const order = params.get(key('order'));
  const state: ListAddressState = {
    page: number('page', PAGING_DEFAULTS.page),
    size: number('size', defaultSize),
    sortField: params.get(key('sort')) ?? defaultSort?.field,
    sortOrder: order === 'ASC' || order === 'DESC' ? order : defaultSort?.order,
    search: params.get(key('q')) ?? '',
  };
  const update = (changes: ListAddressChange) =>
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

/**
 * Applies what was typed in a list's search box once typing pauses. `search` is the search the list
 * shows now (from the address), so going Back to another search does not re-apply the box.
 */
export function useSearchAfterPause(typed: string, search: string, apply: (q: string | undefined) => void) {
  const isNewSearch = useEffectEvent((value: string) => value !== search);
  const applyTyped = useEffectEvent((value: string) => apply(value.trim() || undefined));
  useEffect(() => {
    if (!isNewSearch(typed)) return undefined;
    const timer = setTimeout(() => applyTyped(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
}

export interface PagedListOptions<T = unknown> {
  /** The list call, e.g. '/api/users'; it answers the rows as data and meta.paging. */
  url: string;
  /** Sent with every page; changing one goes back to page 1. */
  filters?: QueryParams;
  defaultSort?: ListSort;
  /** Bump to load the page again (after a change made elsewhere on the screen). */
  reloadToken?: number;
  stateKey?: string;
  /** For a call that answers a record holding one page of rows (a report with its totals): where the rows are. */
  rowsOf?: (answer: unknown) => T[];
}

/** A load that never settles: the list shows it is loading while it waits for what it needs to ask. */
const waiting = <T>() => new Promise<T>(() => undefined);

export function usePagedList<T>({ url, filters, defaultSort, reloadToken = 0, stateKey = '', rowsOf }: PagedListOptions<T>) {
  const tenant = useTenantSettings();
  const { state, update } = useListAddress(stateKey, defaultSort, tenant.settings.defaultPageSize);
  const [typed, setTyped] = useState(state.search);
  // Callers build their filters afresh on each render: they are compared by value.
  const filterKey = JSON.stringify(filters ?? {});

  useSearchAfterPause(typed, state.search, (q) => update({ q, page: undefined }));

  const [seenFilters, setSeenFilters] = useState(filterKey);
  const startAgainFromPageOne = useEffectEvent((key: string) => {
    if (key === seenFilters) return;
    setSeenFilters(key);
    if (state.page !== 1) update({ page: undefined });
  });
  useEffect(() => startAgainFromPageOne(filterKey), [filterKey]);

  const rows = useLoad(
    (signal) =>
      // Asked once the tenant's page size is known, so a first visit does not load a page of the default size first.
      !tenant.ready
        ? waiting<ApiResponse<T[]>>()
        : api.get<T[]>(url, {
            signal,
            query: {
              ...filters,
              page: state.page,
              size: state.size,
              sortField: state.sortField,
              sortOrder: state.sortOrder,
              search: state.search || undefined,
            },
          }),
    // `filterKey` stands for `filters`, compared by value; `reloadToken` asks for the same page again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [url, filterKey, state.page, state.size, state.sortField, state.sortOrder, state.search, reloadToken, tenant.ready],
  );

  /** Search now (Enter, or the search button), without waiting for the pause. */
  const searchNow = (value: string) => update({ q: value.trim() || undefined, page: undefined });
  const loaded = rows.status === 'loaded' ? rows.data : null;
  return {
    state,
    update,
    typed,
    setTyped,
    searchNow,
    rows,
    items: loaded?.data ? (rowsOf ? rowsOf(loaded.data) : loaded.data) : [],
    /** The whole answer's data (the record a report answers), null until loaded. */
    answer: (loaded?.data ?? null) as unknown,
    total: loaded?.paging?.total ?? 0,
    totalEstimated: loaded?.paging?.totalEstimated ?? false,
    pageSizes: pageSizesWith(tenant.settings.defaultPageSize),
  };
}

/** "1–20 of 100,000" under a paged list. */
export const pageRangeText = (total: number, [from, to]: [number, number]) => `${from}–${to} of ${total.toLocaleString()}`;

/** The same, for a total the server estimated (a broad search is not counted row by row). */
export const estimatedPageRangeText = (total: number, [from, to]: [number, number]) => `${from}–${to} of about ${total.toLocaleString()}`;
