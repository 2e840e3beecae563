/**
 * Test support for the standard report screens (imported by *.test.tsx only), over the product's shared page
 * kit: a branch manager of Meridian Lending holding CRM/REPORTS, the tenants they may choose, and the reports'
 * answers with figures a test can read back.
 */
import type { CollectionsPeriod, ParGroup, ParTrendPoint, TenantLoansRow } from '@meridian/shared/contract/portfolio-report';
import type { SalesAgentRow, UserLoginsRow } from '@meridian/shared/contract/standard-report';
import type { Tenant } from '@meridian/shared/contract/tenant';
import type { User } from '@meridian/shared/contract/user';
import { fakeServer, ok, queryOf, signInAs, type FakeCall, type FakeReply } from '@meridian/shared/testing/page-test-kit';
import { fakeUser } from '@meridian/shared/testing/session-fixtures';

export const LENDING_TENANT = '10000000-0000-4000-8000-000000000002';
export const SOWETO_BRANCH = '10000000-0000-4000-8000-000000000005';
export const MANAGER_ID = '20000000-0000-4000-8000-000000000011';

export const branchManager = (hierarchies: string[] = ['CRM/REPORTS']): User =>
  fakeUser({
    Id: MANAGER_ID,
    firstName: 'Thandi',
    lastName: 'Mokoena',
    userName: 'branch-manager',
    tenantId: LENDING_TENANT,
    roles: [{ Id: 'r-bm', name: 'Branch manager' }],
    rolepermissions: hierarchies.map((hierarchy) => ({ hierarchy })),
  });
export const signInManager = (hierarchies?: string[]) => signInAs(branchManager(hierarchies));

const tenant = (Id: string, name: string, parentId: string | null, type: number) => ({ Id, name, parentId, type }) as unknown as Tenant;
/** GET /api/tenants/descendantsByTenantId: Meridian Lending and its Soweto branch. */
export const tenantTree = () =>
  ok({
    tenants: [tenant(LENDING_TENANT, 'Meridian Lending', null, 2), tenant(SOWETO_BRANCH, 'Soweto Branch', LENDING_TENANT, 3)],
    tenantsArranged: [],
  });

/**
 * A fake server for one report's screen: `also` answers first (a failure, a slow answer), then the
 * report's call gets `answer()` and the tenant filter its tree.
 */
export function reportServer(reportPath: string, answer: () => FakeReply) {
  return (also: (call: FakeCall) => FakeReply | undefined = () => undefined) =>
    fakeServer((call) => {
      const special = also(call);
      if (special) return special;
      if (call.path === reportPath) return answer();
      if (call.path === '/api/tenants/descendantsByTenantId') return tenantTree();
      return undefined;
    });
}

/** The query of the last call the screen made to `path`. */
export const lastQueryTo = (calls: FakeCall[], path: string) => queryOf(calls.filter((c) => c.path === path).at(-1)!);

/** Today and days around it in the tenants' zone (Africa/Johannesburg, the settings' default), worked out apart from the screens' code. */
export function johannesburgDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offsetDays)).toISOString().slice(0, 10);
}

const par = { loans: 4, loansAtRisk: 1, outstandingPrincipalMinor: 3_500_000, atRiskPrincipalMinor: 2_200_000, par30Percent: '62.86' };

export const parGroup = (overrides: Partial<ParGroup> = {}): ParGroup => ({
  groupId: SOWETO_BRANCH,
  groupName: 'Soweto Branch',
  currency: 'ZAR',
  ...par,
  ...overrides,
});

export const parTrendPoint = (asOf: string, par30Percent: string | null): ParTrendPoint => ({
  asOf,
  currency: 'ZAR',
  ...par,
  par30Percent,
});

export const collectionsPeriod = (overrides: Partial<CollectionsPeriod> = {}): CollectionsPeriod => ({
  periodStart: '2026-11-02',
  periodEnd: '2026-11-08',
  currency: 'ZAR',
  expectedMinor: 1_200_000,
  collectedMinor: 900_000,
  collectedPrincipalMinor: 800_000,
  collectedInterestMinor: 90_000,
  collectedFeeMinor: 10_000,
  overpaymentMinor: 0,
  paidOnTimeMinor: 600_000,
  onTimePercent: '50.00',
  arrearsRecoveredMinor: 300_000,
  ...overrides,
});

export const tenantLoansRow = (overrides: Partial<TenantLoansRow> = {}): TenantLoansRow => ({
  tenantId: SOWETO_BRANCH,
  tenantName: 'Soweto Branch',
  tenantType: 3,
  loansDisbursed: 3,
  disbursedMinor: 3_600_000,
  currency: 'ZAR',
  ...par,
  ...overrides,
});

export const salesAgentRow = (overrides: Partial<SalesAgentRow> = {}): SalesAgentRow => ({
  userId: '20000000-0000-4000-8000-000000000021',
  agentName: 'Lerato Dlamini',
  userName: 'loan-officer',
  tenantName: 'Soweto Branch',
  activities: 3,
  activitiesByStatus: [
    { status: 'Completed', count: 2 },
    { status: 'Planned', count: 1 },
  ],
  leads: 3,
  conversions: 1,
  distanceMeters: 2224,
  fieldMinutes: 390,
  ...overrides,
});

export const userLoginsRow = (overrides: Partial<UserLoginsRow> = {}): UserLoginsRow => ({
  userId: '20000000-0000-4000-8000-000000000021',
  userName: 'loan-officer',
  firstName: 'Lerato',
  lastName: 'Dlamini',
  tenantName: 'Soweto Branch',
  signIns: 2,
  failures: 5,
  lockOuts: 1,
  lastSignInAt: '2026-11-28T08:05:00.000Z',
  lastFailureAt: '2026-11-28T08:01:00.000Z',
  ...overrides,
});
