/**
 * The fleet the tracking benchmarks drive: a tenant of `devices` vehicles (IMEI-like uniqueIds, so
 * they can greet the Teltonika listener), `fences` geofences of all three shapes around a city
 * centre, each device linked to `links` of them, and where each vehicle is at any second.
 */
import { fenceBounds, type FenceDefinition } from '@meridian/shared/geo-fence';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';

/** The uniqueId of bench vehicle n (1-based): 15 digits, as a Teltonika IMEI. */
export const benchImei = (n: number) => String(350_000_000_000_000 + n);

const CENTRE = { lat: -26.2, lon: 28.04 };
const METRES_PER_DEGREE = 111_194.93;

/** A fence every ~500 m on a 14 x 14 grid around the centre, of all three shapes. */
function fence(i: number): FenceDefinition {
  const lat = CENTRE.lat + (Math.floor(i / 14) - 7) * 0.005;
  const lon = CENTRE.lon + ((i % 14) - 7) * 0.005;
  if (i % 3 === 0) return { shape: 'circle', geometry: { type: 'Point', coordinates: [lon, lat] }, radius: 150 };
  if (i % 3 === 1) {
    const ring = Array.from({ length: 12 }, (_, k) => {
      const angle = (k / 12) * 2 * Math.PI;
      return [lon + 0.0015 * Math.cos(angle), lat + 0.0012 * Math.sin(angle)];
    });
    return { shape: 'polygon', geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] } };
  }
  return {
    shape: 'corridor',
    geometry: {
      type: 'LineString',
      coordinates: [
        [lon - 0.002, lat],
        [lon, lat + 0.001],
        [lon + 0.002, lat],
      ],
    },
    width: 40,
  };
}

/** Migrates a scratch database and adds the fleet; answers its tenant and device ids (in uniqueId order). */
export async function prepareFleet(
  db: Database,
  { devices: DEVICES, fences: FENCES, links: LINKS }: { devices: number; fences: number; links: number },
) {
  await migrate(db);
  const tenant = await db.one<{ id: string }>(`insert into tenants (name, type, path) values ('Bench fleet', 1, '/') returning id`);
  const tenantId = tenant!.id;
  await db.query(`update tenants set path = '/' || id || '/' where id = $1`, [tenantId]);
  const devices = await db.query<{ id: string }>(
    `insert into geo_devices (tenant_id, name, unique_id)
     select $1, 'Vehicle ' || n, (350000000000000 + n)::text from generate_series(1, $2::int) n order by n returning id`,
    [tenantId, DEVICES],
  );
  const fences = Array.from({ length: FENCES }, (_, i) => ({ ord: i + 1, ...fence(i), ...fenceBounds(fence(i)) }));
  const fenceIds = await db.query<{ id: string }>(
    `insert into geofences (tenant_id, name, type, shape, geometry, radius, width, min_lat, min_lon, max_lat, max_lon)
     select $1, 'Fence ' || f.ord, 'geofence', f.shape, f.geometry, f.radius, f.width, f."minLat", f."minLon", f."maxLat", f."maxLon"
       from jsonb_to_recordset($2::jsonb) as f(ord int, shape text, geometry jsonb, radius float8, width float8,
            "minLat" float8, "minLon" float8, "maxLat" float8, "maxLon" float8)
     returning id`,
    [tenantId, JSON.stringify(fences)],
  );
  await db.query(
    `insert into device_geofences (device_id, geofence_id)
     select d, f from unnest($1::uuid[]) d cross join lateral (select unnest($2::uuid[]) f limit $3) x`,
    [devices.map((d) => d.id), fenceIds.map((f) => f.id), LINKS],
  );
  return { tenantId, deviceIds: devices.map((d) => d.id) };
}

/** Each device drives a circle of its own around the centre at about 36 km/h, stopping a minute every ten. */
export function sampleOf(device: number, second: number) {
  const radius = 500 + (device % 40) * 60;
  const phase = (device * 2.399) % (2 * Math.PI);
  const cycle = second % 600;
  const drivingSeconds = cycle < 540 ? cycle : 540;
  const travelled = Math.floor(second / 600) * 540 + drivingSeconds;
  const angle = phase + (travelled * 10) / radius;
  return {
    latitude: CENTRE.lat + (radius * Math.sin(angle)) / METRES_PER_DEGREE,
    longitude: CENTRE.lon + (radius * Math.cos(angle)) / (METRES_PER_DEGREE * Math.cos((CENTRE.lat * Math.PI) / 180)),
    speed: cycle < 540 ? 19.4 : 0,
    attributes: { ignition: cycle < 540 || cycle > 580, sat: 9 },
  };
}
