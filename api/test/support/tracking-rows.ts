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

/** A tracking notification of the device with its event, as processing raises them (at the device's latest position). */
export async function addNotification(db: Database, deviceId: string, itemType: string, message: string) {
  const row = await db.one<{ id: string }>(
    `with event as (
       insert into device_events (device_id, tenant_id, type, event_time, position_id)
       select d.id, d.tenant_id, $2, now(), d.position_id from geo_devices d where d.id = $1 returning id, device_id, tenant_id, position_id
     )
     insert into tracking_notifications (tenant_id, device_id, event_id, item_type, message, message_data)
     select e.tenant_id, e.device_id, e.id, $2, $3,
       jsonb_build_object('deviceId', d.id, 'deviceName', d.name, 'eventId', e.id, 'positionId', coalesce(e.position_id, 1),
         'time', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'icon', upper(left($2, 2)))
     from event e join geo_devices d on d.id = e.device_id returning id`,
    [deviceId, itemType, message],
  );
  return row!.id;
}

/** The id of a demo device by its uniqueId. */
export async function deviceIdOf(db: Database, uniqueId: string) {
  return (await db.one<{ id: string }>(`select id from geo_devices where unique_id = $1 and deleted_at is null`, [uniqueId]))!.id;
}

/** A crash of the device in status NEW, as processing opens one at the device's latest position. */
export async function addCrash(db: Database, deviceId: string, kind: 'accident' | 'impact' = 'impact', occurredAt = new Date()) {
  const row = await db.one<{ id: string }>(
    `insert into crash_events (tenant_id, device_id, asset_id, position_id, occurred_at, kind, reading)
     select d.tenant_id, d.id, (select ad.asset_id from asset_devices ad where ad.device_id = d.id), d.position_id, $2, $3,
            case when $3 = 'impact' then 3.1 end
       from geo_devices d where d.id = $1 returning id`,
    [deviceId, occurredAt, kind],
  );
  return row!.id;
}

/** A firing of the event action on the device, as processing logs one. */
export async function addFiring(db: Database, actionId: string, deviceId: string) {
  await db.query(
    `insert into event_action_firings (event_action_id, tenant_id, device_id, event_type, event_time, notified)
     select a.id, a.tenant_id, $2, a.event_type, now(), 1 from event_actions a where a.id = $1`,
    [actionId, deviceId],
  );
}

/** An event of the device at its latest position, as processing stores it (without a notification). */
export async function addEvent(
  db: Database,
  deviceId: string,
  type: string,
  attributes: Record<string, unknown> = {},
  eventTime = new Date(),
) {
  const row = await db.one<{ id: string }>(
    `insert into device_events (device_id, tenant_id, type, event_time, position_id, attributes)
     select d.id, d.tenant_id, $2, $3, d.position_id, $4::jsonb from geo_devices d where d.id = $1 returning id`,
    [deviceId, type, eventTime, JSON.stringify(attributes)],
  );
  return Number(row!.id);
}
