/**
 * Test support for the vehicles screens (imported by *.test.tsx only), over the product's shared page
 * kit: a signed-in lender's vehicles manager, and records as the API answers them.
 */
import type { Bluebook } from '@meridian/shared/contract/bluebook';
import type { Repossession, RepossessionDetails } from '@meridian/shared/contract/repossession';
import type { Vehicle, VehicleDetails } from '@meridian/shared/contract/vehicle';
import type { User } from '@meridian/shared/contract/user';
import { signInAs } from '@meridian/shared/testing/page-test-kit';
import { fakeUser } from '@meridian/shared/testing/session-fixtures';

export {
  confirmDialog,
  fail,
  fakeServer,
  ok,
  openPicker,
  page,
  pickOption,
  queryOf,
  renderAppPage as renderVehiclesPage,
  resetSession,
  setOnline,
  typist,
  writes,
  type FakeCall,
  type FakeReply,
} from '@meridian/shared/testing/page-test-kit';

export const LENDING_TENANT = '10000000-0000-4000-8000-000000000002';
export const MANAGER_ID = '20000000-0000-4000-8000-000000000002';
export const VEHICLE_ID = '40000000-0000-4000-8000-000000000001';
export const REPOSSESSION_ID = '50000000-0000-4000-8000-000000000001';
export const FEATURE_ID = '60000000-0000-4000-8000-000000000001';
export const ATTRIBUTE_ID = '70000000-0000-4000-8000-000000000001';
export const CATEGORY_ID = '80000000-0000-4000-8000-000000000001';

/** The lender's vehicles manager, holding the whole vehicles area unless told otherwise. */
export const manager = (hierarchies: string[] = ['VEHICLES']): User =>
  fakeUser({
    Id: MANAGER_ID,
    firstName: 'Thandi',
    lastName: 'Mokoena',
    userName: 'thandi.mokoena',
    tenantId: LENDING_TENANT,
    roles: [{ Id: 'r-admin', name: 'Admin' }],
    rolepermissions: hierarchies.map((hierarchy) => ({ hierarchy })),
  });

export const signInManager = (hierarchies?: string[]) => signInAs(manager(hierarchies));

export const vehicle = (overrides: Partial<Vehicle> = {}): Vehicle => ({
  id: VEHICLE_ID,
  registrationNumber: 'GP 11 AA 11',
  engineNumber: 'ENG-1',
  vehicleIdentificationNumber: 'AHT00000000100001',
  make: 'Toyota',
  model: 'Corolla',
  year: 2019,
  colour: 'White',
  status: 'active',
  categoryId: null,
  categoryName: null,
  assetId: null,
  tenantId: LENDING_TENANT,
  dateCreated: '2025-03-03T10:00:00.000Z',
  dateModified: '2025-03-03T10:00:00.000Z',
  ...overrides,
});

export const vehicleDetails = (overrides: Partial<VehicleDetails> = {}): VehicleDetails => ({
  ...vehicle(),
  latestPosition: null,
  bluebook: null,
  photos: [],
  features: [],
  attributes: [],
  ...overrides,
});

export const REFERENCES = {
  features: [{ id: FEATURE_ID, name: 'Tow bar', tenantId: LENDING_TENANT }],
  attributes: [{ id: ATTRIBUTE_ID, name: 'Condition', tenantId: LENDING_TENANT }],
  categories: [{ id: CATEGORY_ID, name: 'Sedan', tenantId: LENDING_TENANT }],
};

export const repossession = (overrides: Partial<Repossession> = {}): Repossession => ({
  id: REPOSSESSION_ID,
  vehicleId: VEHICLE_ID,
  registrationNumber: 'GP 11 AA 11',
  make: 'Toyota',
  status: 'New',
  reason: 'Instalments three months in arrears',
  notes: null,
  tenantId: LENDING_TENANT,
  dateCreated: '2025-03-01T08:00:00.000Z',
  dateModified: '2025-03-02T08:00:00.000Z',
  ...overrides,
});

export const repossessionDetails = (overrides: Partial<RepossessionDetails> = {}): RepossessionDetails => ({
  ...repossession(),
  publicListingPhotoId: null,
  publicListingKey: null,
  history: [
    {
      id: 'h1',
      fromStatus: null,
      toStatus: 'New',
      note: 'Raised by the collections desk',
      userId: MANAGER_ID,
      userName: 'Thandi Mokoena',
      dateCreated: '2025-03-01T08:00:00.000Z',
    },
  ],
  ...overrides,
});

export const bluebookRow = (overrides: Partial<Bluebook> = {}): Bluebook => ({
  id: '90000000-0000-4000-8000-000000000001',
  make: 'Toyota',
  model: 'Corolla',
  year: 2019,
  valueMinor: 21_990_050,
  currency: 'ZAR',
  tenantId: LENDING_TENANT,
  dateCreated: '2025-03-01T08:00:00.000Z',
  dateModified: '2025-03-01T08:00:00.000Z',
  ...overrides,
});
