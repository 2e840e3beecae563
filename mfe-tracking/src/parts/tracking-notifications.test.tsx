import { act, waitFor } from '@testing-library/react';
import type { TrackingNotification } from '@meridian/shared/contract/tracking-live';
import { fakeFetch } from '@meridian/shared/testing/page-test-kit';
import { renderTrackingPage, resetSession, serverSends, signInOperator, DEVICE_B } from '../testing/tracking-test-kit';
import { TrackingNotifications } from './tracking-notifications';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());

beforeEach(() => signInOperator());
afterEach(resetSession);

const crossing = (i: number): TrackingNotification => ({
  Id: `80000000-0000-4000-8000-00000000002${i}`,
  tenantId: 't',
  deviceId: DEVICE_B,
  itemType: 'geofenceExit',
  message: `Van ${i}: left the depot`,
  messageData: { deviceId: DEVICE_B, deviceName: `Van ${i}`, eventId: i, positionId: i, time: '2025-03-03T11:00:00.000Z', icon: 'GE' },
  dateCreated: '2025-03-03T11:00:00.000Z',
});

const shownIn = (placement: string) => document.querySelectorAll(`.ant-notification-${placement} [data-testid="tracking-notification"]`);

describe('tracking notifications as they arrive', () => {
  test('a burst shows the three newest, at the bottom left, clear of the top bar and the panel on the right', async () => {
    // The tenant's formats are the defaults: nothing else is asked.
    fakeFetch(() => ({ status: 404, body: null }));
    renderTrackingPage(<TrackingNotifications />, { path: '/tracking/map', at: '/tracking/map' });
    act(() => {
      for (let i = 0; i < 6; i++) serverSends('tracking:notification', crossing(i));
    });
    await waitFor(() => expect(shownIn('bottomLeft')).toHaveLength(3));
    expect(shownIn('topRight')).toHaveLength(0);
    const shown = [...shownIn('bottomLeft')].map((n) => n.getAttribute('aria-label'));
    expect(shown.join(' ')).toContain('Van 5: left the depot');
    expect(shown.join(' ')).not.toContain('Van 0: left the depot');
  });
});
