/**
 * Test support for the bids and listing screens (imported by *.test.tsx only), over the product's shared
 * page kit: a signed-in bids desk of Meridian Lending, and the rows the screens show.
 */
import type { Bid } from '@meridian/shared/contract/bid';
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import type { User } from '@meridian/shared/contract/user';
import type { VehiclePhoto } from '@meridian/shared/contract/vehicle';
import { repossessionDetails } from './vehicles-test-kit';
import { signInAs } from '@meridian/shared/testing/page-test-kit';
import { fakeUser } from '@meridian/shared/testing/session-fixtures';

export const LENDING_TENANT = '10000000-0000-4000-8000-000000000002';
export const DESK_ID = '20000000-0000-4000-8000-000000000009';
export const REPOSSESSION_ID = '40000000-0000-4000-8000-000000000001';
export const VEHICLE_ID = '50000000-0000-4000-8000-000000000001';

export const desk = (hierarchies: string[] = ['VEHICLES']): User =>
  fakeUser({
    Id: DESK_ID,
    firstName: 'Nomsa',
    lastName: 'Khumalo',
    userName: 'nomsa.khumalo',
    tenantId: LENDING_TENANT,
    roles: [{ Id: 'r-desk', name: 'Recovery desk' }],
    rolepermissions: hierarchies.map((hierarchy) => ({ hierarchy })),
  });
export const signInDesk = (hierarchies?: string[]) => signInAs(desk(hierarchies));

export const bid = (overrides: Partial<Bid> = {}): Bid => ({
  id: '60000000-0000-4000-8000-000000000001',
  repossessionId: REPOSSESSION_ID,
  vehicleId: VEHICLE_ID,
  registrationNumber: 'GP 66 FF 66',
  make: 'Toyota',
  model: 'Hilux',
  bidderName: 'Anna van Wyk',
  bidderContact: 'anna.vanwyk@example.com',
  amountMinor: 41_000_000,
  currency: 'ZAR',
  status: 'received',
  repossessionStatus: 'Listed',
  receivedDate: '2026-11-26T10:00:00.000Z',
  decidedDate: null,
  decidedByUserName: null,
  tenantId: LENDING_TENANT,
  ...overrides,
});

/** The common repossession fixture (vehicles-test-kit) as this kit's screens see it. */
export const repossession = (overrides: Partial<RepossessionDetails> = {}): RepossessionDetails =>
  repossessionDetails({
    id: REPOSSESSION_ID,
    vehicleId: VEHICLE_ID,
    registrationNumber: 'GP 66 FF 66',
    make: 'Toyota',
    status: 'Listed',
    reason: null,
    dateCreated: '2026-11-20T10:00:00.000Z',
    dateModified: '2026-11-25T10:00:00.000Z',
    history: [],
    publicListingKey: 'meridian-lending',
    ...overrides,
  });

export const photo = (n: number, overrides: Partial<VehiclePhoto> = {}): VehiclePhoto => ({
  id: `70000000-0000-4000-8000-00000000000${n}`,
  vehicleId: VEHICLE_ID,
  fileName: `hilux-${n}.jpg`,
  contentType: 'image/jpeg',
  width: 1600,
  height: 1000,
  sizeBytes: 200_000,
  thumbWidth: 320,
  thumbHeight: 200,
  url: `/api/vehicles/${VEHICLE_ID}/photos/p${n}`,
  thumbnailUrl: `/api/vehicles/${VEHICLE_ID}/photos/p${n}/thumbnail`,
  dateCreated: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
