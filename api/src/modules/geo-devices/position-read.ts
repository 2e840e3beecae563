/**
 * Reading positions. The table is partitioned by month of fix time and indexed by (device, fix time);
 * its primary key is (id, fix time), so a read by id probes each partition's key index once, and a
 * device's positions over a period are read in index order (keyset pages, never a deep offset).
 */
import type { GeoPosition } from '@meridian/shared/contract/geo-position';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { deviceVisible } from './device-access';

/** The columns of a position as the contract names them (alias `p`). */
export const POSITION_COLUMNS = `p.id, p.device_id as "deviceId", p.protocol, p.server_time as "serverTime", p.device_time as "deviceTime",
  p.fix_time as "fixTime", p.valid, p.outdated, p.latitude, p.longitude, p.altitude, p.speed, p.course, p.accuracy, p.address, p.attributes`;

/** Positions by id, keyed by id. */
export async function positionsByIds(q: Queryable, ids: readonly number[]): Promise<Map<number, GeoPosition>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await q.query<GeoPosition>(`select ${POSITION_COLUMNS} from positions p where p.id = any($1::bigint[])`, [wanted]);
  return new Map(rows.map((row) => [Number(row.id), { ...row, id: Number(row.id) }]));
}

/** One position of a device, or null. */
export async function positionOfDevice(q: Queryable, deviceId: string, positionId: number): Promise<GeoPosition | null> {
  const row = await q.one<GeoPosition>(`select ${POSITION_COLUMNS} from positions p where p.id = $1 and p.device_id = $2`, [
    positionId,
    deviceId,
  ]);
  return row ? { ...row, id: Number(row.id) } : null;
}

/** The device's latest position (the one its row points to), or null before its first. */
export async function latestPositionOf(q: Queryable, deviceId: string): Promise<GeoPosition | null> {
  const device = await q.one<{ position_id: number | null }>(`select position_id from geo_devices where id = $1`, [deviceId]);
  return device?.position_id ? positionOfDevice(q, deviceId, Number(device.position_id)) : null;
}

export interface PositionRange {
  deviceId: string;
  start: Date;
  end: Date;
  limit: number;
  /** Keyset: the position after which the page starts. */
  after: { fixTime: Date; id: number } | null;
  /** Offset paging when no keyset is given. */
  offset: number;
}

/** A page of a device's positions in [start, end), in time order, and how many the period holds. */
export async function positionPage(q: Queryable, range: PositionRange) {
  const params: unknown[] = [range.deviceId, range.start, range.end];
  let keyset = '';
  if (range.after) {
    params.push(range.after.fixTime, range.after.id);
    keyset = ` and (p.fix_time, p.id) > ($4::timestamptz, $5::bigint)`;
  }
  const rows = await q.query<GeoPosition>(
    `select ${POSITION_COLUMNS} from positions p
     where p.device_id = $1 and p.fix_time >= $2 and p.fix_time < $3${keyset}
     order by p.fix_time, p.id limit ${range.limit} offset ${range.after ? 0 : range.offset}`,
    params,
  );
  const counted = await q.one<{ n: number }>(
    `select count(*)::int as n from positions p where p.device_id = $1 and p.fix_time >= $2 and p.fix_time < $3`,
    params.slice(0, 3),
  );
  return { rows: rows.map((row) => ({ ...row, id: Number(row.id) })), total: counted!.n };
}

/** A position of a device of the subtree, else 404. */
export async function visiblePosition(q: Queryable, scope: TenantScope, positionId: number): Promise<GeoPosition> {
  const p = sqlParams([positionId]);
  const row = await q.one<GeoPosition>(
    `select ${POSITION_COLUMNS} from positions p join geo_devices d on d.id = p.device_id where p.id = $1 and ${deviceVisible(scope, p)}`,
    p.values,
  );
  if (!row) throw notFound('Position');
  return { ...row, id: Number(row.id) };
}
