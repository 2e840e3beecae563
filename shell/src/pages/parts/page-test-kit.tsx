/**
 * Test support for the page tests (imported by *.test.tsx only): sessions of demo-like users, a fake
 * `fetch` answering envelopes so the real shared http client runs over it, and a memory router that
 * shows where a page navigated to.
 */
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthSession } from '@meridian/shared/contract/auth';
import type { User } from '@meridian/shared/contract/user';
import { sessionStore } from '@meridian/shared/session/session-store';
import { fakeJwt, fakeSession, fakeUser } from '@meridian/shared/testing/session-fixtures';

// ---------------------------------------------------------------------------------------------
// Sessions

export const HOME_TENANT = '10000000-0000-4000-8000-000000000004';
export const USER_ID = '20000000-0000-4000-8000-000000000001';
export const ADMIN_ID = '20000000-0000-4000-8000-000000000002';

/** A token whose `exp` lies an hour ahead: the store counts the user as signed in. */
export const accessToken = (sub = USER_ID) => fakeJwt({ sub });

/** Lerato Dube, a loan officer of the Soweto team. */
export function makeUser(overrides: Partial<User> = {}): User {
  return fakeUser({
    Id: USER_ID,
    firstName: 'Lerato',
    lastName: 'Dube',
    userName: 'loan-officer',
    emailAddress: 'loan-officer@demo.meridian.test',
    mobile: '0821234567',
    tenantId: HOME_TENANT,
    roles: [{ Id: 'role-lo', name: 'Loan Officer' }],
    tenants: [
      { Id: HOME_TENANT, name: 'Soweto Team', parentId: null, shortCode: null, tenant_type: 4, locationRequired: false, location: null, lat: null, lng: null },
    ],
    rolepermissions: [{ hierarchy: 'SALES' }],
    ...overrides,
  });
}

export const ADMIN = (): User =>
  makeUser({ Id: ADMIN_ID, firstName: 'Ada', lastName: 'Admin', userName: 'administrator', emailAddress: 'administrator@demo.meridian.test', roles: [{ Id: 'role-ad', name: 'Administrator' }] });

export function makeSession(user: User = makeUser(), overrides: Partial<AuthSession> = {}): AuthSession {
  return fakeSession(user, { token: accessToken(user.Id), refreshToken: `refresh-${user.Id}`, sessionId: `session-${user.Id}`, ...overrides });
}

export const signInAs = (user: User = makeUser()) => act(() => sessionStore.getState().signIn(makeSession(user)));

export function resetSession() {
  act(() => sessionStore.getState().signOut());
  localStorage.clear();
}

// ---------------------------------------------------------------------------------------------
// A fake fetch answering envelopes

export interface FakeReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const ok = (data: unknown, message = 'OK'): FakeReply => ({ status: 200, body: { result: { success: true, message }, data, meta: {} } });

export const fail = (status: number, code: string, message: string, extra: { fieldErrors?: Record<string, string[]>; retryAfter?: number } = {}): FakeReply => ({
  status,
  body: { result: { success: false, message, code, ...extra }, data: null },
});

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

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
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      headers: (init?.headers as Record<string, string> | undefined) ?? {},
    };
    calls.push(call);
    const reply = await answer(call);
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
 * Renders `page` at `at` on the route `path`; every other address renders the "arrived" probe.
 * A declarative MemoryRouter: data routers build fetch Requests, which jsdom does not have.
 */
export function renderPage(page: ReactElement, { path, at }: { path: string; at: string }) {
  const seen: { pathname: string; search: string }[] = [];
  const view = render(
    <MemoryRouter initialEntries={[at]}>
      <LocationSpy seen={seen} />
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<Arrived />} />
      </Routes>
    </MemoryRouter>,
  );
  const location = () => seen[seen.length - 1] ?? { pathname: '', search: '' };
  return { ...view, location };
}

/** A user-event session without the pause between keystrokes: antd inputs make typed passwords slow otherwise. */
export const typist = () => userEvent.setup({ delay: null });
