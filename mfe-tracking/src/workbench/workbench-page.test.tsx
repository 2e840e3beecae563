import { fakeServer, page, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import type { Workbench } from '@meridian/shared/contract/workbench';
import {
  DEVICE_A,
  DEVICE_B,
  ok,
  renderTrackingPage,
  resetSession,
  serverSends,
  signInOperator,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/tracking-test-kit';
import { TRACKING_TEXT } from '../parts/tracking-text';
import WorkbenchPage from './workbench-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.setTimeout(30_000);

const WORKBENCH = '/api/geo/workbench';
const ASSET = '80000000-0000-4000-8000-000000000001';
const CRASH = '80000000-0000-4000-8000-000000000002';
const ALARM = '80000000-0000-4000-8000-000000000003';

const summary = (overrides: Partial<Workbench> = {}): Workbench => ({
  offlineMinutes: 60,
  offline: {
    count: 14,
    items: [
      {
        deviceId: DEVICE_A,
        deviceName: 'Truck 12',
        assetId: ASSET,
        assetName: 'ND 123-456 Hino 300',
        lastUpdate: '2025-03-03T09:00:00.000Z',
      },
    ],
  },
  openCrashes: {
    count: 1,
    items: [
      {
        id: CRASH,
        deviceId: DEVICE_A,
        deviceName: 'Truck 12',
        assetId: ASSET,
        assetName: 'ND 123-456 Hino 300',
        kind: 'accident',
        occurredAt: '2025-03-03T10:00:00.000Z',
      },
    ],
  },
  unreadAlarms: {
    count: 1,
    items: [
      {
        id: ALARM,
        deviceId: DEVICE_B,
        deviceName: 'Van 3',
        message: 'Van 3: Alarm sos',
        alarm: 'sos',
        dateCreated: '2025-03-03T11:00:00.000Z',
      },
    ],
  },
  outsideZones: { count: 0, items: [] },
  ...overrides,
});

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === WORKBENCH) return ok(summary());
    if (call.method === 'POST' && call.path === '/api/geo/notifications/read') return ok({ marked: 1 });
    if (call.method === 'GET' && call.path.startsWith('/api/geo/crash-event/')) return page([], 0, 1, 100);
    return undefined;
  });
}

beforeEach(() => signInOperator());
afterEach(resetSession);

const renderWorkbench = (at = '/tracking/workbench') => renderTrackingPage(<WorkbenchPage />, { path: '/tracking/workbench', at });

describe('workbench', () => {
  test('each part says how many and shows the first to act on, with the way to act', async () => {
    server();
    renderWorkbench();
    const silent = await screen.findByRole('region', { name: TRACKING_TEXT.offlineTooLong });
    expect(within(silent).getByRole('link', { name: 'ND 123-456 Hino 300' })).toHaveAttribute('href', `/tracking/assets/${ASSET}`);
    expect(within(silent).getByRole('link', { name: 'Truck 12 on the map' })).toHaveAttribute('href', `/tracking/map?device=${DEVICE_A}`);
    expect(within(silent).getByText('and 13 more')).toBeInTheDocument();
    const crashes = screen.getByRole('region', { name: TRACKING_TEXT.openCrashes });
    expect(within(crashes).getByText(`${TRACKING_TEXT.accident}: ND 123-456 Hino 300`)).toBeInTheDocument();
    expect(within(crashes).getByRole('link', { name: TRACKING_TEXT.review })).toHaveAttribute(
      'href',
      `/tracking/assets/${ASSET}?tab=crash`,
    );
    const alarms = screen.getByRole('region', { name: TRACKING_TEXT.unreadAlarms });
    expect(within(alarms).getByRole('link', { name: TRACKING_TEXT.allAlarms })).toHaveAttribute(
      'href',
      '/tracking/notifications?type=alarm&unread=true',
    );
    expect(
      within(screen.getByRole('region', { name: TRACKING_TEXT.outsideZones })).getByText(TRACKING_TEXT.nothingOutside),
    ).toBeInTheDocument();
  });

  test("below the parts, the fleet's crashes are listed by state, for every asset", async () => {
    const { callsTo } = server();
    renderWorkbench();
    expect(await screen.findByRole('region', { name: TRACKING_TEXT.allCrashes })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/api/geo/crash-event/00000000-0000-0000-0000-000000000000/NEW')).toHaveLength(1));
  });

  test('a longer silence is asked of the server', async () => {
    const { callsTo } = server();
    renderWorkbench();
    await screen.findByRole('region', { name: TRACKING_TEXT.offlineTooLong });
    expect(queryOf(callsTo(WORKBENCH)[0]!)).toMatchObject({ offlineMinutes: '60' });
    await typist().click(screen.getByText('24 h'));
    await waitFor(() => expect(queryOf(callsTo(WORKBENCH).at(-1)!)).toMatchObject({ offlineMinutes: '1440' }));
  });

  test('an alarm is marked read from here, and the workbench is read again', async () => {
    const { calls, callsTo } = server();
    renderWorkbench();
    const alarms = await screen.findByRole('region', { name: TRACKING_TEXT.unreadAlarms });
    await typist().click(within(alarms).getByRole('button', { name: `${TRACKING_TEXT.markRead}: Van 3: Alarm sos` }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([expect.objectContaining({ path: '/api/geo/notifications/read', body: { ids: [ALARM] } })]),
    );
    await waitFor(() => expect(callsTo(WORKBENCH)).toHaveLength(2));
  });

  test('a tracking notification arriving reads the workbench again soon, once for a burst', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { callsTo } = server();
      renderWorkbench();
      await screen.findByRole('region', { name: TRACKING_TEXT.unreadAlarms });
      for (let i = 0; i < 3; i++)
        serverSends('tracking:notification', {
          Id: `80000000-0000-4000-8000-00000000001${i}`,
          tenantId: 't',
          deviceId: DEVICE_B,
          itemType: 'alarm',
          message: 'Van 3: Alarm sos',
          messageData: { deviceId: DEVICE_B, deviceName: 'Van 3', eventId: 1, positionId: 1, time: '2025-03-03T11:00:00.000Z', icon: 'AL' },
          dateCreated: '2025-03-03T11:00:00.000Z',
        });
      jest.advanceTimersByTime(2_500);
      await waitFor(() => expect(callsTo(WORKBENCH)).toHaveLength(2));
    } finally {
      jest.useRealTimers();
    }
  });

  test('a failure to load is said, with a way to try again', async () => {
    server((call) =>
      call.path === WORKBENCH
        ? { status: 503, body: { result: { success: false, message: 'Unavailable', code: 'SERVER_ERROR' }, data: null } }
        : undefined,
    );
    renderWorkbench();
    expect(await screen.findByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });
});
