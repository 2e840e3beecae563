/**
 * Test support for the custom report and report category screens (imported by *.test.tsx only), over the product's shared page kit:
 * a signed-in manager holding the hierarchies given, and categories, reports and a catalogue as the API
 * answers them.
 */
import type { CustomReport } from '@meridian/shared/contract/custom-report';
import type { ReportCategory } from '@meridian/shared/contract/report-category';
import type { CatalogueDatasetAnswer } from '@meridian/shared/contract/report-catalogue';
import { fireEvent, waitFor } from '@testing-library/react';
import { fail, fakeServer, openPicker, signInAs, type FakeCall, type FakeReply } from '@meridian/shared/testing/page-test-kit';
import { fakeUser } from '@meridian/shared/testing/session-fixtures';

export const COMPANY = '10000000-0000-4000-8000-000000000002';
export const BRANCH = '10000000-0000-4000-8000-000000000003';
export const MANAGER_ID = '20000000-0000-4000-8000-000000000002';
export const CATEGORY_A = '70000000-0000-4000-8000-000000000001';
export const CATEGORY_B = '70000000-0000-4000-8000-000000000002';
export const REPORT_A = '71000000-0000-4000-8000-000000000001';
export const ROLE_MANAGER = '72000000-0000-4000-8000-000000000001';

export const signInManager = (hierarchies: string[] = ['CRM/REPORTS', 'REPORTS', 'REPORTS/CUSTOM', 'REPORTCATEGORIES', 'ADMIN/USERS']) =>
  signInAs(
    fakeUser({
      Id: MANAGER_ID,
      firstName: 'Thandi',
      lastName: 'Mokoena',
      tenantId: COMPANY,
      roles: [{ Id: 'r-bm', name: 'Branch Manager' }],
      rolepermissions: hierarchies.map((hierarchy) => ({ hierarchy })),
    }),
  );

export const category = (overrides: Partial<ReportCategory> = {}): ReportCategory => ({
  id: CATEGORY_A,
  name: 'Finance',
  parentCategoryId: null,
  parentName: null,
  path: 'Finance',
  roles: [],
  tenants: [],
  tenantId: COMPANY,
  tenantName: 'Meridian Lending',
  reports: 0,
  dateCreated: '2026-11-01T08:00:00.000Z',
  dateModified: '2026-11-01T08:00:00.000Z',
  ...overrides,
});

export const CATALOGUE: CatalogueDatasetAnswer[] = [
  {
    key: 'clients',
    label: 'Clients',
    columns: [
      { key: 'firstName', label: 'First name', kind: 'text' },
      { key: 'city', label: 'City', kind: 'text' },
      { key: 'dateCreated', label: 'Created', kind: 'instant' },
    ],
  },
  {
    key: 'loans',
    label: 'Loans',
    currencyColumn: 'currency',
    columns: [
      { key: 'status', label: 'Status', kind: 'text', choices: ['submitted', 'active', 'closed'] },
      { key: 'currency', label: 'Currency', kind: 'text' },
      { key: 'principal', label: 'Principal', kind: 'money' },
      { key: 'disbursedOn', label: 'Disbursed on', kind: 'date' },
    ],
  },
];

export const report = (overrides: Partial<CustomReport> = {}): CustomReport => ({
  id: REPORT_A,
  name: 'Loans by status',
  description: null,
  dataset: 'loans',
  datasetLabel: 'Loans',
  categoryId: CATEGORY_A,
  categoryName: 'Finance',
  tenantId: COMPANY,
  ownerId: MANAGER_ID,
  ownerName: 'Thandi Mokoena',
  dateCreated: '2026-11-01T08:00:00.000Z',
  dateModified: '2026-11-02T08:00:00.000Z',
  definition: {
    dataset: 'loans',
    columns: [{ column: 'status' }, { column: 'currency' }, { column: 'principal', aggregate: 'sum' }],
    filters: [],
    groupBy: ['status', 'currency'],
    sort: [{ column: 'principal', aggregate: 'sum', direction: 'DESC' }],
  },
  ...overrides,
});

/**
 * Opens the Select named `picker` and picks `label` in its own open list: a screen with several Selects keeps
 * every list it opened (hidden) in the page, and the same label may sit in more than one of them.
 */
export async function pickIn(picker: string, label: string) {
  openPicker(picker);
  await waitFor(() => {
    const open = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
    const option = open
      .flatMap((list) => Array.from(list.querySelectorAll<HTMLElement>('.ant-select-item-option')))
      .find((o) => o.getAttribute('title') === label || o.textContent === label);
    if (!option) throw new Error(`no option "${label}" in the open list of ${picker}`);
    fireEvent.click(option);
  });
}

/** The shared fake server, with the tenant's settings left to their defaults (a 404 the kit turns into them). */
export const reportsServer = (answer: (call: FakeCall) => FakeReply | undefined) =>
  fakeServer((call) => answer(call) ?? (call.path.endsWith('/api/config/client') ? fail(404, 'NOT_FOUND', 'none') : undefined));
