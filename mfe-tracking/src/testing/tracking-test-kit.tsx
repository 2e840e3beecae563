/**
 * Test support for the tracking screens (imported by *.test.tsx only), over the product's shared page
 * kit: a signed-in tracking operator, list envelopes with paging, a fake server that makes unexpected
 * calls visible, the realtime socket's events played by the test, and a stand-in for Leaflet's map.
 */
import type { GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';
import type { User } from '@meridian/shared/contract/user';
import { signInAs } from '@meridian/shared/testing/page-test-kit';
import { fakeUser } from '@meridian/shared/testing/session-fixtures';

export {
  confirmDialog,
  fail,
  ok,
  renderAppPage as renderTrackingPage,
  resetSession,
  setOnline,
  typist,
  type FakeCall,
  type FakeReply,
} from '@meridian/shared/testing/page-test-kit';

export const TRACKING_TENANT = '10000000-0000-4000-8000-000000000003';
export const OPERATOR_ID = '20000000-0000-4000-8000-000000000003';

/** The tracking company's administrator, holding the whole tracking area unless told otherwise. */
export const operator = (hierarchies: string[] = ['TRACKING']): User =>
  fakeUser({
    Id: OPERATOR_ID,
    firstName: 'Amina',
    lastName: 'Naidoo',
    userName: 'amina.naidoo',
    tenantId: TRACKING_TENANT,
    roles: [{ Id: 'r-admin', name: 'Admin' }],
    rolepermissions: hierarchies.map((hierarchy) => ({ hierarchy })),
  });

export const signInOperator = (hierarchies?: string[]) => signInAs(operator(hierarchies));

// ---------------------------------------------------------------------------------------------
// Devices

export const DEVICE_A = '30000000-0000-4000-8000-00000000000a';
export const DEVICE_B = '30000000-0000-4000-8000-00000000000b';
export const DEVICE_C = '30000000-0000-4000-8000-00000000000c';

export const mapItem = (overrides: Partial<GeoDeviceMapItem> = {}): GeoDeviceMapItem => ({
  id: DEVICE_A,
  name: 'Truck 12',
  uniqueId: '356307042441013',
  status: 'online',
  category: 'truck',
  lastUpdate: '2025-03-03T12:00:00.000Z',
  latitude: -26.1,
  longitude: 28.1,
  speed: 20,
  course: 90,
  fixTime: '2025-03-03T12:00:00.000Z',
  attributes: { ignition: true, motion: true },
  ...overrides,
});

// The realtime socket: the test plays the server's events (shared/testing/fake-realtime).
export { fakeRealtimeModule, serverSends, subscribers } from '@meridian/shared/testing/fake-realtime';
