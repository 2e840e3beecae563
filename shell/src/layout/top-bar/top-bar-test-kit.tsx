/**
 * Test support for the top-bar widgets (imported by the *.test.tsx files only): realistic sessions of
 * the demo users, the demo tenant tree, a fake `fetch` that answers envelopes so the real shared http
 * client runs over it, and a render wrapper with antd's App and a memory router.
 */
import type { ReactElement } from 'react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import type { AuthSession } from '@meridian/shared/contract/auth';
import type { TenantNode, TenantTree, UserTenant } from '@meridian/shared/contract/tenant';
import type { User } from '@meridian/shared/contract/user';
import type { TenantTypeValue } from '@meridian/shared/constants';
import { sessionStore } from '@meridian/shared/session/session-store';
import { fakeSession, fakeUser } from '@meridian/shared/testing/session-fixtures';

// ---------------------------------------------------------------------------------------------
// Tenants (the README's demo tree)

export const TENANT = {
  group: '10000000-0000-4000-8000-000000000001',
  lending: '10000000-0000-4000-8000-000000000002',
  johannesburg: '10000000-0000-4000-8000-000000000003',
  soweto: '10000000-0000-4000-8000-000000000004',
  sandton: '10000000-0000-4000-8000-000000000005',
  capeTown: '10000000-0000-4000-8000-000000000006',
  bellville: '10000000-0000-4000-8000-000000000007',
} as const;

function node(Id: string, name: string, type: TenantTypeValue, parentId: string | null, children: TenantNode[] = []): TenantNode {
  return {
    Id,
    name,
    type,
    parentId,
    children,
    location: null,
    lat: null,
    lng: null,
    shortCode: null,
    locationRequired: false,
    currencyCode: null,
    currencySymbol: null,
    dateCreated: '2024-01-01T00:00:00.000Z',
  };
}

/** Meridian Lending and what lies beneath it, as GET /api/tenants/descendantsByUserId answers for its staff. */
export function lendingTree(): TenantTree {
  const arranged = [
    node(TENANT.lending, 'Meridian Lending', 2, TENANT.group, [
      node(TENANT.johannesburg, 'Johannesburg Branch', 3, TENANT.lending, [
        node(TENANT.soweto, 'Soweto Team', 4, TENANT.johannesburg),
        node(TENANT.sandton, 'Sandton Team', 4, TENANT.johannesburg),
      ]),
      node(TENANT.capeTown, 'Cape Town Branch', 3, TENANT.lending, [node(TENANT.bellville, 'Bellville Team', 4, TENANT.capeTown)]),
    ]),
  ];
  const flat: TenantNode[] = [];
  const walk = (nodes: TenantNode[]) => {
    for (const n of nodes) {
      flat.push(n);
      walk(n.children);
    }
  };
  walk(arranged);
  return { tenants: flat.map(({ children: _children, ...t }) => t), tenantsArranged: arranged };
}

const userTenant = (Id: string, name: string, tenant_type: TenantTypeValue, parentId: string | null): UserTenant => ({
  Id,
  name,
  tenant_type,
  parentId,
  shortCode: null,
  locationRequired: false,
  location: null,
  lat: null,
  lng: null,
});

// ---------------------------------------------------------------------------------------------
// Sessions

interface DemoUser {
  Id: string;
  firstName: string;
  lastName: string;
  role: string;
  tenant: UserTenant;
}

export const DEMO = {
  loanOfficer: {
    Id: '20000000-0000-4000-8000-000000000012',
    firstName: 'Loan',
    lastName: 'Officer',
    role: 'Loan Officer',
    tenant: userTenant(TENANT.soweto, 'Soweto Team', 4, TENANT.johannesburg),
  },
  teamLeader: {
    Id: '20000000-0000-4000-8000-000000000011',
    firstName: 'Team',
    lastName: 'Leader',
    role: 'Team Leader',
    tenant: userTenant(TENANT.soweto, 'Soweto Team', 4, TENANT.johannesburg),
  },
  salesManager: {
    Id: '20000000-0000-4000-8000-000000000007',
    firstName: 'Sales',
    lastName: 'Manager',
    role: 'Sales Manager',
    tenant: userTenant(TENANT.lending, 'Meridian Lending', 2, TENANT.group),
  },
  administrator: {
    Id: '20000000-0000-4000-8000-000000000002',
    firstName: 'Administrator',
    lastName: 'Demo',
    role: 'Administrator',
    tenant: userTenant(TENANT.lending, 'Meridian Lending', 2, TENANT.group),
  },
} satisfies Record<string, DemoUser>;

/** A signed-in session of a demo user (an hour left on its token); `overrides` change the user. */
export function sessionOf(demo: DemoUser, overrides: Partial<User> = {}): AuthSession {
  const slug = demo.role.toLowerCase().replace(/\s+/g, '-');
  const user = fakeUser({
    Id: demo.Id,
    firstName: demo.firstName,
    lastName: demo.lastName,
    userName: slug,
    emailAddress: `${slug}@demo.meridian.test`,
    tenantId: demo.tenant.Id,
    roles: [{ Id: `role-${slug}`, name: demo.role }],
    tenants: [demo.tenant],
    rolepermissions: [{ hierarchy: 'SALES' }],
    lastLoginAt: '2025-01-01T08:00:00.000Z',
    ...overrides,
  });
  return fakeSession(user, { refreshToken: `refresh-${slug}-0123456789`, sessionId: 'session-1' });
}

export function signInAs(demo: DemoUser, overrides: Partial<User> = {}): AuthSession {
  const session = sessionOf(demo, overrides);
  sessionStore.getState().signIn(session);
  return session;
}

// ---------------------------------------------------------------------------------------------
// Fake fetch

export interface RecordedCall {
  method: string;
  /** Path and query, as requested. */
  url: string;
  body: unknown;
  headers: Record<string, string>;
  init: RequestInit | undefined;
}

/** What a route answers: envelope data (200), or a status with a failure. */
export type FakeAnswer = { data: unknown } | { status: number; message?: string; code?: string } | { networkError: true };
type Route = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

function fakeResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: () => null, has: () => false },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as unknown as Response;
}

/**
 * Installs `globalThis.fetch` answering `routes` (keys 'GET /api/x', matched on the path without its
 * query). Unknown routes answer 404. Returns the recorded calls.
 */
export function installFakeFetch(routes: Record<string, FakeAnswer | Route>) {
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const rawBody = init?.body;
    const call: RecordedCall = {
      method,
      url,
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody,
      headers: (init?.headers ?? {}) as Record<string, string>,
      init,
    };
    calls.push(call);
    const route = routes[`${method} ${url.split('?')[0]}`];
    const answer = typeof route === 'function' ? await route(call) : route;
    if (!answer) return fakeResponse(404, { result: { success: false, message: 'Not found.', code: 'NOT_FOUND' }, data: null });
    if ('networkError' in answer) throw new TypeError('Failed to fetch');
    if ('data' in answer) return fakeResponse(200, { result: { success: true, message: 'OK' }, data: answer.data });
    return fakeResponse(answer.status, {
      result: { success: false, message: answer.message ?? 'Failed.', code: answer.code ?? 'SERVER_ERROR' },
      data: null,
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path),
  };
}

// ---------------------------------------------------------------------------------------------
// Rendering

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders `ui` inside antd's App (toasts) and a memory router that shows the current path. */
export function renderInShell(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  return render(
    <App>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

/** Back to a signed-out store and empty storage between tests. */
export function resetSession() {
  sessionStore.getState().signOut();
  localStorage.clear();
}
