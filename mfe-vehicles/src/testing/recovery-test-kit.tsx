/**
 * Test support for the recovery screens (imported by *.test.tsx only), over the product's shared page kit:
 * a signed-in member of the collections desk (the whole vehicles area) or a field spotter, and fixtures.
 */
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import type { WantedVehicle } from '@meridian/shared/contract/sighting';
import type { Spotter } from '@meridian/shared/contract/spotter';
import type { ThirdParty } from '@meridian/shared/contract/third-party';
import { fail, fakeServer, signInAs, type FakeCall, type FakeReply } from '@meridian/shared/testing/page-test-kit';
import { fakeUser } from '@meridian/shared/testing/session-fixtures';
import { repossessionDetails } from './vehicles-test-kit';

export const LENDING_TENANT = '10000000-0000-4000-8000-000000000002';
export const REPOSSESSION_ID = '40000000-0000-4000-8000-000000000001';
export const SPOTTER_ID = '50000000-0000-4000-8000-000000000001';
export const THIRD_PARTY_ID = '60000000-0000-4000-8000-000000000001';

export const signInStaff = (hierarchies: string[] = ['VEHICLES']) =>
  signInAs(
    fakeUser({
      Id: '20000000-0000-4000-8000-000000000002',
      firstName: 'Carla',
      lastName: 'Mokoena',
      tenantId: LENDING_TENANT,
      roles: [{ Id: 'r-collections', name: 'Collections' }],
      rolepermissions: hierarchies.map((hierarchy) => ({ hierarchy })),
    }),
  );

export const signInFieldSpotter = () =>
  signInAs(
    fakeUser({
      Id: '20000000-0000-4000-8000-000000000009',
      firstName: 'Sipho',
      lastName: 'Dlamini',
      tenantId: LENDING_TENANT,
      roles: [{ Id: 'r-spotter', name: 'Spotter' }],
      rolepermissions: [{ hierarchy: 'VEHICLES/SIGHTINGS' }],
    }),
  );

/** The common repossession fixture (vehicles-test-kit) as this kit's screens see it. */
export const repossession = (overrides: Partial<RepossessionDetails> = {}): RepossessionDetails =>
  repossessionDetails({
    id: REPOSSESSION_ID,
    vehicleId: '30000000-0000-4000-8000-000000000001',
    registrationNumber: 'GP 22 BB 22',
    make: 'Volkswagen',
    status: 'New',
    reason: 'Arrears',
    dateCreated: '2026-11-01T08:00:00.000Z',
    dateModified: '2026-11-01T08:00:00.000Z',
    history: [],
    ...overrides,
  });

/** What a spotter and a third party hold alike, as a new active one of the lender with nothing open. */
const recoveryParty = {
  mobile: null,
  email: null,
  notes: null,
  active: true,
  openDispatches: 0,
  tenantId: LENDING_TENANT,
  dateCreated: '2026-11-01T08:00:00.000Z',
  dateModified: '2026-11-01T08:00:00.000Z',
} as const;

export const spotter = (overrides: Partial<Spotter> = {}): Spotter => ({
  ...recoveryParty,
  id: SPOTTER_ID,
  name: 'Sipho Dlamini',
  mobile: '0829990001',
  userId: null,
  userName: null,
  ...overrides,
});

export const thirdParty = (overrides: Partial<ThirdParty> = {}): ThirdParty => ({
  ...recoveryParty,
  id: THIRD_PARTY_ID,
  name: 'Rapid Recoveries (Pty) Ltd',
  contactName: 'Johan Botha',
  ...overrides,
});

export const wantedVehicle = (overrides: Partial<WantedVehicle> = {}): WantedVehicle => ({
  repossessionId: REPOSSESSION_ID,
  registrationNumber: 'GP 22 BB 22',
  make: 'Volkswagen',
  model: 'Polo',
  colour: 'Silver',
  year: 2020,
  photoUrl: null,
  reward: { amountMinor: 500_000, currency: 'ZAR' },
  dispatchedToMe: true,
  published: false,
  ...overrides,
});

/** The shared fake server, with the tenant's settings left to their defaults (a 404 the kit turns into them). */
export const recoveryServer = (answer: (call: FakeCall) => FakeReply | undefined) =>
  fakeServer((call) => answer(call) ?? (call.path.endsWith('/api/config/client') ? fail(404, 'NOT_FOUND', 'none') : undefined));
