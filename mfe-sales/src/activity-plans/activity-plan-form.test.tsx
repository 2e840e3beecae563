import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activityInOtherPlanMessage } from '@meridian/shared/contract/activity-plan';
import { localDay } from '../parts/date-field';
import { fail, ok, renderSalesPage, signInSales, signOut, typist, type FakeCall } from '../testing/sales-test-kit';
import ActivityPlanFormPage from './activity-plan-form-page';
import {
  freeActivities,
  PLAN_A,
  planInFull,
  PLANNER_PERMISSIONS,
  planStops,
  pickersAndMaps,
  SIPHO_AGENT,
  VISIT,
  withoutPlan,
} from './activity-plan-test-kit';

const newPlan = () =>
  renderSalesPage(<ActivityPlanFormPage />, {
    path: '/sales/activities/activity-plan/create',
    at: '/sales/activities/activity-plan/create',
  });
const editPlan = () =>
  renderSalesPage(<ActivityPlanFormPage />, {
    path: '/sales/activities/activity-plan/:id/edit',
    at: `/sales/activities/activity-plan/${PLAN_A}/edit`,
  });

const free = (call: FakeCall) =>
  call.method === 'GET' && call.path === '/api/activities/no-activity-plan' ? page(freeActivities()) : pickersAndMaps(call);
const stopNames = () =>
  within(screen.getByRole('list', { name: 'Stops in visiting order' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('strong')?.textContent);

afterEach(signOut);
jest.setTimeout(90_000);

describe('route plan form', () => {
  beforeEach(() => signInSales(PLANNER_PERMISSIONS));

  test("a plan is built from the day's activities without a plan, in the order chosen, and saved with the ordered ids", async () => {
    const { callsTo } = fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/activities/activity-plan' ? ok(planInFull()) : free(call),
    );
    const { location } = newPlan();
    const user = typist();

    await user.type(screen.getByLabelText('Plan name'), 'Soweto Monday');
    fireEvent.change(screen.getByLabelText('Day of the plan'), { target: { value: '2025-06-02' } });
    openPicker('Agent who follows the plan');
    await waitFor(() => pickOption('Sipho Nkosi'));

    // The day's activities in no plan, of the chosen agent.
    await screen.findByText('School fair');
    await waitFor(() =>
      expect(queryOf(callsTo('/api/activities/no-activity-plan').at(-1)!)).toMatchObject({
        startDate: '2025-06-02',
        endDate: '2025-06-02',
        agentUserId: SIPHO_AGENT,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Add School fair' }));
    await user.click(screen.getByRole('button', { name: 'Add Market visit' }));
    await user.click(screen.getByRole('button', { name: 'Add Clinic talk' }));
    expect(stopNames()).toEqual(['School fair', 'Market visit', 'Clinic talk']);
    expect(screen.getByRole('button', { name: 'Added Market visit' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Clinic talk up' }));
    await user.click(screen.getByRole('button', { name: 'Move School fair down' }));
    expect(stopNames()).toEqual(['Clinic talk', 'School fair', 'Market visit']);
    await user.click(screen.getByRole('button', { name: 'Remove Market visit' }));
    expect(stopNames()).toEqual(['Clinic talk', 'School fair']);

    await user.click(screen.getByRole('button', { name: 'Create route plan' }));
    await waitFor(() => expect(location().pathname).toBe('/sales/activities/activity-plan'));
    expect(
      callsTo('/api/activities/activity-plan')
        .filter((c) => c.method === 'POST')
        .map((c) => c.body),
    ).toEqual([{ name: 'Soweto Monday', planDate: '2025-06-02', agentUserId: SIPHO_AGENT, activityIds: [VISIT.clinic, VISIT.school] }]);
  });

  test("the day's activities of every agent are offered when the planner widens the list, and can be searched", async () => {
    const { calls, callsTo } = fakeServer(free);
    newPlan();
    openPicker('Agent who follows the plan');
    await waitFor(() => pickOption('Sipho Nkosi'));
    await waitFor(() => expect(queryOf(callsTo('/api/activities/no-activity-plan').at(-1)!)).toMatchObject({ agentUserId: SIPHO_AGENT }));
    await typist().click(screen.getByRole('switch', { name: 'Only activities assigned to the agent' }));
    await waitFor(() => expect(queryOf(callsTo('/api/activities/no-activity-plan').at(-1)!)).not.toHaveProperty('agentUserId'));
    // A new plan starts on today.
    expect(queryOf(callsTo('/api/activities/no-activity-plan').at(-1)!)).toMatchObject({ startDate: localDay(), endDate: localDay() });

    // Searching the activities asks the server, and never submits the plan.
    await typist().type(screen.getByRole('searchbox', { name: 'Search activity names and places' }), 'fair{Enter}');
    await waitFor(() => expect(queryOf(callsTo('/api/activities/no-activity-plan').at(-1)!)).toMatchObject({ search: 'fair', page: '1' }));
    expect(screen.queryByText('A plan name is required.')).not.toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test('says what is missing as the user works, and sends nothing until the plan is whole', async () => {
    const { calls } = fakeServer(free);
    newPlan();
    const user = typist();
    await user.click(screen.getByRole('button', { name: 'Create route plan' }));
    expect(await screen.findByText('A plan name is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose the agent who follows the plan.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one activity.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Plan name'), 'S');
    await waitFor(() => expect(screen.queryByText('A plan name is required.')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Add Market visit' }));
    await waitFor(() => expect(screen.queryByText('Choose at least one activity.')).not.toBeInTheDocument());
    fireEvent.change(screen.getByLabelText('Day of the plan'), { target: { value: '' } });
    expect(await screen.findByText('Give a date as YYYY-MM-DD.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test('a stop another plan took meanwhile: the server says so under the stops, and the route built is kept', async () => {
    const message = activityInOtherPlanMessage('Market visit', 'Durban Tuesday');
    fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/activities/activity-plan'
        ? fail(409, 'CONFLICT', message, { fieldErrors: { activityIds: [message] } })
        : free(call),
    );
    newPlan();
    const user = typist();
    await user.type(screen.getByLabelText('Plan name'), 'Soweto Monday');
    openPicker('Agent who follows the plan');
    await waitFor(() => pickOption('Sipho Nkosi'));
    await user.click(await screen.findByRole('button', { name: 'Add Market visit' }));
    await user.click(screen.getByRole('button', { name: 'Create route plan' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(stopNames()).toEqual(['Market visit']);
    expect(screen.getByLabelText('Plan name')).toHaveValue('Soweto Monday');
  });

  test('an existing plan opens with its stops in order, and saving sends the new order and status with PUT', async () => {
    const { callsTo } = fakeServer((call) => {
      if (call.method === 'GET' && call.path === `/api/activities/activity-plan/${PLAN_A}`) return ok(planInFull());
      if (call.method === 'GET' && call.path === `/api/activities/activity-plan-activities/${PLAN_A}`) return ok(planStops());
      if (call.method === 'GET' && call.path === '/api/activities/no-activity-plan')
        return page([withoutPlan(VISIT.school, 'School fair')]);
      if (call.method === 'PUT' && call.path === `/api/activities/activity-plan/${PLAN_A}`) return ok(planInFull());
      return pickersAndMaps(call);
    });
    const { location } = editPlan();
    expect(await screen.findByDisplayValue('Soweto Monday')).toBeInTheDocument();
    await waitFor(() => expect(stopNames()).toEqual(['Market visit', 'Clinic talk']));
    const user = typist();

    await user.click(screen.getByRole('button', { name: 'Remove Market visit' }));
    // A stop taken off can come back, as it is in no other plan.
    await user.click(screen.getByRole('button', { name: 'Add back Market visit' }));
    await user.click(await screen.findByRole('button', { name: 'Add School fair' }));
    expect(stopNames()).toEqual(['Clinic talk', 'Market visit', 'School fair']);
    openPicker('Status');
    await waitFor(() => pickOption('In progress'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location().pathname).toBe('/sales/activities/activity-plan'));
    expect(
      callsTo(`/api/activities/activity-plan/${PLAN_A}`)
        .filter((c) => c.method === 'PUT')
        .map((c) => c.body),
    ).toEqual([
      {
        name: 'Soweto Monday',
        planDate: '2025-06-02',
        agentUserId: SIPHO_AGENT,
        activityIds: [VISIT.clinic, VISIT.market, VISIT.school],
        status: 'IN_PROGRESS',
      },
    ]);
  });
});
