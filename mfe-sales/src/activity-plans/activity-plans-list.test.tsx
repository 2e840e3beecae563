import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays } from '@meridian/shared/contract/field-agent';
import { MESSAGES } from '@meridian/shared/messages';
import { localDay } from '../parts/date-field';
import { fail, findDialog, ok, renderSalesPage, signInSales, signOut, typist, type FakeCall } from '../testing/sales-test-kit';
import ActivityPlansListPage from './activity-plans-list-page';
import { PLAN_A, PLAN_B, PLANNER_PERMISSIONS, pickersAndMaps, plans, SIPHO_AGENT } from './activity-plan-test-kit';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

const listPage = (at = '/sales/activities/activity-plan') =>
  renderSalesPage(<ActivityPlansListPage />, { path: '/sales/activities/activity-plan', at });

const planList = (call: FakeCall) =>
  call.method === 'GET' && call.path === '/api/activities/activity-plan' ? page(plans(), 2) : pickersAndMaps(call);
const lastListQuery = (callsTo: (path: string) => FakeCall[]) => queryOf(callsTo('/api/activities/activity-plan').at(-1)!);
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

afterEach(signOut);
jest.setTimeout(60_000);

describe('route plans list', () => {
  beforeEach(() => signInSales(PLANNER_PERMISSIONS));

  test('asks for the plans of today to 30 days ahead, upcoming first, and narrows to a chosen window and agent from page 1', async () => {
    const { callsTo } = fakeServer(planList);
    const { location } = listPage('/sales/activities/activity-plan?page=2');
    expect(await screen.findByRole('link', { name: 'Soweto Monday' })).toBeInTheDocument();
    const today = localDay();
    expect(lastListQuery(callsTo)).toEqual({
      page: '2',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'planDate',
      sortOrder: 'ASC',
      startDate: today,
      endDate: addDays(today, 30),
    });

    fireEvent.change(screen.getByLabelText('Plans from'), { target: { value: '2025-06-01' } });
    await waitFor(() => expect(lastListQuery(callsTo)).toMatchObject({ startDate: '2025-06-01', page: '1' }));

    openPicker('Filter by agent');
    await waitFor(() => pickOption('Sipho Nkosi'));
    await waitFor(() => expect(lastListQuery(callsTo)).toMatchObject({ startDate: '2025-06-01', agentUserId: SIPHO_AGENT, page: '1' }));
    const address = new URLSearchParams(location().search);
    expect(address.get('from')).toBe('2025-06-01');
    expect(address.get('agent')).toBe(SIPHO_AGENT);
  });

  test('each plan opens on its map or for editing', async () => {
    fakeServer(planList);
    listPage();
    await screen.findByRole('link', { name: 'Soweto Monday' });
    expect(within(row('Soweto Monday')).getByRole('link', { name: 'Map Soweto Monday' })).toHaveAttribute(
      'href',
      `/sales/activities/activity-plan/${PLAN_A}/map-view`,
    );
    expect(within(row('Soweto Monday')).getByRole('link', { name: 'Edit Soweto Monday' })).toHaveAttribute(
      'href',
      `/sales/activities/activity-plan/${PLAN_A}/edit`,
    );
  });

  test('deleting several plans with their activities asks first, then sends the ids with deleteActivities true', async () => {
    const { calls, callsTo } = fakeServer((call) =>
      call.method === 'DELETE' && call.path === '/api/activities/activity-plan/delete'
        ? ok({ deleted: 2, activitiesDeleted: 4 })
        : planList(call),
    );
    listPage();
    await screen.findByRole('link', { name: 'Soweto Monday' });
    const user = typist();

    await user.click(within(row('Soweto Monday')).getByRole('checkbox'));
    await user.click(within(row('Durban Tuesday')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));

    // Asked first; cancelling deletes nothing.
    let dialog = await findDialog('Delete 2 route plans?');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.cancelAction }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    dialog = await findDialog('Delete 2 route plans?');
    const listCalls = callsTo('/api/activities/activity-plan').length;
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also delete their activities' }));
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.deleteAction }));

    expect(await screen.findByText('2 route plans have been deleted, with 4 activities.')).toBeInTheDocument();
    expect(callsTo('/api/activities/activity-plan/delete').map((c) => c.body)).toEqual([
      { activityPlans: [PLAN_A, PLAN_B], deleteActivities: true },
    ]);
    await waitFor(() => expect(callsTo('/api/activities/activity-plan').length).toBe(listCalls + 1));
    expect(screen.getByRole('button', { name: /Delete selected \(0\)/ })).toBeDisabled();
  });

  test('deleting one plan without the choice keeps its activities (deleteActivities false)', async () => {
    const { callsTo } = fakeServer((call) => (call.method === 'DELETE' ? ok({ deleted: 1, activitiesDeleted: 0 }) : planList(call)));
    listPage();
    await screen.findByRole('link', { name: 'Soweto Monday' });

    await typist().click(screen.getByRole('button', { name: 'Delete Soweto Monday' }));
    const dialog = await findDialog("Delete the route plan 'Soweto Monday'?");
    await typist().click(within(dialog).getByRole('button', { name: MESSAGES.deleteAction }));

    expect(await screen.findByText('The route plan has been deleted.')).toBeInTheDocument();
    expect(callsTo('/api/activities/activity-plan/delete')[0]!.body).toEqual({ activityPlans: [PLAN_A], deleteActivities: false });
  });

  test('a refused delete says why and keeps the list', async () => {
    fakeServer((call) => (call.method === 'DELETE' ? fail(404, 'NOT_FOUND', 'Activity plan not found.') : planList(call)));
    listPage();
    await screen.findByRole('link', { name: 'Soweto Monday' });
    await typist().click(screen.getByRole('button', { name: 'Delete Soweto Monday' }));
    const dialog = await findDialog("Delete the route plan 'Soweto Monday'?");
    await typist().click(within(dialog).getByRole('button', { name: MESSAGES.deleteAction }));
    expect(await screen.findByText('Activity plan not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Soweto Monday' })).toBeInTheDocument();
  });

  test('a list that fails to load says so and asks again on retry', async () => {
    let failing = true;
    const { callsTo } = fakeServer((call) =>
      call.path === '/api/activities/activity-plan' && failing ? fail(500, 'SERVER_ERROR', 'Database down.') : planList(call),
    );
    listPage();
    expect(await screen.findByText('Database down.')).toBeInTheDocument();
    failing = false;
    await typist().click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(await screen.findByRole('link', { name: 'Soweto Monday' })).toBeInTheDocument();
    expect(callsTo('/api/activities/activity-plan')).toHaveLength(2);
  });

  test('the day overview link is only there for those who may see it', async () => {
    fakeServer(planList);
    signInSales(['SALES/ACTIVITIES/ACTIVITY_PLANS']);
    listPage();
    await screen.findByRole('link', { name: 'Soweto Monday' });
    expect(screen.queryByRole('link', { name: 'Day overview' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /New route plan/ })).toHaveAttribute('href', '/sales/activities/activity-plan/create');
  });
});
