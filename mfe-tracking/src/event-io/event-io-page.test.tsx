import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import type { EventIo } from '@meridian/shared/contract/event-io';
import { MESSAGES } from '@meridian/shared/messages';
import {
  confirmDialog,
  fail,
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
import EventIoPage from './event-io-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.setTimeout(60_000);

const LIST = '/api/geo/eventIos';
const IO_A = '80000000-0000-4000-8000-00000000000a';
const RULE = '50000000-0000-4000-8000-00000000000a';
const FMB920 = '40000000-0000-4000-8000-000000000002';

const entry = (overrides: Partial<EventIo> = {}): EventIo => ({
  id: IO_A,
  hardwareId: FMB920,
  make: 'Teltonika',
  hardwareModel: 'FMB920',
  ioId: 239,
  name: 'Ignition input',
  attribute: 'ignition',
  eventType: 'ignitionOn',
  eventActionId: RULE,
  eventActionName: 'Depot after hours',
  tenantId: TRACKING_TENANT,
  tenantName: 'Meridian Tracking',
  dateCreated: '2025-01-01T00:00:00.000Z',
  dateModified: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === LIST)
      return page([
        entry(),
        entry({
          id: 'b',
          ioId: 66,
          name: 'External voltage',
          attribute: 'power',
          hardwareId: null,
          make: null,
          hardwareModel: null,
          eventType: null,
          eventActionId: null,
          eventActionName: null,
        }),
      ]);
    if (call.method === 'GET' && call.path === '/api/geo/device-hardware')
      return page([
        {
          id: FMB920,
          make: 'Teltonika',
          model: 'FMB920',
          protocol: 'teltonika',
          description: null,
          dateCreated: '2025-01-01T00:00:00.000Z',
        },
      ]);
    if (call.method === 'GET' && call.path === '/api/geo/eventActions') return page([{ id: RULE, name: 'Depot after hours' }]);
    if (call.method === 'POST' && call.path === LIST) return { ...ok(entry(call.body as Partial<EventIo>)), status: 201 };
    if (call.method === 'DELETE' && call.path === `${LIST}/${IO_A}`) return ok(null);
    return undefined;
  });
}

afterEach(resetSession);

const renderEventIo = () => renderTrackingPage(<EventIoPage />, { path: '/tracking/event-io', at: '/tracking/event-io' });

async function openNewEntry() {
  const typing = typist();
  await typing.click(await screen.findByRole('button', { name: new RegExp(TRACKING_TEXT.newEventIo) }));
  return { typing, drawer: await screen.findByRole('dialog') };
}

describe('event IO', () => {
  test('the table shows each entry with its IO id, attribute, hardware, event and linked action', async () => {
    signInOperator();
    const { callsTo } = server();
    renderEventIo();
    const table = await screen.findByRole('table', { name: TRACKING_TEXT.eventIo });
    const ignition = (await within(table).findByText('Ignition input')).closest('tr')!;
    expect(ignition).toHaveTextContent('239');
    expect(ignition).toHaveTextContent('ignition');
    expect(ignition).toHaveTextContent('Teltonika FMB920');
    expect(ignition).toHaveTextContent('Ignition on');
    expect(ignition).toHaveTextContent('Depot after hours');
    const power = within(table).getByText('External voltage').closest('tr')!;
    expect(power).toHaveTextContent(TRACKING_TEXT.anyHardware);
    expect(power).toHaveTextContent(TRACKING_TEXT.noLinkedAction);
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ sortField: 'name', sortOrder: 'DESC', page: '1' });
  });

  test('a new entry is sent with its IO id, attribute, hardware, event and action', async () => {
    signInOperator();
    const { calls } = server();
    renderEventIo();
    const { typing, drawer } = await openNewEntry();
    await typing.type(within(drawer).getByRole('spinbutton', { name: TRACKING_TEXT.ioId }), '240');
    await typing.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.ioName }), 'Movement');
    await typing.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.attribute }), 'motion');
    openPicker(TRACKING_TEXT.hardware);
    await waitFor(() => pickOption('Teltonika FMB920'));
    openPicker(TRACKING_TEXT.eventType);
    pickOption('Moving');
    openPicker(TRACKING_TEXT.linkedAction);
    await waitFor(() => pickOption('Depot after hours'));
    await typing.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.createEventIo }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', path: LIST });
    expect(writes(calls)[0]!.body).toEqual({
      hardwareId: FMB920,
      ioId: 240,
      name: 'Movement',
      attribute: 'motion',
      eventType: 'deviceMoving',
      eventActionId: RULE,
    });
    expect(await screen.findByText(TRACKING_TEXT.eventIoCreated)).toBeInTheDocument();
  });

  test('an attribute the contract refuses is said as it is typed, and nothing is sent', async () => {
    signInOperator();
    const { calls } = server();
    renderEventIo();
    const { typing, drawer } = await openNewEntry();
    await typing.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.attribute }), '9volts');
    expect(
      await within(drawer).findByText('An attribute name starts with a letter and uses letters, digits and underscores.'),
    ).toBeInTheDocument();
    await typing.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.createEventIo }));
    expect(await within(drawer).findByText('An IO id is a whole number.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test('a field the server refuses shows its words on that field', async () => {
    signInOperator();
    server((call) =>
      call.method === 'POST' && call.path === LIST
        ? fail(400, 'VALIDATION_FAILED', 'Check the marked fields.', { fieldErrors: { ioId: ['This hardware already names IO 240.'] } })
        : undefined,
    );
    renderEventIo();
    const { typing, drawer } = await openNewEntry();
    await typing.type(within(drawer).getByRole('spinbutton', { name: TRACKING_TEXT.ioId }), '240');
    await typing.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.ioName }), 'Movement');
    await typing.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.attribute }), 'motion');
    await typing.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.createEventIo }));
    const refusal = await within(drawer).findByText('This hardware already names IO 240.');
    expect(refusal.closest('.ant-form-item')).toHaveTextContent(TRACKING_TEXT.ioId);
  });

  test('delete asks first, then removes the entry', async () => {
    signInOperator();
    const { calls } = server();
    renderEventIo();
    const typing = typist();
    await typing.click(await screen.findByRole('button', { name: 'Delete Ignition input' }));
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    expect(writes(calls)).toHaveLength(0);
    await typing.click(within(confirmDialog()!).getByRole('button', { name: MESSAGES.deleteAction }));
    await waitFor(() => expect(writes(calls)).toEqual([expect.objectContaining({ method: 'DELETE', path: `${LIST}/${IO_A}` })]));
  });

  test('someone who may not change event IO sees no way to change it', async () => {
    signInOperator(['TRACKING/MAP']);
    server();
    renderEventIo();
    expect(await screen.findByText('Ignition input')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(TRACKING_TEXT.newEventIo) })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Ignition input' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Ignition input' })).not.toBeInTheDocument();
  });
});
