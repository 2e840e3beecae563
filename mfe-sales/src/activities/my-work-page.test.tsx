import { screen, waitFor, within } from '@testing-library/react';
import type { ActivityAssignment } from '@meridian/shared/contract/activity';
import type { AgentAction } from '@meridian/shared/contract/field-agent';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import MyWorkPage from './my-work-page';
import { changesWaitingMessage } from '@meridian/shared/messages';
import { fieldSyncStore } from '@meridian/shared/offline/field-sync';
import {
  ACTIVITY_ID,
  AGENT_ID,
  deviceAt,
  deviceRefuses,
  fail,
  fakeServer,
  myWorkItem,
  ok,
  openPicker,
  page,
  pickOption,
  queryOf,
  renderAppPage,
  resetSession,
  SECOND_ACTIVITY_ID,
  setOnline,
  signInAgent,
  startFieldWork,
  STATUS,
  typist,
  type FakeCall,
  type FakeReply,
} from './activity-test-kit';
import { keepMyWorkForOffline, keptDay, saveStatusOnDevice } from './my-work-offline';
import { keptDayStatus } from './day-status-offline';
import { ACTIVITY_TEXT } from './activity-text';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

const openMyWork = () => renderAppPage(<MyWorkPage />, { path: '/agents/landingpage', at: '/agents/landingpage' });

const action = (code: number): AgentAction => ({
  Id: 'a1',
  action: code,
  performedByUserId: AGENT_ID,
  latitude: -26.2,
  longitude: 28.04,
  accuracy: 10,
  location: null,
  entityId: null,
  entityType: null,
  dateCreated: '2026-11-22T06:30:00.000Z',
});

const today = () => [
  myWorkItem(),
  myWorkItem({
    Id: SECOND_ACTIVITY_ID,
    name: 'Call Sipho',
    assignmentStatusId: STATUS.completed,
    assignmentStatusText: 'Completed',
    startDate: '2026-11-22T11:00:00.000Z',
  }),
];

/** The day (latest action `latest`, or none), today's activities, and whatever `more` answers. */
function server(latest: number | null, more: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const answer = more(call);
    if (answer) return answer;
    if (call.path === '/api/agent/action/latest') return ok({ agentAction: latest === null ? [] : [action(latest)] });
    if (call.path === '/api/activities/agent-my-work-activities') return page(today());
    return undefined;
  });
}

/** A count of the day, by its title. */
const statistic = (title: string) => screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic');

/** The request never gets an answer, as fetch fails without a connection. */
const noConnection = (): never => {
  throw new TypeError('Failed to fetch');
};

const agentActions = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/agent/action');

afterEach(resetSession);
jest.setTimeout(60_000);

describe('My Work', () => {
  test("lists today's activities of the caller in start order, with the day's counts", async () => {
    signInAgent();
    const { calls } = server(null);
    openMyWork();

    const list = await screen.findByRole('list', { name: ACTIVITY_TEXT.activitiesToday });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Visit Thandiwe Mokoena')).toBeInTheDocument();
    const listCall = calls.find((c) => c.path === '/api/activities/agent-my-work-activities')!;
    // Today is the server's default window: no dates are sent.
    expect(queryOf(listCall)).toEqual({
      page: '1',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'startDate',
      sortOrder: 'ASC',
    });
    expect(screen.getByText(ACTIVITY_TEXT.activitiesToday, { selector: '.ant-statistic-title' })).toBeInTheDocument();
    expect(statistic(ACTIVITY_TEXT.completed)).toHaveTextContent('1');
    expect(statistic(ACTIVITY_TEXT.pending)).toHaveTextContent('1');
  });

  test('Start day sends action 1 with the device position, and the top bar follows', async () => {
    signInAgent();
    deviceAt(-26.2041, 28.0473, 15);
    const { calls } = server(0, (call) =>
      call.method === 'POST' && call.path === '/api/agent/action' ? ok(action(1), 'Action recorded.') : undefined,
    );
    openMyWork();
    expect(await screen.findByText(ACTIVITY_TEXT.dayNotStarted)).toBeInTheDocument();

    await typist().click(screen.getByRole('button', { name: new RegExp(ACTIVITY_TEXT.startDay) }));

    expect(await screen.findByText(ACTIVITY_TEXT.dayStarted)).toBeInTheDocument();
    expect(agentActions(calls).map((c) => c.body)).toEqual([{ action: 1, latitude: -26.2041, longitude: 28.0473, accuracy: 15 }]);
    expect(sessionStore.getState().agentOnline).toBe(true);
    expect(screen.getByRole('button', { name: new RegExp(ACTIVITY_TEXT.stopDay) })).toBeInTheDocument();
  });

  test('Stop day asks first; kept working, nothing is sent', async () => {
    signInAgent();
    deviceAt(-26.2041, 28.0473, 15);
    const { calls } = server(1, (call) =>
      call.method === 'POST' && call.path === '/api/agent/action' ? ok(action(0), 'Action recorded.') : undefined,
    );
    openMyWork();
    await typist().click(await screen.findByRole('button', { name: new RegExp(ACTIVITY_TEXT.stopDay) }));
    const question = await screen.findByRole('dialog');
    expect(within(question).getAllByText(ACTIVITY_TEXT.stopDayQuestion).length).toBeGreaterThan(0);
    await typist().click(within(question).getByRole('button', { name: ACTIVITY_TEXT.keepWorking }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(agentActions(calls)).toEqual([]);
    expect(screen.getByRole('button', { name: new RegExp(ACTIVITY_TEXT.stopDay) })).toBeInTheDocument();
  });

  test('Stop day, confirmed, sends action 0 when the day is running', async () => {
    signInAgent();
    deviceAt(-26.2041, 28.0473, 15);
    const { calls } = server(1, (call) =>
      call.method === 'POST' && call.path === '/api/agent/action' ? ok(action(0), 'Action recorded.') : undefined,
    );
    openMyWork();
    await typist().click(await screen.findByRole('button', { name: new RegExp(ACTIVITY_TEXT.stopDay) }));
    const question = await screen.findByRole('dialog');
    await typist().click(within(question).getByRole('button', { name: ACTIVITY_TEXT.stopDay }));
    expect(await screen.findByText(ACTIVITY_TEXT.dayStopped)).toBeInTheDocument();
    expect(agentActions(calls).map((c) => (c.body as { action: number }).action)).toEqual([0]);
    expect(sessionStore.getState().agentOnline).toBe(false);
  });

  test('without a position, starting the day is still asked for, and the refusal shows the server message', async () => {
    signInAgent();
    deviceRefuses(3);
    const { calls } = server(null, (call) =>
      call.method === 'POST' && call.path === '/api/agent/action' ? fail(400, 'LOCATION_REQUIRED', MESSAGES.enableLocation) : undefined,
    );
    openMyWork();
    await screen.findByText(ACTIVITY_TEXT.dayNotStarted);

    await typist().click(screen.getByRole('button', { name: new RegExp(ACTIVITY_TEXT.startDay) }));

    expect(await screen.findByText(MESSAGES.enableLocation)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.gpsUnavailable)).toBeInTheDocument();
    expect(agentActions(calls).map((c) => c.body)).toEqual([{ action: 1, latitude: 999, longitude: 999, accuracy: null }]);
    expect(calls.find((c) => c.path === '/api/error_log')).toMatchObject({ body: { entityType: 'agent_action' } });
    // Still not started.
    expect(screen.getByRole('button', { name: new RegExp(ACTIVITY_TEXT.startDay) })).toBeInTheDocument();
  });

  test("a quick status update sends the caller's assignment with the position and updates the counts", async () => {
    signInAgent();
    deviceAt(-26.2041, 28.0473, 9);
    const updated: ActivityAssignment = {
      Id: 'x',
      activityId: ACTIVITY_ID,
      userId: AGENT_ID,
      firstName: 'Lerato',
      lastName: 'Dube',
      statusId: STATUS.completed,
      statusText: 'Completed',
      dateCreated: '2026-11-22T06:00:00.000Z',
      dateModified: '2026-11-22T09:00:00.000Z',
      history: [],
    };
    const { calls } = server(1, (call) =>
      call.method === 'PUT' && call.path === '/api/activities/updateAssignmentStatus' ? ok(updated) : undefined,
    );
    openMyWork();
    await screen.findByRole('list', { name: ACTIVITY_TEXT.activitiesToday });

    openPicker('Status of Visit Thandiwe Mokoena');
    await waitFor(() => pickOption('Completed'));

    expect(await screen.findByText(ACTIVITY_TEXT.statusUpdated)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/activities/updateAssignmentStatus').map((c) => c.body)).toEqual([
      {
        userId: AGENT_ID,
        updatingUserId: AGENT_ID,
        activityId: ACTIVITY_ID,
        statusId: STATUS.completed,
        statusText: 'Completed',
        latitude: -26.2041,
        longitude: 28.0473,
        accuracy: 9,
      },
    ]);
    await waitFor(() => expect(statistic(ACTIVITY_TEXT.completed)).toHaveTextContent('2'));
  });

  test('offline, a field user sees the day their device kept; a status change is saved on the device and sent, with when it was made, once back online', async () => {
    signInAgent();
    deviceAt(-26.2041, 28.0473, 9);
    const updated = {
      Id: 'x',
      activityId: ACTIVITY_ID,
      userId: AGENT_ID,
      statusId: STATUS.completed,
      statusText: 'Completed',
      history: [],
    };
    const { calls } = server(1, (call) =>
      call.method === 'PUT' && call.path === '/api/activities/updateAssignmentStatus' ? ok(updated) : undefined,
    );
    keepMyWorkForOffline();
    startFieldWork();
    await waitFor(async () => expect((await keptDay())?.items).toHaveLength(2));
    setOnline(false);
    openMyWork();

    expect(await screen.findByText(/^You are offline\. This is your day as it was at/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: ACTIVITY_TEXT.activitiesToday });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    openPicker('Status of Visit Thandiwe Mokoena');
    await waitFor(() => pickOption('Completed'));

    expect(await screen.findByText(MESSAGES.savedOnDevice)).toBeInTheDocument();
    expect(await screen.findByText(changesWaitingMessage(1))).toBeInTheDocument();
    await waitFor(() => expect(statistic(ACTIVITY_TEXT.completed)).toHaveTextContent('2'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect((await keptDay())!.items.find((a) => a.Id === ACTIVITY_ID)!.assignmentStatusText).toBe('Completed');

    setOnline(true);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'PUT')!;
    expect(sent.body).toEqual({
      userId: AGENT_ID,
      updatingUserId: AGENT_ID,
      activityId: ACTIVITY_ID,
      statusId: STATUS.completed,
      statusText: 'Completed',
      latitude: -26.2041,
      longitude: 28.0473,
      accuracy: 9,
      changedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(sent.headers['idempotency-key']).toEqual(expect.any(String));
    await waitFor(() => expect(fieldSyncStore.getState().waiting).toBe(0));
    await waitFor(() => expect(screen.queryByText(changesWaitingMessage(1))).not.toBeInTheDocument());
  });

  test('offline, a running day shows the state the device kept, marked as saved on this device, and the server is asked again once back online', async () => {
    signInAgent();
    let reachable = true;
    const { calls } = server(1, () => (reachable ? undefined : noConnection()));
    keepMyWorkForOffline();
    startFieldWork();
    await waitFor(async () => expect(await keptDayStatus()).toMatchObject({ action: 1 }));
    reachable = false;
    setOnline(false);
    openMyWork();

    expect(await screen.findByText(new RegExp(`^${ACTIVITY_TEXT.dayRunning} · .* \\(saved on this device\\)$`))).toBeInTheDocument();
    expect(screen.queryByText(ACTIVITY_TEXT.dayStateFailed)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(ACTIVITY_TEXT.stopDay) })).toBeEnabled();

    reachable = true;
    const asked = calls.filter((c) => c.path === '/api/agent/action/latest').length;
    setOnline(true);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/agent/action/latest').length).toBeGreaterThan(asked));
    await waitFor(() => expect(screen.getByText(new RegExp(`^${ACTIVITY_TEXT.dayRunning} · [^(]*$`))).toBeInTheDocument());
  });

  test('offline, starting the day is kept on the device and sent once back online with the time it was started', async () => {
    signInAgent();
    deviceAt(-26.2041, 28.0473, 9);
    let reachable = true;
    const { calls } = server(0, (call) =>
      !reachable
        ? noConnection()
        : call.method === 'POST' && call.path === '/api/agent/action'
          ? ok(action(1), 'Action recorded.')
          : undefined,
    );
    keepMyWorkForOffline();
    startFieldWork();
    await waitFor(async () => expect(await keptDayStatus()).toMatchObject({ action: 0 }));
    reachable = false;
    setOnline(false);
    openMyWork();

    expect(await screen.findByText(`${ACTIVITY_TEXT.dayNotStarted} ${MESSAGES.keptOnDevice}`)).toBeInTheDocument();
    const startedAt = Date.now();
    await typist().click(screen.getByRole('button', { name: new RegExp(ACTIVITY_TEXT.startDay) }));
    expect(await screen.findByText(`${ACTIVITY_TEXT.dayStarted} ${MESSAGES.savedOnDevice}`)).toBeInTheDocument();
    expect(await screen.findByText(new RegExp(`^${ACTIVITY_TEXT.dayRunning} · .* \\(saved on this device\\)$`))).toBeInTheDocument();
    expect(sessionStore.getState().agentOnline).toBe(true);
    expect(agentActions(calls)).toEqual([]);
    expect(fieldSyncStore.getState().waiting).toBe(1);

    reachable = true;
    setOnline(true);
    await waitFor(() => expect(agentActions(calls)).toHaveLength(1));
    const sent = agentActions(calls)[0]!;
    expect(sent.body).toEqual({ action: 1, latitude: -26.2041, longitude: 28.0473, accuracy: 9, actedAt: expect.any(String) });
    expect(Date.parse((sent.body as { actedAt: string }).actedAt)).toBeGreaterThanOrEqual(startedAt - 1_000);
    expect(sent.headers['idempotency-key']).toEqual(expect.any(String));
    await waitFor(() => expect(fieldSyncStore.getState().waiting).toBe(0));
  });

  test("offline, a status change of an activity the device does not hold is refused with the spec's answer", async () => {
    signInAgent();
    server(null);
    keepMyWorkForOffline();
    startFieldWork();
    await waitFor(async () => expect((await keptDay())?.items).toHaveLength(2));
    await expect(
      saveStatusOnDevice({ userId: AGENT_ID, activityId: '40000000-0000-4000-8000-0000000000ff', statusId: STATUS.completed }),
    ).rejects.toThrow(MESSAGES.activityNotFound);
    expect(fieldSyncStore.getState().waiting).toBe(0);
  });

  test('offline before the device ever kept the day, My Work says so', async () => {
    signInAgent();
    server(null, (call) => (call.path === '/api/activities/agent-my-work-activities' ? fail(503, 'UNAVAILABLE', 'Busy.') : undefined));
    startFieldWork();
    setOnline(false);
    openMyWork();
    expect(await screen.findByText(MESSAGES.noKeptDay)).toBeInTheDocument();
  });

  test('filtering by status asks the server again', async () => {
    signInAgent();
    const { calls } = server(null);
    openMyWork();
    await screen.findByRole('list', { name: ACTIVITY_TEXT.activitiesToday });
    openPicker(ACTIVITY_TEXT.filterByStatus);
    await waitFor(() => pickOption('Pending'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/activities/agent-my-work-activities')
          .at(-1)!
          .query.get('status'),
      ).toBe(STATUS.pending),
    );
  });

  test('a failed list shows the failure with a retry', async () => {
    signInAgent();
    let refuse = true;
    server(null, (call) =>
      call.path === '/api/activities/agent-my-work-activities' && refuse ? fail(503, 'UNAVAILABLE', 'The service is busy.') : undefined,
    );
    openMyWork();
    expect(await screen.findByText('The service is busy.')).toBeInTheDocument();
    refuse = false;
    await typist().click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(await screen.findByRole('list', { name: ACTIVITY_TEXT.activitiesToday })).toBeInTheDocument();
  });
});
