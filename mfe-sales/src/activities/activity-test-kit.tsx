/**
 * Test support for the activities screens (imported by *.test.tsx only): a manager and a field agent,
 * the company's types and statuses, activities as the API answers them, a fake server, the device's
 * geolocation, and helpers for antd's pickers.
 */
import { fireEvent, screen } from '@testing-library/react';
import type {
  Activity,
  ActivityAssignee,
  ActivityListItem,
  ActivityStatus,
  ActivityType,
  MyWorkActivity,
} from '@meridian/shared/contract/activity';
import type { User } from '@meridian/shared/contract/user';
import { fakeFetch, ok, signInAs, type FakeCall, type FakeReply } from '@meridian/shared/testing/page-test-kit';
import { fakeUser } from '@meridian/shared/testing/session-fixtures';

export {
  confirmDialog,
  fail,
  ok,
  renderAppPage,
  resetSession,
  setOnline,
  startFieldWork,
  typist,
  type FakeCall,
  type FakeReply,
} from '@meridian/shared/testing/page-test-kit';

export const COMPANY = '10000000-0000-4000-8000-000000000002';
export const MANAGER_ID = '20000000-0000-4000-8000-000000000021';
export const AGENT_ID = '20000000-0000-4000-8000-000000000022';
export const OTHER_AGENT_ID = '20000000-0000-4000-8000-000000000023';
export const ACTIVITY_ID = '40000000-0000-4000-8000-000000000001';
export const SECOND_ACTIVITY_ID = '40000000-0000-4000-8000-000000000002';
export const FILE_ID = '50000000-0000-4000-8000-000000000001';

export const TYPE = { visit: '60000000-0000-4000-8000-000000000001', call: '60000000-0000-4000-8000-000000000002' } as const;
export const STATUS = {
  pending: '70000000-0000-4000-8000-000000000001',
  inProgress: '70000000-0000-4000-8000-000000000002',
  completed: '70000000-0000-4000-8000-000000000003',
} as const;

// ---------------------------------------------------------------------------------------------
// Sessions

/** A branch manager with the activity permissions (sees the subtree, may update in bulk). */
export const manager = (): User =>
  fakeUser({
    Id: MANAGER_ID,
    firstName: 'Nomsa',
    lastName: 'Khumalo',
    userName: 'nomsa.khumalo',
    tenantId: COMPANY,
    roles: [{ Id: 'r-bm', name: 'Branch Manager' }],
    rolepermissions: ['SALES/ACTIVITIES', 'SALES/ACTIVITIES/CALENDAR', 'SALES/AGENTS/MYWORK', 'CLIENTS', 'SALES/LEADS'].map(
      (hierarchy) => ({ hierarchy }),
    ),
  });

/** A loan officer: their own work only. */
export const agent = (hierarchies: string[] = ['SALES/ACTIVITIES', 'SALES/AGENTS/MYWORK']): User =>
  fakeUser({
    Id: AGENT_ID,
    firstName: 'Lerato',
    lastName: 'Dube',
    userName: 'lerato.dube',
    tenantId: COMPANY,
    roles: [{ Id: 'r-lo', name: 'Loan Officer' }],
    rolepermissions: hierarchies.map((hierarchy) => ({ hierarchy })),
  });

export const signInManager = () => signInAs(manager());
export const signInAgent = (hierarchies?: string[]) => signInAs(agent(hierarchies));

// ---------------------------------------------------------------------------------------------
// The company's catalogue and activities

export const types = (): ActivityType[] => [
  { Id: TYPE.visit, name: 'Client visit', status: 1, tenantId: COMPANY },
  { Id: TYPE.call, name: 'Phone call', status: 1, tenantId: COMPANY },
];

export const statuses = (): ActivityStatus[] => [
  { Id: STATUS.pending, name: 'Pending', status: 1, tenantId: COMPANY, isDefault: true },
  { Id: STATUS.inProgress, name: 'In progress', status: 1, tenantId: COMPANY, isDefault: false },
  { Id: STATUS.completed, name: 'Completed', status: 1, tenantId: COMPANY, isDefault: false },
];

export const lerato = (overrides: Partial<ActivityAssignee> = {}): ActivityAssignee => ({
  Id: AGENT_ID,
  firstName: 'Lerato',
  lastName: 'Dube',
  activityAssignmentId: '80000000-0000-4000-8000-000000000001',
  statusId: STATUS.pending,
  statusText: 'Pending',
  ...overrides,
});
export const sipho = (overrides: Partial<ActivityAssignee> = {}): ActivityAssignee => ({
  Id: OTHER_AGENT_ID,
  firstName: 'Sipho',
  lastName: 'Nkosi',
  activityAssignmentId: '80000000-0000-4000-8000-000000000002',
  statusId: STATUS.pending,
  statusText: 'Pending',
  ...overrides,
});

export function listItem(overrides: Partial<ActivityListItem> = {}): ActivityListItem {
  return {
    Id: ACTIVITY_ID,
    parentId: null,
    name: 'Visit Thandiwe Mokoena',
    description: 'Collect the signed loan agreement.',
    activityTypeId: TYPE.visit,
    typeDesc: 'Client visit',
    statusId: STATUS.pending,
    status: 'Pending',
    statusText: 'Pending',
    location: 'Soweto, Vilakazi Street',
    lat: -26.2389,
    lng: 27.9089,
    startDate: '2026-11-23T08:00:00.000Z',
    endDate: '2026-11-23T09:00:00.000Z',
    tenantId: COMPANY,
    tenantName: 'Meridian Lending',
    createdUserId: MANAGER_ID,
    createdBy: 'Nomsa Khumalo',
    dateCreated: '2026-11-20T08:00:00.000Z',
    dateModified: '2026-11-20T08:00:00.000Z',
    assignedUsers: [lerato()],
    clients: [{ Id: '90000000-0000-4000-8000-000000000001', firstName: 'Thandiwe', lastName: 'Mokoena' }],
    leads: [],
    activityPlans: [],
    activityPlanNames: [],
    ...overrides,
  };
}

export const fullActivity = (overrides: Partial<Activity> = {}): Activity => ({
  ...listItem(),
  files: [
    {
      Id: FILE_ID,
      fileName: 'agreement.pdf',
      contentType: 'application/pdf',
      sizeBytes: 20480,
      assignmentId: null,
      uploadedByUserId: AGENT_ID,
      uploadedBy: 'Lerato Dlamini',
      dateCreated: '2026-11-21T08:00:00.000Z',
    },
  ],
  ...overrides,
});

export const myWorkItem = (overrides: Partial<MyWorkActivity> = {}): MyWorkActivity => ({
  ...listItem(),
  activityAssignmentId: '80000000-0000-4000-8000-000000000001',
  assignmentStatusId: STATUS.pending,
  assignmentStatusText: 'Pending',
  ...overrides,
});

// ---------------------------------------------------------------------------------------------
// A fake server

/** A list answer with its paging. */
export function page<T>(rows: T[], total = rows.length, pageNumber = 1, pageSize = rows.length): FakeReply {
  const reply = ok(rows);
  (reply.body as { meta: unknown }).meta = { paging: { pageNumber, pageSize, total } };
  return reply;
}

/**
 * Answers the catalogue (types, statuses), the widgets, the pickers' searches and the error log, and whatever `more`
 * answers; anything else is a test error made visible as a 500 naming the unexpected call.
 */
export function fakeServer(more: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeFetch((call) => {
    const answer = more(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/activities/types') return ok(types());
    if (call.method === 'GET' && call.path === '/api/activities/statuses') return ok(statuses());
    if (call.method === 'GET' && call.path === '/api/activities/for-status-widget') {
      return page([
        { statusId: STATUS.pending, status: 'Pending', count: 60_000 },
        { statusId: STATUS.completed, status: 'Completed', count: 40_000 },
      ]);
    }
    if (call.method === 'GET' && call.path === '/api/activities/for-type-widget') {
      return page([
        { activityTypeId: TYPE.visit, typeDesc: 'Client visit', count: 70_000 },
        { activityTypeId: TYPE.call, typeDesc: 'Phone call', count: 30_000 },
      ]);
    }
    if (call.method === 'POST' && call.path === '/api/error_log') return ok({ Id: 'e1' });
    // The pickers look people up as soon as they are drawn.
    if (call.method === 'POST' && (call.path === '/api/clients/search' || call.path === '/api/leads/search')) return ok([]);
    if (call.method === 'GET' && call.path.startsWith('/api/users/getagentscte/')) return page([]);
    return { status: 500, body: { result: { success: false, message: `unexpected ${call.method} ${call.path}`, code: 'SERVER_ERROR' } } };
  });
}

/** The calls that change something (searches and the error log are not among them). */
export const writes = (calls: FakeCall[]) =>
  calls.filter((c) => c.method !== 'GET' && c.path !== '/api/error_log' && !c.path.endsWith('/search'));

/** The query parameters of a call as a plain object. */
export const queryOf = (call: FakeCall) => Object.fromEntries(call.query.entries());

// ---------------------------------------------------------------------------------------------
// The device

/** The device reports this position (latitude, longitude, accuracy in metres). */
export function deviceAt(latitude: number, longitude: number, accuracy = 12) {
  const getCurrentPosition = jest.fn((succeed: PositionCallback) =>
    succeed({ coords: { latitude, longitude, accuracy } } as GeolocationPosition),
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

/** The device refuses to say where it is (1 denied, 2 unavailable, 3 timeout). */
export function deviceRefuses(code: 1 | 2 | 3 = 1) {
  const getCurrentPosition = jest.fn((_succeed: PositionCallback, fail?: PositionErrorCallback | null) =>
    fail?.({ code } as GeolocationPositionError),
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

// ---------------------------------------------------------------------------------------------
// antd controls

/** Opens an antd Select the way a pointer does. */
export function openPicker(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
}

/** Picks an option of the open Select (rendered in a portal). */
export function pickOption(label: string) {
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
    (o) => o.getAttribute('title') === label || o.textContent === label,
  );
  if (!option) throw new Error(`no option "${label}"`);
  fireEvent.click(option);
}
