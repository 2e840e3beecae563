/**
 * Test support for the route plan and agent history screens (imported by *.test.tsx only): plans,
 * stops, activities without a plan and agents as the API answers them, over the sales test kit.
 */
import { page } from '@meridian/shared/testing/page-test-kit';
import { fireEvent } from '@testing-library/react';
import type {
  ActivityPlan,
  ActivityPlanListItem,
  ActivityPlanStop,
  ActivityWithoutPlan,
  DayOverviewAgent,
  MapOverviewPlan,
} from '@meridian/shared/contract/activity-plan';
import type { UserListItem } from '@meridian/shared/contract/user';
import { COMPANY, ok, type FakeCall, type FakeReply } from '../testing/sales-test-kit';

export const PLAN_A = '70000000-0000-4000-8000-000000000001';
export const PLAN_B = '70000000-0000-4000-8000-000000000002';
export const SIPHO_AGENT = '20000000-0000-4000-8000-000000000021';
export const LERATO_AGENT = '20000000-0000-4000-8000-000000000022';
export const VISIT = {
  market: '80000000-0000-4000-8000-000000000001',
  clinic: '80000000-0000-4000-8000-000000000002',
  school: '80000000-0000-4000-8000-000000000003',
} as const;

export const PLANNER_PERMISSIONS = [
  'SALES/ACTIVITIES/ACTIVITY_PLANS',
  'SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW',
  'SALES/AGENTS/HISTORY',
  'SALES/AGENT/POSITION',
];

export function agent(Id: string, firstName: string, lastName: string): UserListItem {
  return {
    Id,
    firstName,
    lastName,
    userName: `${firstName}.${lastName}`.toLowerCase(),
    emailAddress: `${firstName.toLowerCase()}@demo.meridian.test`,
    mobile: null,
    tenantId: COMPANY,
    tenantName: 'Meridian Lending',
    lastLoginAt: null,
    dateCreated: '2025-01-01T00:00:00.000Z',
    dateDeleted: null,
    roles: ['Loan Officer'],
  };
}
export const agents = () => [agent(SIPHO_AGENT, 'Sipho', 'Nkosi'), agent(LERATO_AGENT, 'Lerato', 'Dube')];

export function planRow(overrides: Partial<ActivityPlanListItem> = {}): ActivityPlanListItem {
  return {
    Id: PLAN_A,
    name: 'Soweto Monday',
    planDate: '2025-06-02',
    status: 'PENDING',
    agentUserId: SIPHO_AGENT,
    agentName: 'Sipho Nkosi',
    stopCount: 3,
    tenantId: COMPANY,
    tenantName: 'Meridian Lending',
    createdUserId: null,
    dateCreated: '2025-05-30T08:00:00.000Z',
    dateModified: '2025-05-30T08:00:00.000Z',
    ...overrides,
  };
}
export const plans = () => [
  planRow(),
  planRow({
    Id: PLAN_B,
    name: 'Durban Tuesday',
    planDate: '2025-06-03',
    agentUserId: LERATO_AGENT,
    agentName: 'Lerato Dube',
    stopCount: 1,
  }),
];
export const planInFull = (activityIds: string[] = [VISIT.market, VISIT.clinic]): ActivityPlan => ({
  ...planRow({ stopCount: activityIds.length }),
  activityIds,
});

export function withoutPlan(Id: string, name: string, overrides: Partial<ActivityWithoutPlan> = {}): ActivityWithoutPlan {
  return {
    Id,
    name,
    location: `${name} road`,
    lat: -26.2,
    lng: 28.04,
    startDate: '2025-06-02T08:00:00.000Z',
    endDate: null,
    status: 'Planned',
    typeDesc: 'Visit',
    tenantId: COMPANY,
    assignedUsers: [{ Id: SIPHO_AGENT, firstName: 'Sipho', lastName: 'Nkosi' }],
    ...overrides,
  };
}
export const freeActivities = () => [
  withoutPlan(VISIT.market, 'Market visit'),
  withoutPlan(VISIT.clinic, 'Clinic talk', { lat: null, lng: null }),
  withoutPlan(VISIT.school, 'School fair', { lat: -26.25, lng: 27.85 }),
];

export function stop(position: number, Id: string, name: string, overrides: Partial<ActivityPlanStop> = {}): ActivityPlanStop {
  return {
    position,
    Id,
    name,
    location: `${name} road`,
    lat: -26.2 - position / 100,
    lng: 28.04,
    startDate: '2025-06-02T08:00:00.000Z',
    endDate: null,
    status: 'Planned',
    progress: 'pending',
    ...overrides,
  };
}
export const planStops = () => [
  stop(1, VISIT.market, 'Market visit', { status: 'Completed', progress: 'completed' }),
  stop(2, VISIT.clinic, 'Clinic talk'),
];

export const mapPlans = (): MapOverviewPlan[] => [
  {
    Id: PLAN_A,
    name: 'Soweto Monday',
    planDate: '2025-06-02',
    status: 'PENDING',
    agentUserId: SIPHO_AGENT,
    agentName: 'Sipho Nkosi',
    stops: planStops(),
  },
  {
    Id: PLAN_B,
    name: 'Durban Tuesday',
    planDate: '2025-06-02',
    status: 'IN_PROGRESS',
    agentUserId: LERATO_AGENT,
    agentName: 'Lerato Dube',
    stops: [stop(1, VISIT.school, 'School fair')],
  },
];

export function dayAgent(overrides: Partial<DayOverviewAgent> = {}): DayOverviewAgent {
  return {
    agentUserId: SIPHO_AGENT,
    agentName: 'Sipho Nkosi',
    plans: 1,
    plannedStops: 4,
    completed: 2,
    inProgress: 1,
    pending: 1,
    cancelled: 0,
    firstStatusUpdate: '2025-06-02T07:10:00.000Z',
    lastStatusUpdate: '2025-06-02T15:45:00.000Z',
    distanceKm: 12.4,
    stopsWithoutPosition: 0,
    ...overrides,
  };
}

/** The calls every page of this area makes besides its own: the agent and user pickers and the map's tile settings. */
export function pickersAndMaps(call: FakeCall): FakeReply | undefined {
  if (call.method === 'GET' && (call.path === `/api/users/getagentscte/${COMPANY}` || call.path === `/api/users/bytenantid/${COMPANY}`)) {
    const search = (call.query.get('search') ?? '').toLowerCase();
    return page(agents().filter((a) => `${a.firstName} ${a.lastName}`.toLowerCase().includes(search)));
  }
  if (call.method === 'GET' && call.path.startsWith('/api/users/list/')) {
    const ids = call.path.slice('/api/users/list/'.length).split(',');
    return ok(agents().filter((a) => ids.includes(a.Id)));
  }
  if (call.method === 'GET' && call.path === '/api/config/client')
    return ok({ mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png', mapAttribution: 'Example' });
  return undefined;
}

/**
 * Picks an option of the Select that is open now. antd keeps closed dropdowns in the document, so on a
 * form with several pickers the same name can be listed more than once.
 */
export function pickOpenOption(label: string) {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')]
    .filter((d) => !d.classList.contains('ant-select-dropdown-hidden'))
    .at(-1);
  const option = [...(open?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find(
    (o) => o.getAttribute('title') === label || o.textContent === label,
  );
  if (!option) throw new Error(`no open option "${label}"`);
  fireEvent.click(option);
}
