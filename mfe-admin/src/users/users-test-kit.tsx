/**
 * Test support for the users screens (imported by *.test.tsx only), over the administration test kit
 * (sessions, antd's App around a page): the roles and tenant tree the pickers load, users as the list
 * answers them, a fake server, and helpers for antd's pickers and dialogs.
 */
import { fireEvent, screen } from '@testing-library/react';
import type { Role } from '@meridian/shared/contract/role';
import type { Tenant, TenantNode, TenantTree } from '@meridian/shared/contract/tenant';
import type { User, UserListItem } from '@meridian/shared/contract/user';
import type { TenantTypeValue } from '@meridian/shared/constants';
import { fakeFetch, ok, type FakeCall, type FakeReply } from '@meridian/shared/testing/page-test-kit';
import { fakeUser } from '@meridian/shared/testing/session-fixtures';
import { companyAdmin, COMPANY, renderAdminPage, resetSession, signInAs } from '../testing/admin-test-kit';

export { fail, ok, typist, type FakeCall, type FakeReply } from '@meridian/shared/testing/page-test-kit';

// ---------------------------------------------------------------------------------------------
// Tenants, roles, users

export const TENANT = {
  lending: COMPANY,
  johannesburg: '10000000-0000-4000-8000-000000000003',
  soweto: '10000000-0000-4000-8000-000000000004',
} as const;

export const ROLE = {
  administrator: '30000000-0000-4000-8000-000000000001',
  loanOfficer: '30000000-0000-4000-8000-000000000002',
} as const;

export const LERATO_ID = '20000000-0000-4000-8000-000000000011';
export const SIPHO_ID = '20000000-0000-4000-8000-000000000012';

function tenant(Id: string, name: string, type: TenantTypeValue, parentId: string | null): Tenant {
  return {
    Id,
    name,
    type,
    parentId,
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

/** Meridian Lending > Johannesburg Branch > Soweto Team, as GET /api/tenants/descendantsByTenantId answers. */
export function tenantTree(): TenantTree {
  const flat = [
    tenant(TENANT.lending, 'Meridian Lending', 2, null),
    tenant(TENANT.johannesburg, 'Johannesburg Branch', 3, TENANT.lending),
    tenant(TENANT.soweto, 'Soweto Team', 4, TENANT.johannesburg),
  ];
  const [lending, johannesburg, soweto] = flat as [Tenant, Tenant, Tenant];
  const arranged: TenantNode[] = [{ ...lending, children: [{ ...johannesburg, children: [{ ...soweto, children: [] }] }] }];
  return { tenants: flat, tenantsArranged: arranged };
}

const role = (Id: string, name: string): Role => ({
  Id,
  name,
  description: null,
  systemRole: true,
  tenantId: null,
  permissions: [],
  userCount: 1,
  dateCreated: '2024-01-01T00:00:00.000Z',
  editable: false,
});
export const roles = (): Role[] => [role(ROLE.administrator, 'Administrator'), role(ROLE.loanOfficer, 'Loan Officer')];

export function listItem(overrides: Partial<UserListItem> = {}): UserListItem {
  return {
    Id: LERATO_ID,
    firstName: 'Lerato',
    lastName: 'Dube',
    userName: 'lerato.dube',
    emailAddress: 'lerato@demo.meridian.test',
    mobile: '0821234567',
    tenantId: TENANT.soweto,
    tenantName: 'Soweto Team',
    lastLoginAt: null,
    dateCreated: '2024-03-01T08:00:00.000Z',
    dateDeleted: null,
    roles: ['Loan Officer'],
    ...overrides,
  };
}

export const lerato = () => listItem();
export const sipho = () =>
  listItem({
    Id: SIPHO_ID,
    firstName: 'Sipho',
    lastName: 'Nkosi',
    userName: 'sipho.nkosi',
    emailAddress: 'sipho@demo.meridian.test',
    mobile: '0831234567',
  });

/** Lerato as GET /api/users/:id answers her. */
export function leratoInFull(overrides: Partial<User> = {}): User {
  return fakeUser({
    Id: LERATO_ID,
    firstName: 'Lerato',
    lastName: 'Dube',
    userName: 'lerato.dube',
    emailAddress: 'lerato@demo.meridian.test',
    mobile: '0821234567',
    tenantId: TENANT.soweto,
    roles: [{ Id: ROLE.loanOfficer, name: 'Loan Officer' }],
    tenants: [
      {
        Id: TENANT.soweto,
        name: 'Soweto Team',
        parentId: TENANT.johannesburg,
        shortCode: null,
        tenant_type: 4,
        locationRequired: false,
        location: null,
        lat: null,
        lng: null,
      },
    ],
    ...overrides,
  });
}

// ---------------------------------------------------------------------------------------------
// Sessions

/** Signs in a company administrator holding `permissions` (ADMIN/USERS and ADMIN/USERS/DELETE unless told). */
export function signInAdmin(permissions: string[] = ['ADMIN/USERS', 'ADMIN/USERS/DELETE']) {
  signInAs(companyAdmin(permissions));
}

export const signOut = resetSession;

// ---------------------------------------------------------------------------------------------
// A fake server

/** The list calls' paging envelope. */
export function page<T>(rows: T[], total = rows.length): FakeReply {
  const reply = ok(rows);
  (reply.body as { meta: unknown }).meta = { paging: { pageNumber: 1, pageSize: 20, total } };
  return reply;
}

/**
 * Answers the pickers (roles, tenants) and whatever `more` answers; anything else is a test error
 * made visible as a 500 with the unexpected call's path.
 */
export function fakeServer(more: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeFetch((call) => {
    const answer = more(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/roles') return page(roles());
    if (call.method === 'GET' && call.path === '/api/tenants/descendantsByTenantId') return ok(tenantTree());
    return { status: 500, body: { result: { success: false, message: `unexpected ${call.method} ${call.path}`, code: 'SERVER_ERROR' } } };
  });
}

// ---------------------------------------------------------------------------------------------
// Rendering and antd controls

/** Renders a page inside antd's App (confirmations, toasts), as the shell does. */
export const renderUsersPage = renderAdminPage;

/** Opens an antd Select or TreeSelect the way a pointer does. */
export function openPicker(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
}

/** Picks an option of the open Select (rendered in a portal). */
export function pickOption(label: string) {
  const option = document.querySelector(`.ant-select-item-option[title="${label}"]`);
  if (!option) throw new Error(`no option "${label}"`);
  fireEvent.click(option);
}

/** Picks an entry of the open TreeSelect. */
export function pickTreeEntry(label: string) {
  const entry = document.querySelector(`.ant-select-tree-node-content-wrapper[title="${label}"]`);
  if (!entry) throw new Error(`no tree entry "${label}"`);
  fireEvent.click(entry);
}

/** The query parameters of a call as a plain object. */
export const queryOf = (call: FakeCall) => Object.fromEntries(call.query.entries());

/**
 * The open dialog (antd modal) whose title is `title`. Its accessible name cannot be used: in tests
 * antd gives every generated id the same value, so aria-labelledby points at the wrong element.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  const [first] = await screen.findAllByText(title);
  const dialog = first?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled "${title}"`);
  return dialog;
}
