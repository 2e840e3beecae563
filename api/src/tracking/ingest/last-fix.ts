import type { Queryable } from '../../db/database';
import type { DecodedPosition } from '../position';

/** Traccar's fix time for a message without coordinates from a device that has no position yet. */
const GPS_EPOCH = new Date('1980-01-06T00:00:00Z');

interface LastFixRow {
  fix_time: Date | string;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  accuracy: number;
}

/**
 * A message without coordinates (an OsmAnd report without lat/lon, a Teltonika command response)
 * keeps the device's last fix, as Traccar's outdated positions do: it is stored for its attributes
 * and time of contact, and raises no events.
 */
export async function withLastFix(db: Queryable, deviceId: string, position: DecodedPosition): Promise<DecodedPosition> {
  const last = await db.one<LastFixRow>(
    `select p.fix_time, p.valid, p.latitude, p.longitude, p.altitude, p.speed, p.course, p.accuracy
       from geo_devices d join positions p on p.id = d.position_id and p.fix_time = d.position_fix_time
      where d.id = $1`,
    [deviceId],
  );
  if (!last) return { ...position, fixTime: GPS_EPOCH, valid: false, outdated: true };
  return {
    ...position,
    fixTime: new Date(last.fix_time),
    valid: last.valid,
    latitude: last.latitude,
    longitude: last.longitude,
    altitude: last.altitude,
    speed: last.speed,
    course: last.course,
    accuracy: last.accuracy,
    outdated: true,
  };
}
