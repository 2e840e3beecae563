/**
 * Test support for page and form tests in the shell and every remote (imported by *.test.tsx only):
 * a fake `fetch` answering envelopes, so the real shared http client runs over it, and a memory
 * router that shows where a page navigated to.
 */
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { App } from 'antd';
import { act, configure, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '../contract/user';
import { NOTIFICATION_SETTINGS } from '../notification-settings';
import { DEFAULT_CLIENT_CONFIG } from '../contract/client-config';
import { loadedModulesStore } from '../module/loaded-modules';
import { forgetDeviceStores } from '../offline/device-store';
import { startFieldSync } from '../offline/field-sync';
import { sessionStore } from '../session/session-store';
import { forgetAskedTenantSettings } from '@meridian/shared/session/tenant-settings';
import { fakeSession } from './session-fixtures';

// antd pages render slowly in jsdom, more so when the machine runs several test files at once:
// the default 1 s for findBy/waitFor fails tests that are only slow.
configure({ asyncUtilTimeout: 10_000 });

// ---------------------------------------------------------------------------------------------
// A fake fetch answering envelopes

export interface FakeReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const ok = (data: unknown, message = 'OK'): FakeReply => ({
  status: 200,
  body: { result: { success: true, message }, data, meta: {} },
});

export const fail = (
  status: number,
  code: string,
  message: string,
  extra: { fieldErrors?: Record<string, string[]>; retryAfter?: number } = {},
): FakeReply => ({
  status,
  body: { result: { success: false, message, code, ...extra }, data: null },
});

export interface FakeCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** Every signed-in page asks for its tenant's settings; a test that leaves the call unanswered gets the defaults. */
const withTenantSettings = (call: FakeCall, reply: FakeReply): FakeReply =>
  reply.status === 404 && call.method === 'GET' && call.path.endsWith('/api/config/client') ? ok(DEFAULT_CLIENT_CONFIG) : reply;

/**
 * Installs a fetch that answers through `answer` (method and path without the query) and records
 * every call. Only what the shared client reads of a Response is provided: jsdom has no Response.
 */
export function fakeFetch(answer: (call: FakeCall) => FakeReply | Promise<FakeReply>) {
  const calls: FakeCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.split('?')[0] ?? url,
      query: new URLSearchParams(url.split('?')[1] ?? ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      headers: (init?.headers as Record<string, string> | undefined) ?? {},
    };
    calls.push(call);
    const reply = withTenantSettings(call, await answer(call));
    const headers = new Map(Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    return {
      status: reply.status,
      ok: reply.status >= 200 && reply.status < 300,
      headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null, has: (name: string) => headers.has(name.toLowerCase()) },
      text: async () => JSON.stringify(reply.body),
    } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

// ---------------------------------------------------------------------------------------------
// Rendering

/** Whatever page a test navigated to shows its address here. */
function Arrived() {
  const location = useLocation();
  return <div data-testid="arrived">{`${location.pathname}${location.search}`}</div>;
}

/** Reports every location the router reaches, so a test can read where a page went. */
function LocationSpy({ seen }: { seen: { pathname: string; search: string }[] }) {
  const location = useLocation();
  useEffect(() => {
    seen.push({ pathname: location.pathname, search: location.search });
  }, [location, seen]);
  return null;
}

/**
 * Keeps antd's generated CSS out of jsdom's document. jsdom matches every rule of every style sheet
 * on each getComputedStyle, and Testing Library asks for it on every ancestor of every element a role
 * query looks at: with antd's thousands of rules a form test took a minute. Nothing a test asserts
 * depends on those rules (visibility comes from attributes and inline styles).
 */
export function WithoutAntdStyles({ children }: { children: ReactNode }) {
  return <StyleProvider mock="server">{children}</StyleProvider>;
}

/** An address to open a page at, with the router state a link may have carried there. */
export type PageAddress = string | { pathname: string; state: unknown };

/**
 * Renders `page` at `at` on the route `path`; every other address renders the "arrived" probe.
 * A declarative MemoryRouter: data routers build fetch Requests, which jsdom does not have.
 */
export function renderPage(page: ReactElement, { path, at }: { path: string; at: PageAddress }) {
  const seen: { pathname: string; search: string }[] = [];
  const view = render(
    <WithoutAntdStyles>
      <MemoryRouter initialEntries={[at]}>
        <LocationSpy seen={seen} />
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<Arrived />} />
        </Routes>
      </MemoryRouter>
    </WithoutAntdStyles>,
  );
  const location = () => seen[seen.length - 1] ?? { pathname: '', search: '' };
  return { ...view, location };
}

/** A user-event session without the pause between keystrokes: antd inputs make typed passwords slow otherwise. */
export const typist = () => userEvent.setup({ delay: null });

/** Signs `user` in through the one session store, acting for `selectedTenant`. */
export function signInAs(user: User, selectedTenant: string = user.tenantId) {
  act(() => {
    sessionStore.getState().signIn(fakeSession(user));
    sessionStore.getState().selectTenant(selectedTenant);
  });
}

/** Signs out and forgets what a test left behind (stored preferences, loaded remotes, offline work). */
export function resetSession() {
  stopFieldWork();
  act(() => {
    sessionStore.getState().signOut();
    sessionStore.getState().setNetworkOnline(true);
  });
  localStorage.clear();
  loadedModulesStore.setState({ remotes: [] });
  forgetAskedTenantSettings();
}

let stopFieldWork = () => undefined as void;

/** Follows the signed-in user's offline work as the shell does (field-sync.ts), on a device that kept nothing yet. */
export function startFieldWork() {
  stopFieldWork();
  forgetDeviceStores();
  const stop = startFieldSync();
  stopFieldWork = () => {
    stop();
    stopFieldWork = () => undefined;
  };
}

/** The connection drops or comes back, as the shell's connectivity check reports it. */
export const setOnline = (online: boolean) => act(() => sessionStore.getState().setNetworkOnline(online));

/** Renders an area's page inside the antd App (modal, message, notification), as the shell does. */
export const renderAppPage = (page: ReactElement, where: { path: string; at: PageAddress }) =>
  renderPage(<App notification={NOTIFICATION_SETTINGS}>{page}</App>, where);

/** The open confirmation dialog (antd renders it in a portal). */
export const confirmDialog = () => document.querySelector<HTMLElement>('.ant-modal-confirm');

/** A paged call's envelope: its data (the rows, or a record with one page of something) and meta.paging. */
export function page(data: unknown, total = Array.isArray(data) ? data.length : 1, pageNumber = 1, pageSize = 20): FakeReply {
  const reply = ok(data);
  (reply.body as { meta: unknown }).meta = { paging: { pageNumber, pageSize, total } };
  return reply;
}

/** Answers through `answer`; anything it does not answer is a 500 naming the unexpected call. */
export function fakeServer(answer: (call: FakeCall) => FakeReply | undefined) {
  return fakeFetch(
    (call) =>
      answer(call) ?? {
        status: 500,
        body: { result: { success: false, message: `unexpected ${call.method} ${call.path}`, code: 'SERVER_ERROR' } },
      },
  );
}

/** The query parameters of a call as a plain object. */
export function queryOf(call: FakeCall) {
  const query: Record<string, string> = {};
  call.query.forEach((value, key) => (query[key] = value));
  return query;
}

/** Calls that change something. */
export const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');

/** Opens an antd Select the way a pointer does. */
export function openPicker(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
}

/** Picks an option of the open Select (rendered in a portal). */
export function pickOption(label: string) {
  const option = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
    (o) => o.getAttribute('title') === label || o.textContent === label,
  );
  if (!option) throw new Error(`no option "${label}"`);
  fireEvent.click(option);
}
