import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventAction, EventActionFiring } from '@meridian/shared/contract/event-action';
import type { UserListItem } from '@meridian/shared/contract/user';
import { DEFAULT_TENANT_FORMAT } from '@meridian/shared/format';
import { MESSAGES } from '@meridian/shared/messages';
import { formattersFor } from '@meridian/shared/session/tenant-settings';
import {
  confirmDialog,
  DEVICE_A,
  DEVICE_B,
  fail,
  mapItem,
  ok,
  renderTrackingPage,
  resetSession,
  signInOperator,
  TRACKING_TENANT,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/tracking-test-kit';
import { TRACKING_TEXT } from '../parts/tracking-text';
import EventActionsPage from './event-actions-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.setTimeout(60_000);

const LIST = '/api/geo/eventActions';
const RULE_A = '50000000-0000-4000-8000-00000000000a';
const RULE_B = '50000000-0000-4000-8000-00000000000b';
const FENCE = '60000000-0000-4000-8000-000000000001';
const COMMAND = '70000000-0000-4000-8000-000000000001';
const USER_X = '20000000-0000-4000-8000-0000000000aa';

const rule = (overrides: Partial<EventAction> = {}): EventAction => ({
  id: RULE_A,
  type: 'eventAction',
  name: 'Depot after hours',
  eventType: 'geofenceEnter',
  action: 'notify',
  commandId: null,
  attributes: {},
  eventIoCount: 0,
  ioId: null,
  ioValue: null,
  geofenceId: FENCE,
  timeWindow: { days: [1, 2, 3, 4, 5], start: '18:00', end: '06:00' },
  deviceIds: [DEVICE_A, DEVICE_B],
  assetIds: [],
  notifyUserIds: [USER_X],
  emailAddresses: ['ops@example.com'],
  emailUserIds: [],
  tenantId: TRACKING_TENANT,
  tenantName: 'Meridian Tracking',
  dateCreated: '2025-01-01T00:00:00.000Z',
  dateModified: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const RULES = [
  rule(),
  rule({
    id: RULE_B,
    name: 'Panic stop',
    eventType: 'alarm',
    action: 'command',
    commandId: COMMAND,
    geofenceId: null,
    timeWindow: null,
    ioId: 240,
    ioValue: '1',
    deviceIds: [],
    notifyUserIds: [],
    emailAddresses: [],
  }),
];

const firing = (overrides: Partial<EventActionFiring> = {}): EventActionFiring => ({
  id: 9,
  eventActionId: RULE_A,
  deviceId: DEVICE_A,
  deviceName: 'Truck 12',
  eventId: 5,
  positionId: 77,
  eventType: 'geofenceEnter',
  eventTime: '2025-03-03T11:59:00.000Z',
  firedAt: '2025-03-03T12:00:00.000Z',
  notified: 1,
  mailed: 2,
  commandQueueId: null,
  error: null,
  ...overrides,
});

const user = (overrides: Partial<UserListItem> = {}): UserListItem => ({
  Id: USER_X,
  firstName: 'Sipho',
  lastName: 'Dlamini',
  userName: 'sipho',
  emailAddress: 'sipho@example.com',
  mobile: null,
  tenantId: TRACKING_TENANT,
  tenantName: 'Meridian Tracking',
  lastLoginAt: null,
  dateCreated: '2025-01-01T00:00:00.000Z',
  dateDeleted: null,
  roles: [],
  ...overrides,
});

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === LIST) return page(RULES);
    if (call.method === 'GET' && call.path === '/api/geo/fences') return page([{ id: FENCE, name: 'Main depot' }]);
    if (call.method === 'GET' && call.path === '/api/geo/commands') return page([{ id: COMMAND, description: 'Cut the engine' }]);
    if (call.method === 'GET' && call.path.startsWith('/api/geo/device/map/'))
      return ok([mapItem(), mapItem({ id: DEVICE_B, name: 'Van 3' })]);
    if (call.method === 'GET' && call.path === '/api/users') return page([user()]);
    if (call.method === 'GET' && call.path === `/api/users/${USER_X}`) return ok(user());
    if (call.method === 'GET' && call.path === `${LIST}/${RULE_A}/firings`)
      return page([firing(), firing({ id: 8, deviceName: 'Van 3', commandQueueId: COMMAND, error: 'No saved command any more.' })], 141);
    if (call.method === 'POST' && call.path === LIST) return { ...ok(rule(call.body as Partial<EventAction>)), status: 201 };
    if (call.method === 'DELETE' && call.path === `${LIST}/${RULE_A}`) return ok(null);
    return undefined;
  });
}

afterEach(resetSession);

const renderRules = () => renderTrackingPage(<EventActionsPage />, { path: '/tracking/event-actions', at: '/tracking/event-actions' });

async function openNewRule() {
  const typing = typist();
  await typing.click(await screen.findByRole('button', { name: new RegExp(TRACKING_TEXT.newEventAction) }));
  return { typing, drawer: await screen.findByRole('dialog') };
}

describe('event actions', () => {
  test('the table says what each rule waits for, under which conditions, and what it does', async () => {
    signInOperator();
    const { callsTo } = server();
    renderRules();
    const table = await screen.findByRole('table', { name: TRACKING_TEXT.eventActions });
    const depot = (await within(table).findByText('Depot after hours')).closest('tr')!;
    expect(depot).toHaveTextContent('Geofence enter');
    await waitFor(() => expect(depot).toHaveTextContent('At Main depot · Mon–Fri 18:00–06:00'));
    expect(depot).toHaveTextContent('Notify 1 user · E-mail 1');
    expect(depot).toHaveTextContent('2 devices');
    const panic = within(table).getByText('Panic stop').closest('tr')!;
    expect(panic).toHaveTextContent('IO 240 = 1');
    await waitFor(() => expect(panic).toHaveTextContent("Send 'Cut the engine' · Notify in the app"));
    expect(panic).toHaveTextContent(TRACKING_TEXT.anyDevice);
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ sortField: 'name', sortOrder: 'DESC', page: '1' });
  });

  test('a new rule is sent with its event, devices, window, users and addresses as the contract has them', async () => {
    signInOperator(['TRACKING', 'ADMIN/USERS']);
    const { calls, callsTo } = server();
    renderRules();
    const { typing, drawer } = await openNewRule();
    await typing.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.ruleName }), 'Night moves');
    openPicker(TRACKING_TEXT.eventType);
    pickOption('Moving');
    openPicker(TRACKING_TEXT.ruleDevices);
    await waitFor(() => pickOption('Van 3'));
    await typing.click(within(drawer).getByRole('switch', { name: TRACKING_TEXT.timeWindowOn }));
    const start = within(drawer).getByRole('textbox', { name: TRACKING_TEXT.windowStart });
    await typing.clear(start);
    await typing.type(start, '20:00');
    const end = within(drawer).getByRole('textbox', { name: TRACKING_TEXT.windowEnd });
    await typing.clear(end);
    await typing.type(end, '05:30');
    await typing.click(within(drawer).getByRole('checkbox', { name: 'Sat' }));
    openPicker(TRACKING_TEXT.notifyUsers);
    await waitFor(() => expect(callsTo('/api/users').length).toBeGreaterThan(0));
    await waitFor(() => pickOption('Sipho Dlamini · sipho@example.com'));
    const addresses = within(drawer).getByRole('combobox', { name: TRACKING_TEXT.emailAddresses });
    // A typed address becomes a tag when the field is left (Enter does too in a browser; jsdom's key events lack rc-select's keyCode).
    await typing.type(addresses, 'night@example.com');
    await typing.tab();
    await typing.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.createEventAction }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', path: LIST });
    expect(writes(calls)[0]!.body).toEqual({
      name: 'Night moves',
      eventType: 'deviceMoving',
      action: 'notify',
      commandId: null,
      attributes: {},
      ioId: null,
      ioValue: null,
      geofenceId: null,
      timeWindow: { days: [1, 2, 3, 4, 5, 6], start: '20:00', end: '05:30' },
      deviceIds: [DEVICE_B],
      assetIds: [],
      notifyUserIds: [USER_X],
      emailAddresses: ['night@example.com'],
      emailUserIds: [],
    });
    expect(await screen.findByText(TRACKING_TEXT.eventActionCreated)).toBeInTheDocument();
  });

  test('the form says what is wrong as the user types, and a command rule needs its command', async () => {
    signInOperator();
    const { calls } = server();
    renderRules();
    const { typing, drawer } = await openNewRule();
    await typing.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.ruleName }), 'Door open');
    openPicker(TRACKING_TEXT.eventType);
    pickOption('Alarm');
    // The contract checks how fields go together once each field is good on its own.
    await typing.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.ioValue }), 'on');
    expect(await within(drawer).findByText('An IO value needs the IO id it is read from.')).toBeInTheDocument();
    await typing.type(within(drawer).getByRole('spinbutton', { name: TRACKING_TEXT.ioId }), '70000');
    expect(await within(drawer).findByText('An IO id is between 0 and 65535.')).toBeInTheDocument();
    await typing.type(within(drawer).getByRole('combobox', { name: TRACKING_TEXT.emailAddresses }), 'ops.example.com');
    await typing.tab();
    expect(await within(drawer).findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    openPicker(TRACKING_TEXT.actionKind);
    pickOption(TRACKING_TEXT.actionCommand);
    await typing.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.createEventAction }));
    expect(await within(drawer).findByText('A command action needs the saved command it sends.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test('a field the server refuses shows its words on that field, and what was typed stays', async () => {
    signInOperator();
    server((call) =>
      call.method === 'POST' && call.path === LIST
        ? fail(400, 'VALIDATION_FAILED', 'Check the marked fields.', { fieldErrors: { deviceIds: ['A device is not one of yours.'] } })
        : undefined,
    );
    renderRules();
    const { typing, drawer } = await openNewRule();
    await typing.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.ruleName }), 'Ignition');
    openPicker(TRACKING_TEXT.eventType);
    pickOption('Ignition on');
    await typing.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.createEventAction }));
    const refusal = await within(drawer).findByText('A device is not one of yours.');
    expect(refusal.closest('.ant-form-item')).toHaveTextContent(TRACKING_TEXT.ruleDevices);
    expect(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.ruleName })).toHaveValue('Ignition');
  });

  test('who keeps rules but may not read users edits the rest, and keeps the users the rule had', async () => {
    signInOperator(['TRACKING/EVENTS']);
    const { calls, callsTo } = server((call) =>
      call.method === 'PUT' && call.path === `${LIST}/${RULE_A}` ? ok(rule(call.body as Partial<EventAction>)) : undefined,
    );
    renderRules();
    const typing = typist();
    await typing.click(await screen.findByRole('button', { name: 'Edit Depot after hours' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(TRACKING_TEXT.usersUnreadable)).toBeInTheDocument();
    expect(within(drawer).queryByRole('combobox', { name: TRACKING_TEXT.notifyUsers })).not.toBeInTheDocument();
    // The keepers of rules read fences and saved commands (a rule names them): only the users stay out of reach.
    expect(within(drawer).getByRole('combobox', { name: TRACKING_TEXT.geofence })).toBeEnabled();
    await typing.click(within(drawer).getByRole('button', { name: MESSAGES.save }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ notifyUserIds: [USER_X], emailAddresses: ['ops@example.com'], geofenceId: FENCE });
    expect(callsTo('/api/users')).toHaveLength(0);
  });

  test('an edited rule names the users it already tells, though no search has found them', async () => {
    signInOperator(['TRACKING', 'ADMIN/USERS']);
    const { callsTo } = server((call) => (call.method === 'GET' && call.path === '/api/users' ? page([]) : undefined));
    renderRules();
    const typing = typist();
    await typing.click(await screen.findByRole('button', { name: 'Edit Depot after hours' }));
    const drawer = await screen.findByRole('dialog');
    const notify = within(drawer).getByRole('combobox', { name: TRACKING_TEXT.notifyUsers }).closest('.ant-select')!;
    await waitFor(() => expect(notify).toHaveTextContent('Sipho Dlamini · sipho@example.com'));
    expect(callsTo(`/api/users/${USER_X}`)).toHaveLength(1);
  });

  test('delete asks first, then removes the rule', async () => {
    signInOperator();
    const { calls } = server();
    renderRules();
    const typing = typist();
    await typing.click(await screen.findByRole('button', { name: 'Delete Depot after hours' }));
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    expect(writes(calls)).toHaveLength(0);
    await typing.click(within(confirmDialog()!).getByRole('button', { name: MESSAGES.deleteAction }));
    await waitFor(() => expect(writes(calls)).toEqual([expect.objectContaining({ method: 'DELETE', path: `${LIST}/${RULE_A}` })]));
  });

  test('someone who may not change rules sees them and their firings, but no way to change them', async () => {
    signInOperator(['TRACKING/MAP']);
    server();
    renderRules();
    expect(await screen.findByText('Depot after hours')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Firings of Depot after hours' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(TRACKING_TEXT.newEventAction) })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Depot after hours' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Depot after hours' })).not.toBeInTheDocument();
  });

  test("a rule's firings list newest first, at the tenant's time, with what each one did", async () => {
    signInOperator();
    const { callsTo } = server();
    renderRules();
    fireEvent.click(await screen.findByRole('button', { name: 'Firings of Depot after hours' }));
    const drawer = await screen.findByRole('dialog');
    const table = await within(drawer).findByRole('table', { name: TRACKING_TEXT.firings });
    const first = (await within(table).findByText('Truck 12')).closest('tr')!;
    expect(first).toHaveTextContent(formattersFor(DEFAULT_TENANT_FORMAT).moment('2025-03-03T12:00:00.000Z'));
    expect(first).toHaveTextContent('Geofence enter');
    expect(first).toHaveTextContent(TRACKING_TEXT.no);
    const second = within(table).getByText('Van 3').closest('tr')!;
    expect(second).toHaveTextContent(TRACKING_TEXT.yes);
    expect(second).toHaveTextContent('No saved command any more.');
    expect(queryOf(callsTo(`${LIST}/${RULE_A}/firings`)[0]!)).toMatchObject({ sortField: 'firedAt', sortOrder: 'DESC', page: '1' });
    expect(within(drawer).queryByRole('searchbox')).not.toBeInTheDocument();

    // Paged on the server; closing forgets the page, so the next look starts at the newest again.
    fireEvent.click(within(drawer).getByTitle('2'));
    await waitFor(() => expect(queryOf(callsTo(`${LIST}/${RULE_A}/firings`).at(-1)!)).toMatchObject({ page: '2' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Firings of Depot after hours' }));
    await waitFor(() => expect(callsTo(`${LIST}/${RULE_A}/firings`)).toHaveLength(3));
    expect(queryOf(callsTo(`${LIST}/${RULE_A}/firings`).at(-1)!)).toMatchObject({ page: '1', sortField: 'firedAt' });
  });
});
