/**
 * The tracking demo of Meridian Tracking and its Durban Branch: a fleet of Teltonika-tracked vehicles
 * and Traccar Client phones, four zones around Durban (a depot polygon, a client site circle, an N2
 * corridor and the harbour as a point of interest) linked to the vehicles, two drivers, three saved
 * commands, and the event IO mappings and actions of a Teltonika FMB. It runs once per database (its
 * own marker in system_settings, so an installation seeded before it gets it on its next start).
 *
 * The devices' uniqueIds are exported: the demo simulator drives exactly these through the real
 * OsmAnd and Teltonika ports.
 */
import { shapeOf, type GeofenceGeometry, type GeofenceType } from '@meridian/shared/contract/geofence';
import type { Database, Queryable } from '../db/database';
import { boundsOf, marginOf } from '../modules/geofences/geofence-bounds';

export interface DemoTrackingDevice {
  uniqueId: string;
  name: string;
  protocol: 'teltonika' | 'osmand';
  /** Model of the seeded hardware (DEVICE_HARDWARE in reference-data.ts). */
  hardwareModel: string;
  /** Demo tenant key (demo-data.ts): the company or its Durban Branch. */
  tenant: 'tracking' | 'dbn';
  category: string;
  phone: string | null;
}

/** An IMEI: the 14 digits with their Luhn check digit. */
const imei = (fourteen: string) => {
  const sum = [...fourteen].reverse().reduce((total, digit, i) => {
    const d = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return total + (d > 9 ? d - 9 : d);
  }, 0);
  return `${fourteen}${(10 - (sum % 10)) % 10}`;
};

export const DEMO_TRACKING_DEVICES: readonly DemoTrackingDevice[] = [
  {
    uniqueId: imei('35209308123456'),
    name: 'ND 123-456 Toyota Hilux',
    protocol: 'teltonika',
    hardwareModel: 'FMB920',
    tenant: 'dbn',
    category: 'pickup',
    phone: '+27 82 555 0101',
  },
  {
    uniqueId: imei('35209308204117'),
    name: 'ND 204-117 Isuzu D-Max',
    protocol: 'teltonika',
    hardwareModel: 'FMB920',
    tenant: 'dbn',
    category: 'pickup',
    phone: '+27 82 555 0102',
  },
  {
    uniqueId: imei('35209308318902'),
    name: 'ND 318-902 Nissan NP200',
    protocol: 'teltonika',
    hardwareModel: 'FMB920',
    tenant: 'dbn',
    category: 'pickup',
    phone: '+27 82 555 0103',
  },
  {
    uniqueId: imei('35209308441560'),
    name: 'ND 441-560 Toyota Quantum',
    protocol: 'teltonika',
    hardwareModel: 'FMB130',
    tenant: 'dbn',
    category: 'van',
    phone: '+27 82 555 0104',
  },
  {
    uniqueId: imei('35209308587233'),
    name: 'ND 587-233 Ford Ranger',
    protocol: 'teltonika',
    hardwareModel: 'FMB130',
    tenant: 'dbn',
    category: 'pickup',
    phone: '+27 82 555 0105',
  },
  {
    uniqueId: imei('35209308612048'),
    name: 'NU 612-048 VW Polo Vivo',
    protocol: 'teltonika',
    hardwareModel: 'FMB920',
    tenant: 'dbn',
    category: 'car',
    phone: '+27 82 555 0106',
  },
  {
    uniqueId: imei('86408105735391'),
    name: 'ND 735-391 Hino 300 Truck',
    protocol: 'teltonika',
    hardwareModel: 'FMC130',
    tenant: 'tracking',
    category: 'truck',
    phone: '+27 82 555 0107',
  },
  {
    uniqueId: imei('86408105866714'),
    name: 'ND 866-714 Mercedes-Benz Sprinter',
    protocol: 'teltonika',
    hardwareModel: 'FMC130',
    tenant: 'tracking',
    category: 'van',
    phone: '+27 82 555 0108',
  },
  {
    uniqueId: imei('86408105990155'),
    name: 'NP 990-155 UD Quon Truck',
    protocol: 'teltonika',
    hardwareModel: 'FMC130',
    tenant: 'tracking',
    category: 'truck',
    phone: '+27 82 555 0109',
  },
  {
    uniqueId: '734851',
    name: 'Sipho Mthembu (phone)',
    protocol: 'osmand',
    hardwareModel: 'Traccar Client (Android)',
    tenant: 'dbn',
    category: 'person',
    phone: '+27 83 555 0201',
  },
  {
    uniqueId: '902113',
    name: 'Nomvula Zungu (phone)',
    protocol: 'osmand',
    hardwareModel: 'Traccar Client (Android)',
    tenant: 'dbn',
    category: 'person',
    phone: '+27 83 555 0202',
  },
  {
    uniqueId: '518276',
    name: 'Rajesh Naidoo (phone)',
    protocol: 'osmand',
    hardwareModel: 'Traccar Client (iOS)',
    tenant: 'tracking',
    category: 'person',
    phone: '+27 83 555 0203',
  },
];

export interface DemoGeofence {
  name: string;
  description: string;
  type: GeofenceType;
  tenant: 'tracking' | 'dbn';
  /** Positions as [longitude, latitude]. */
  geometry: GeofenceGeometry;
  radius: number | null;
  width: number | null;
  /** The devices linked to it: indexes into DEMO_TRACKING_DEVICES. */
  devices: number[];
}

/**
 * The zones match the demo simulator's routes (tracking/simulator/demo-routes.ts): every route starts
 * and ends in the depot, the N2 route runs along the corridor and parks at the client site.
 */
export const DEMO_GEOFENCES: readonly DemoGeofence[] = [
  {
    name: 'Durban Depot',
    description: "The fleet's yard in Durban's centre: every vehicle starts and ends its day here.",
    type: 'geofence',
    tenant: 'dbn',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [31.0195, -29.8565],
          [31.024, -29.8565],
          [31.024, -29.861],
          [31.0195, -29.861],
          [31.0195, -29.8565],
        ],
      ],
    },
    radius: null,
    width: null,
    devices: [0, 1, 2, 3, 4, 5],
  },
  {
    name: 'Client site: Umhlanga Rocks',
    description: 'Deliveries to the client at Umhlanga Rocks.',
    type: 'geofence',
    tenant: 'dbn',
    geometry: { type: 'Point', coordinates: [31.084, -29.7256] },
    radius: 400,
    width: null,
    devices: [0, 3, 4, 5],
  },
  {
    name: 'N2 corridor: Durban to Umhlanga',
    description: 'The N2 north from the city to Umhlanga, 400 m wide.',
    type: 'geofence',
    tenant: 'tracking',
    geometry: {
      type: 'LineString',
      coordinates: [
        [31.015, -29.848],
        [31.012, -29.83],
        [31.022, -29.805],
        [31.038, -29.78],
        [31.056, -29.755],
        [31.07, -29.735],
      ],
    },
    radius: null,
    width: 400,
    devices: [0, 1, 2, 3, 4, 5, 6, 7, 8],
  },
  {
    name: 'Durban Harbour',
    description: 'Port of Durban, container terminal gate.',
    type: 'poi',
    tenant: 'tracking',
    geometry: { type: 'Point', coordinates: [31.026, -29.87] },
    radius: 500,
    width: null,
    devices: [6, 7, 8],
  },
];

const DEMO_DRIVERS = [
  { name: 'Sibusiso Ngcobo', uniqueId: '01A4C2D90000', phone: '+27 72 555 0301' },
  { name: 'Thandeka Mkhize', uniqueId: '01B7F3E20000', phone: '+27 72 555 0302' },
];

const DEMO_COMMANDS = [
  { description: 'Request device information', commandType: 'custom', hardwareModel: null, attributes: { data: 'getinfo' } },
  { description: 'Immobilise: digital output 1 on', commandType: 'custom', hardwareModel: 'FMB920', attributes: { data: 'setdigout 1' } },
  { description: 'Report every 30 seconds', commandType: 'positionPeriodic', hardwareModel: null, attributes: { frequency: 30 } },
];

const DEMO_EVENT_ACTIONS = [
  { name: 'Notify on zone entry', eventType: 'geofenceEnter' },
  { name: 'Notify on zone exit', eventType: 'geofenceExit' },
  { name: 'Tamper and crash alarms', eventType: 'alarm' },
];

/** A Teltonika FMB's AVL IO elements (Teltonika's ids) and the position attributes they become. */
const DEMO_EVENT_IOS = [
  { ioId: 239, name: 'Ignition', attribute: 'ignition', eventType: null, action: null },
  { ioId: 240, name: 'Movement', attribute: 'motion', eventType: null, action: null },
  { ioId: 66, name: 'External voltage', attribute: 'power', eventType: null, action: null },
  { ioId: 16, name: 'Total odometer', attribute: 'odometer', eventType: null, action: null },
  { ioId: 247, name: 'Crash detection', attribute: 'crash', eventType: 'alarm', action: 'Tamper and crash alarms' },
  { ioId: 252, name: 'Unplug detection', attribute: 'unplug', eventType: 'alarm', action: 'Tamper and crash alarms' },
];

type TenantIds = Map<string, { id: string }>;

async function insertDevices(q: Queryable, tenants: TenantIds) {
  const ids: string[] = [];
  for (const device of DEMO_TRACKING_DEVICES) {
    const row = await q.one<{ id: string }>(
      `insert into geo_devices (tenant_id, name, unique_id, hardware_id, phone, model, category)
       select $1, $2, $3, h.id, $4, h.model, $5 from device_hardware h where h.model = $6
       on conflict (unique_id) where deleted_at is null do nothing returning id`,
      [tenants.get(device.tenant)!.id, device.name, device.uniqueId, device.phone, device.category, device.hardwareModel],
    );
    ids.push(
      row?.id ??
        (await q.one<{ id: string }>(`select id from geo_devices where unique_id = $1 and deleted_at is null`, [device.uniqueId]))!.id,
    );
  }
  return ids;
}

async function insertGeofences(q: Queryable, tenants: TenantIds, deviceIds: string[]) {
  for (const fence of DEMO_GEOFENCES) {
    const bounds = boundsOf(fence.geometry, marginOf(fence));
    const row = await q.one<{ id: string }>(
      `insert into geofences (tenant_id, name, description, type, shape, geometry, radius, width, min_lat, min_lon, max_lat, max_lon)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12) returning id`,
      [
        tenants.get(fence.tenant)!.id,
        fence.name,
        fence.description,
        fence.type,
        shapeOf(fence.geometry),
        JSON.stringify(fence.geometry),
        fence.radius,
        fence.width,
        bounds.minLat,
        bounds.minLon,
        bounds.maxLat,
        bounds.maxLon,
      ],
    );
    await q.query(`insert into device_geofences (device_id, geofence_id) select unnest($1::uuid[]), $2 on conflict do nothing`, [
      fence.devices.map((i) => deviceIds[i]),
      row!.id,
    ]);
  }
}

async function insertDriversCommandsAndEvents(q: Queryable, tenants: TenantIds) {
  const company = tenants.get('tracking')!.id;
  const branch = tenants.get('dbn')!.id;
  for (const driver of DEMO_DRIVERS)
    await q.query(`insert into drivers (tenant_id, name, unique_id, phone) values ($1, $2, $3, $4) on conflict do nothing`, [
      branch,
      driver.name,
      driver.uniqueId,
      driver.phone,
    ]);
  for (const command of DEMO_COMMANDS)
    await q.query(
      `insert into commands (tenant_id, description, command_type, hardware_id, attributes)
       values ($1, $2, $3, (select id from device_hardware where model = $4), $5::jsonb)`,
      [company, command.description, command.commandType, command.hardwareModel, JSON.stringify(command.attributes)],
    );
  const actions = new Map<string, string>();
  for (const action of DEMO_EVENT_ACTIONS) {
    const row = await q.one<{ id: string }>(`insert into event_actions (tenant_id, name, event_type) values ($1, $2, $3) returning id`, [
      company,
      action.name,
      action.eventType,
    ]);
    actions.set(action.name, row!.id);
  }
  for (const io of DEMO_EVENT_IOS)
    await q.query(
      `insert into event_ios (tenant_id, hardware_id, io_id, name, attribute, event_type, event_action_id)
       values ($1, (select id from device_hardware where model = 'FMB920'), $2, $3, $4, $5, $6)`,
      [company, io.ioId, io.name, io.attribute, io.eventType, io.action ? actions.get(io.action)! : null],
    );
}

export async function seedDemoTracking(db: Database) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_tracking_seeded'`);
  if (done) return;
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_tracking_seeded', now()::text) on conflict do nothing returning key`,
    );
    if (!marked) return;
    const rows = await q.query<{ key: string; id: string }>(
      `select case name when 'Meridian Tracking' then 'tracking' else 'dbn' end as key, id from tenants
       where name in ('Meridian Tracking', 'Durban Branch') and deleted_at is null`,
    );
    // Without the demo's tenants (renamed or deleted) there is nowhere to put the fleet.
    if (rows.length < 2) return;
    const tenants: TenantIds = new Map(rows.map((row) => [row.key, { id: row.id }]));
    const deviceIds = await insertDevices(q, tenants);
    await insertGeofences(q, tenants, deviceIds);
    await insertDriversCommandsAndEvents(q, tenants);
  });
}
