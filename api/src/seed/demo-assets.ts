/**
 * The assets demo (issue 19) of Meridian Tracking and its Durban Branch: each demo vehicle of the
 * tracking demo as an asset (its tracker the Primary device) with a registration number, make and
 * features, in a group and a category, with an odometer and engine hours to count on from. Groups are
 * tied to roles: light vehicles to Branch Manager, heavy vehicles to Company Admin. The demo phones
 * carry people, not vehicles, and get no asset. Its own marker: an installation seeded before it
 * gets it on its next start.
 */
import { insertDemoCrashes } from './demo-crashes';
import { ASSET_DEVICE_TYPES } from '@meridian/shared/contract/asset';
import type { Database, Queryable } from '../db/database';
import { setDeviceCounters } from '../modules/assets/asset-counters';
import { DEMO_TRACKING_DEVICES } from './demo-tracking';

const DEMO_GROUPS = [
  { name: 'Light delivery vehicles', role: 'branch manager' },
  { name: 'Heavy vehicles', role: 'company admin' },
] as const;
const DEMO_CATEGORIES = ['Pickup', 'Van', 'Truck', 'Car'] as const;

interface DemoAsset {
  /** Index into DEMO_TRACKING_DEVICES. */
  device: number;
  registrationNumber: string;
  make: string;
  group: (typeof DEMO_GROUPS)[number]['name'];
  category: (typeof DEMO_CATEGORIES)[number];
  features: string[];
  mapIcon: string;
  /** Kilometres and hours the vehicle had done when its tracker was fitted. */
  km: number;
  hours: number;
}

export const DEMO_ASSETS: readonly DemoAsset[] = [
  {
    device: 0,
    registrationNumber: 'ND 123-456',
    make: 'Toyota Hilux',
    group: 'Light delivery vehicles',
    category: 'Pickup',
    features: ['Tow bar', 'Canopy'],
    mapIcon: 'pickup',
    km: 84_210,
    hours: 2_140,
  },
  {
    device: 1,
    registrationNumber: 'ND 204-117',
    make: 'Isuzu D-Max',
    group: 'Light delivery vehicles',
    category: 'Pickup',
    features: ['Tow bar'],
    mapIcon: 'pickup',
    km: 61_870,
    hours: 1_530,
  },
  {
    device: 2,
    registrationNumber: 'ND 318-902',
    make: 'Nissan NP200',
    group: 'Light delivery vehicles',
    category: 'Pickup',
    features: ['Load bin liner'],
    mapIcon: 'pickup',
    km: 112_400,
    hours: 2_980,
  },
  {
    device: 3,
    registrationNumber: 'ND 441-560',
    make: 'Toyota Quantum',
    group: 'Light delivery vehicles',
    category: 'Van',
    features: ['14 seats', 'Air conditioning'],
    mapIcon: 'van',
    km: 203_650,
    hours: 5_410,
  },
  {
    device: 4,
    registrationNumber: 'ND 587-233',
    make: 'Ford Ranger',
    group: 'Light delivery vehicles',
    category: 'Pickup',
    features: ['4x4', 'Tow bar', 'Roll bar'],
    mapIcon: 'pickup',
    km: 47_320,
    hours: 1_120,
  },
  {
    device: 5,
    registrationNumber: 'NU 612-048',
    make: 'VW Polo Vivo',
    group: 'Light delivery vehicles',
    category: 'Car',
    features: ['Air conditioning'],
    mapIcon: 'car',
    km: 39_905,
    hours: 870,
  },
  {
    device: 6,
    registrationNumber: 'ND 735-391',
    make: 'Hino 300',
    group: 'Heavy vehicles',
    category: 'Truck',
    features: ['Tail lift', 'Refrigerated body'],
    mapIcon: 'truck',
    km: 268_300,
    hours: 7_950,
  },
  {
    device: 7,
    registrationNumber: 'ND 866-714',
    make: 'Mercedes-Benz Sprinter',
    group: 'Heavy vehicles',
    category: 'Van',
    features: ['Panel van', 'Roof rack'],
    mapIcon: 'van',
    km: 155_780,
    hours: 4_300,
  },
  {
    device: 8,
    registrationNumber: 'NP 990-155',
    make: 'UD Quon',
    group: 'Heavy vehicles',
    category: 'Truck',
    features: ['Tipper body', 'Tachograph'],
    mapIcon: 'truck',
    km: 412_060,
    hours: 11_870,
  },
];

async function insertCatalogue(q: Queryable, companyId: string) {
  const groups = new Map<string, string>();
  for (const group of DEMO_GROUPS) {
    const row = await q.one<{ id: string }>(
      `insert into asset_groups (tenant_id, name, role_id) select $1, $2, r.id from roles r where lower(r.name) = $3 and r.tenant_id is null
       limit 1 returning id`,
      [companyId, group.name, group.role],
    );
    if (row) groups.set(group.name, row.id);
  }
  const categories = new Map<string, string>();
  for (const name of DEMO_CATEGORIES) {
    const row = await q.one<{ id: string }>(`insert into asset_categories (tenant_id, name) values ($1, $2) returning id`, [
      companyId,
      name,
    ]);
    categories.set(name, row!.id);
  }
  return { groups, categories };
}

export async function seedDemoAssets(db: Database) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_assets_seeded'`);
  if (done) return;
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_assets_seeded', now()::text) on conflict do nothing returning key`,
    );
    if (!marked) return;
    const company = await q.one<{ id: string }>(`select id from tenants where name = 'Meridian Tracking' and deleted_at is null`);
    if (!company) return;
    const { groups, categories } = await insertCatalogue(q, company.id);
    for (const asset of DEMO_ASSETS) {
      const device = await q.one<{ id: string; tenant_id: string }>(
        `select id, tenant_id from geo_devices where unique_id = $1 and deleted_at is null`,
        [DEMO_TRACKING_DEVICES[asset.device]!.uniqueId],
      );
      // A device already in an asset (made by hand before this seed ran) is left where it is.
      if (!device || (await q.one(`select 1 from asset_devices where device_id = $1`, [device.id]))) continue;
      const row = await q.one<{ id: string }>(
        `insert into assets (tenant_id, registration_number, make, group_id, category_id, features, map_icon)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7) returning id`,
        [
          device.tenant_id,
          asset.registrationNumber,
          asset.make,
          groups.get(asset.group) ?? null,
          categories.get(asset.category)!,
          JSON.stringify(asset.features),
          asset.mapIcon,
        ],
      );
      await q.query(`insert into asset_devices (asset_id, device_id, device_type_id) values ($1, $2, $3)`, [
        row!.id,
        device.id,
        ASSET_DEVICE_TYPES.primary,
      ]);
      await q.query(`insert into asset_device_history (tenant_id, asset_id, device_id, device_type_id) values ($1, $2, $3, $4)`, [
        device.tenant_id,
        row!.id,
        device.id,
        ASSET_DEVICE_TYPES.primary,
      ]);
      await setDeviceCounters(q, device.id, { odometer: asset.km * 1000, engineHours: asset.hours * 3600 });
    }
    await insertDemoCrashes(q, company.id);
  });
}
