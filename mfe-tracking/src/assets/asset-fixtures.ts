/** Assets, groups, categories and devices as the API answers them, for the asset screens' tests. */
import type { Asset, AssetCategory, AssetGroup } from '@meridian/shared/contract/asset';
import type { GeoDevice } from '@meridian/shared/contract/geo-device';
import { DEVICE_A, DEVICE_B, OPERATOR_ID } from '../testing/tracking-test-kit';

export const ASSET_ID = '50000000-0000-4000-8000-000000000001';
export const GROUP_ID = '50000000-0000-4000-8000-0000000000a1';
export const CATEGORY_ID = '50000000-0000-4000-8000-0000000000c1';

export const GROUPS: AssetGroup[] = [
  {
    id: GROUP_ID,
    name: 'Light delivery vehicles',
    roleId: null,
    roleName: null,
    tenantId: 't',
    assetCount: 1,
    dateCreated: '2025-01-01T00:00:00.000Z',
    dateModified: '2025-01-01T00:00:00.000Z',
  },
];

export const CATEGORIES: AssetCategory[] = [
  {
    id: CATEGORY_ID,
    name: 'Pickup',
    tenantId: 't',
    assetCount: 1,
    dateCreated: '2025-01-01T00:00:00.000Z',
    dateModified: '2025-01-01T00:00:00.000Z',
  },
];

export const asset = (overrides: Partial<Asset> = {}): Asset => ({
  id: ASSET_ID,
  registrationNumber: 'ND 123-456',
  make: 'Toyota Hilux',
  name: 'ND 123-456 Toyota Hilux',
  status: 'active',
  groupId: GROUP_ID,
  groupName: 'Light delivery vehicles',
  categoryId: CATEGORY_ID,
  categoryName: 'Pickup',
  features: ['Canopy'],
  mapIcon: null,
  latitude: -29.85,
  longitude: 31.03,
  coords: [-29.85, 31.03],
  lastUpdate: '2025-03-03T12:00:00.000Z',
  deviceTime: '2025-03-03T12:00:00.000Z',
  telemetry: { ignition: true, sat: 9 },
  address: 'Quality Street, Durban',
  devices: {
    [DEVICE_A]: {
      deviceId: DEVICE_A,
      uniqueId: '356307042441013',
      name: 'Truck 12',
      deviceTypeId: 1,
      devicetypename: 'Primary',
      latitude: -29.85,
      longitude: 31.03,
      lastUpdate: '2025-03-03T12:00:00.000Z',
      attributes: [],
    },
  },
  photos: [],
  engineHours: 2140 * 3600,
  lastOdometer: 84_210_000,
  tenantId: 't',
  tenantName: 'Meridian Tracking',
  dateCreated: '2025-01-01T00:00:00.000Z',
  dateModified: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

export const freeDevice = (overrides: Partial<GeoDevice> = {}): GeoDevice => ({
  id: DEVICE_B,
  type: 'device',
  name: 'Van 3',
  uniqueId: 'van-3',
  status: 'offline',
  disabled: false,
  hardwareId: null,
  make: null,
  hardwareModel: null,
  protocol: null,
  phone: null,
  model: null,
  category: null,
  contact: null,
  positionId: null,
  lastUpdate: null,
  position: null,
  attributes: {},
  tenantId: 't',
  tenantName: 'Meridian Tracking',
  userId: OPERATOR_ID,
  dateCreated: '2025-01-01T00:00:00.000Z',
  dateModified: '2025-01-01T00:00:00.000Z',
  ...overrides,
});
