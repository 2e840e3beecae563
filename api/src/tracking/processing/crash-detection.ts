/**
 * Crashes opened at ingest (issue 19 item 5), in status NEW and marked automatic: a position whose
 * events hold an `accident` alarm (Teltonika's crash detection, IO 247, or an OsmAnd `alarm=accident`)
 * opens an accident crash; otherwise a position whose impact reading reaches the threshold opens an
 * impact crash. The reading, in g, is the `impact` attribute (an OsmAnd client or an event IO mapping
 * may send it), else the magnitude of Teltonika's accelerometer axes (IO 17-19, axisX/Y/Z in mG).
 * One crash per position at most. All of a batch's crashes are stored in one statement.
 */
import type { Queryable } from '../../db/database';
import type { StoredPosition } from '../position';
import type { DetectedEvent } from './position-events';

export interface CrashRow {
  tenantId: string;
  deviceId: string;
  positionId: number;
  occurredAt: string;
  latitude: number;
  longitude: number;
  kind: 'accident' | 'impact';
  reading: number | null;
  /** The accident alarm's attributes, to find its stored event. */
  alarm: string | null;
}

const finite = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** The impact a position reports, in g, or null. */
export function impactOf(attributes: Record<string, unknown>): number | null {
  const impact = finite(attributes.impact);
  if (impact !== null) return Math.abs(impact);
  const [x, y, z] = [finite(attributes.axisX), finite(attributes.axisY), finite(attributes.axisZ)];
  if (x === null || y === null || z === null) return null;
  return Math.hypot(x, y, z) / 1000;
}

export function crashOf(position: StoredPosition, events: readonly DetectedEvent[], thresholdG: number): CrashRow | null {
  const accident = events.some((event) => event.type === 'alarm' && event.attributes.alarm === 'accident');
  const reading = impactOf(position.attributes);
  if (!accident && (reading === null || reading < thresholdG)) return null;
  return {
    tenantId: position.tenantId,
    deviceId: position.deviceId,
    positionId: position.id,
    occurredAt: position.fixTime.toISOString(),
    latitude: position.latitude,
    longitude: position.longitude,
    kind: accident ? 'accident' : 'impact',
    reading,
    alarm: accident ? 'accident' : null,
  };
}

export async function insertCrashes(q: Queryable, rows: readonly CrashRow[]) {
  if (rows.length === 0) return;
  await q.query(
    `insert into crash_events (tenant_id, device_id, asset_id, position_id, event_id, occurred_at, latitude, longitude, kind, reading)
     select x."tenantId", x."deviceId", (select ad.asset_id from asset_devices ad where ad.device_id = x."deviceId"), x."positionId",
            (select e.id from device_events e
              where x.alarm is not null and e.device_id = x."deviceId" and e.event_time = x."occurredAt" and e.type = 'alarm'
                and e.position_id = x."positionId" and e.attributes->>'alarm' = x.alarm
              order by e.id desc limit 1),
            x."occurredAt", x.latitude, x.longitude, x.kind, x.reading
       from jsonb_to_recordset($1::jsonb) as x("tenantId" uuid, "deviceId" uuid, "positionId" bigint, "occurredAt" timestamptz,
              latitude float8, longitude float8, kind text, reading float8, alarm text)`,
    [JSON.stringify(rows)],
  );
}
