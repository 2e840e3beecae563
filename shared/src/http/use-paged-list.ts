/**
 * The state of every server-paged list, whatever draws it (the paged table, a card grid, a
 * virtualised list): page, size, sort and search live in the address, so Back, a refresh, a shared
 * link and a switch between views show the same page. Typing searches after a pause, and a new
 * search or new filters start again from page 1. One call asks for one page.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGING_DEFAULTS } from '../constants';
import { api } from '@meridian/shared/http/api';
import type { QueryParams } from './http-client';
import { useLoad } from './use-load';

export type SortOrder = 'ASC' | 'DESC';
export interface ListSort {
  field: string;
  order: SortOrder;
}

export const SEARCH_DELAY_MS = 300;
export const PAGE_SIZES = [10, 20, 50, 100];
export const DEFAULT_PAGE_SIZE = 20;

type AddressKey = 'page' | 'size' | 'sort' | 'order' | 'q';
export type ListAddressChange = Partial<Record<AddressKey, string | number | undefined>>;

export interface ListAddressState {
  page: number;
  size: number;
  sortField: string | undefined;
  sortOrder: SortOrder | undefined;
  search: string;
}

/** Reads and writes a list's state in the address; `prefix` keeps several lists on one screen apart. */
export function useListAddress(prefix: string, defaultSort?: ListSort) {
  const [params, setParams] = useSearchParams();
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const number = (name: string, fallback: number) => {
    const value = Number(params.get(key(name)));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const order = params.get(key('order'));
  const state: ListAddressState = {
    page: number('page', PAGING_DEFAULTS.page),
    size: number('size', DEFAULT_PAGE_SIZE),
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

export interface PagedListOptions {
  /** The list call, e.g. '/api/users'; it answers the rows as data and meta.paging. */
  url: string;
  /** Sent with every page; changing one goes back to page 1. */
  filters?: QueryParams;
  defaultSort?: ListSort;
  /** Bump to load the page again (after a change made elsewhere on the screen). */
  reloadToken?: number;
  stateKey?: string;
}

export function usePagedList<T>({ url, filters, defaultSort, reloadToken = 0, stateKey = '' }: PagedListOptions) {
  const { state, update } = useListAddress(stateKey, defaultSort);
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
      api.get<T[]>(url, {
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
    [url, filterKey, state.page, state.size, state.sortField, state.sortOrder, state.search, reloadToken],
  );

  /** Search now (Enter, or the search button), without waiting for the pause. */
  const searchNow = (value: string) => update({ q: value.trim() || undefined, page: undefined });
  const loaded = rows.status === 'loaded' ? rows.data : null;
  return { state, update, typed, setTyped, searchNow, rows, items: loaded?.data ?? [], total: loaded?.paging?.total ?? 0 };
}

/** "1–20 of 100,000" under a paged list. */
export const pageRangeText = (total: number, [from, to]: [number, number]) => `${from}–${to} of ${total.toLocaleString()}`;
