import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import type { GeoCommand, SentCommand } from '@meridian/shared/contract/geo-command';
import {
  DEVICE_A,
  DEVICE_B,
  fail,
  mapItem,
  ok,
  OPERATOR_ID,
  renderTrackingPage,
  resetSession,
  signInOperator,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/tracking-test-kit';
import { TRACKING_TEXT } from '../parts/tracking-text';
import CommandsPage from './commands-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.setTimeout(30_000);

const SENT = '/api/geo/commands/sent';
const SAVED = '/api/geo/commands';
const QUEUED_ID = '70000000-0000-4000-8000-000000000009';
const SAVED_ID = '70000000-0000-4000-8000-000000000001';

const sent = (overrides: Partial<SentCommand> = {}): SentCommand => ({
  id: '70000000-0000-4000-8000-000000000002',
  deviceId: DEVICE_A,
  deviceName: 'Truck 12',
  commandType: 'engineStop',
  attributes: {},
  status: 'answered',
  sentBy: { id: OPERATOR_ID, name: 'Connor Pillay' },
  dateCreated: '2025-03-03T12:00:00.000Z',
  sentAt: '2025-03-03T12:00:01.000Z',
  answeredAt: '2025-03-03T12:00:03.000Z',
  failedAt: null,
  result: 'DOUT1:1 Timeout:INFINITY',
  failure: null,
  ...overrides,
});
const savedCommand: GeoCommand = {
  id: SAVED_ID,
  type: 'command',
  description: 'Ask for its state',
  commandType: 'custom',
  hardwareId: null,
  make: null,
  hardwareModel: null,
  attributes: { data: 'getinfo' },
  tenantId: 't',
  tenantName: 'Meridian Tracking',
  dateCreated: '2025-01-01T00:00:00.000Z',
  dateModified: '2025-01-01T00:00:00.000Z',
};

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === SENT)
      return page([
        sent(),
        sent({
          id: '70000000-0000-4000-8000-000000000003',
          deviceId: DEVICE_B,
          deviceName: 'Van 3',
          commandType: 'custom',
          attributes: { data: 'getinfo' },
          status: 'failed',
          result: null,
          failure: 'The device did not answer within 60 seconds.',
          sentBy: null,
        }),
      ]);
    if (call.method === 'GET' && call.path === SAVED) return page([savedCommand]);
    if (call.method === 'GET' && call.path === '/api/geo/commands/command/all') return ok([savedCommand]);
    if (call.method === 'GET' && call.path === '/api/geo/device-hardware') return page([]);
    if (call.method === 'GET' && call.path === `/api/geo/device/map/${OPERATOR_ID}`)
      return ok([mapItem({ id: DEVICE_A, name: 'Truck 12' }), mapItem({ id: DEVICE_B, name: 'Van 3' })]);
    if (call.method === 'POST' && call.path.startsWith('/api/geo/device/sendCommand/'))
      return {
        ...ok({
          id: QUEUED_ID,
          deviceId: DEVICE_A,
          commandType: 'custom',
          attributes: {},
          userId: OPERATOR_ID,
          dateCreated: '2025-03-03T12:00:00.000Z',
          sentAt: null,
          result: null,
        }),
        status: 202,
      };
    if (call.method === 'POST' && call.path === SAVED) return { ...ok(savedCommand), status: 201 };
    return undefined;
  });
}

beforeEach(() => signInOperator());
afterEach(resetSession);

const renderCommands = (at = '/tracking/commands') => renderTrackingPage(<CommandsPage />, { path: '/tracking/commands', at });

describe('commands', () => {
  test('each sent command shows its state, its answer or why it failed, and who sent it', async () => {
    const { callsTo } = server();
    renderCommands();
    const table = await screen.findByRole('table', { name: TRACKING_TEXT.sentCommands });
    const answered = (await within(table).findByText('Truck 12')).closest('tr')!;
    expect(answered).toHaveTextContent(TRACKING_TEXT.answered);
    expect(answered).toHaveTextContent('DOUT1:1 Timeout:INFINITY');
    expect(answered).toHaveTextContent('Connor Pillay');
    const failed = within(table).getByText('Van 3').closest('tr')!;
    expect(failed).toHaveTextContent(TRACKING_TEXT.failed);
    expect(failed).toHaveTextContent('The device did not answer within 60 seconds.');
    expect(failed).toHaveTextContent(TRACKING_TEXT.byEventAction);
    expect(queryOf(callsTo(SENT)[0]!)).toMatchObject({ sortField: 'dateCreated', sortOrder: 'DESC' });

    openPicker(TRACKING_TEXT.filterByCommandStatus);
    pickOption(TRACKING_TEXT.failed);
    await waitFor(() => expect(queryOf(callsTo(SENT).at(-1)!)).toMatchObject({ status: 'failed' }));
  });

  test('a custom command needs its text before it is sent; sent, it is queued and followed', async () => {
    const { calls, callsTo } = server();
    renderCommands();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: new RegExp(TRACKING_TEXT.sendCommand) }));
    const drawer = await screen.findByRole('dialog');
    openPicker(TRACKING_TEXT.device);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    pickOption('Truck 12');
    await user.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.send }));
    expect(await within(drawer).findByText('A custom command needs its text in attributes.data.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);

    await user.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.commandData }), 'getinfo');
    await user.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.send }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: `/api/geo/device/sendCommand/${DEVICE_A}/custom`,
          body: { attributes: { data: 'getinfo' } },
        }),
      ]),
    );
    expect(await screen.findByText(TRACKING_TEXT.commandQueued)).toBeInTheDocument();
    // The command just sent is looked for in its device's history until it settles.
    await waitFor(() => expect(callsTo(SENT).some((c) => queryOf(c).deviceId === DEVICE_A)).toBe(true), { timeout: 5_000 });
  });

  test("a saved command's send button opens the drawer with it chosen, its type fixed and its text filled in", async () => {
    const { calls } = server();
    renderCommands('/tracking/commands?tab=saved');
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Send Ask for its state' }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.commandData })).toHaveValue('getinfo'));
    openPicker(TRACKING_TEXT.device);
    pickOption('Van 3');
    await user.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.send }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        expect.objectContaining({
          path: `/api/geo/device/sendCommand/${DEVICE_B}/custom`,
          body: { commandId: SAVED_ID, attributes: { data: 'getinfo' } },
        }),
      ]),
    );
  });

  test("the server's refusal lands on the field it names and keeps what was typed", async () => {
    server((call) =>
      call.method === 'POST' && call.path === SAVED
        ? fail(400, 'VALIDATION', 'Check the highlighted fields.', {
            fieldErrors: { description: ['A saved command with this description exists already.'] },
          })
        : undefined,
    );
    renderCommands('/tracking/commands?tab=saved');
    const user = typist();
    await user.click(await screen.findByRole('button', { name: new RegExp(TRACKING_TEXT.newSavedCommand) }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.description }), 'Stop the engine');
    await user.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.commandData }), 'setdigout 1');
    await user.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.saveCommand }));
    expect(await within(drawer).findByText('A saved command with this description exists already.')).toBeInTheDocument();
    expect(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.description })).toHaveValue('Stop the engine');
  });

  test('someone who may not send or edit commands sees no way to', async () => {
    signInOperator(['TRACKING/MAP']);
    server();
    renderCommands('/tracking/commands?tab=saved');
    expect(await screen.findByText('Ask for its state')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(TRACKING_TEXT.sendCommand) })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Ask for its state' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(TRACKING_TEXT.newSavedCommand) })).not.toBeInTheDocument();
  });
});
