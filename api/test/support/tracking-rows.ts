/**
 * Rows the device listeners and processing write (positions, trips, stops, notifications), written
 * straight into the database: the back-office routes under test only read them.
 */
import type { Database } from '../../src/db/database';

export interface PositionInput {
  fixTime: Date;
  latitude: number;
  longitude: number;
  speed?: number;
  course?: number;
  address?: string | null;
  attributes?: Record<string, unknown>;
  /** Also make it the device's latest position and last contact (as the writer does). */
  latest?: boolean;
}

/** A stored position of the device (in its tenant); answers its id. */
export async function addPosition(db: Database, deviceId: string, input: PositionInput): Promise<number> {
  const row = await db.one<{ id: number }>(
    `insert into positions (device_id, tenant_id, protocol, device_time, fix_time, latitude, longitude, speed, course, address, attributes)
     select d.id, d.tenant_id, 'teltonika', $2, $2, $3, $4, $5, $6, $7, $8::jsonb from geo_devices d where d.id = $1 returning id`,
    [
      deviceId,
      input.fixTime,
      input.latitude,
      input.longitude,
      input.speed ?? 0,
      input.course ?? 0,
      input.address ?? null,
      JSON.stringify(input.attributes ?? {}),
    ],
  );
  const id = Number(row!.id);
  if (input.latest !== false)
    await db.query(`update geo_devices set position_id = $2, last_update = $3 where id = $1`, [deviceId, id, input.fixTime]);
  return id;
}

/** A trip as processing stores it. */
export async function addTrip(db: Database, deviceId: string, start: Date, minutes: number, metres: number) {
  const end = new Date(start.getTime() + minutes * 60_000);
  const row = await db.one<{ id: string }>(
    `insert into device_trips (device_id, tenant_id, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance, average_speed,
       max_speed, duration, start_odometer, end_odometer, start_address, end_address)
     select d.id, d.tenant_id, $2, $3, -29.92, 30.986, -29.7266, 31.067, $4::float8, 21.6, 48.6, $5, 1000, 1000 + $4::float8, 'Quality Street, Jacobs', 'Gateway, Umhlanga'
     from geo_devices d where d.id = $1 returning id`,
    [deviceId, start, end, metres, minutes * 60_000],
  );
  return row!.id;
}

/** A stop as processing stores it. */
export async function addStop(db: Database, deviceId: string, start: Date, minutes: number) {
  const end = new Date(start.getTime() + minutes * 60_000);
  const row = await db.one<{ id: string }>(
    `insert into device_stops (device_id, tenant_id, start_time, end_time, latitude, longitude, address, duration, engine_hours)
     select d.id, d.tenant_id, $2, $3, -29.7266, 31.067, 'Gateway, Umhlanga', $4, 120000 from geo_devices d where d.id = $1 returning id`,
    [deviceId, start, end, minutes * 60_000],
  );
  return row!.id;
}

/** A tracking notification of the device, as processing raises it. */
export async function addNotification(db: Database, deviceId: string, itemType: string, message: string) {
  const row = await db.one<{ id: string }>(
    `insert into tracking_notifications (tenant_id, device_id, item_type, message, message_data)
     select d.tenant_id, d.id, $2, $3, '{}'::jsonb from geo_devices d where d.id = $1 returning id`,
    [deviceId, itemType, message],
  );
  return row!.id;
}

/** The id of a demo device by its uniqueId. */
export async function deviceIdOf(db: Database, uniqueId: string) {
  return (await db.one<{ id: string }>(`select id from geo_devices where unique_id = $1 and deleted_at is null`, [uniqueId]))!.id;
}
