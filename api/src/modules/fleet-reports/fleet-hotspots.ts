/**
 * Hotspots: where the selected assets spent their stopped time. Stops are put in square cells of
 * FLEET_REPORT_LIMITS.hotspotCellDegrees (rounded latitude and longitude, as a geohash prefix would,
 * without its alternating bits), each cell weighted by the time spent in it and placed at the
 * duration-weighted centre of its stops, so a heat layer draws it where the vehicles stood rather than
 * at a grid corner. Read from device_stops only: a month of a 500-asset fleet is some hundred thousand
 * stops, against over a hundred million positions.
 */
import { FLEET_REPORT_LIMITS, type Hotspot } from '@meridian/shared/contract/fleet-report';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import type { ActivityWindow } from '../activities/activity-window';
import { stintsSql, type FleetSelection } from './fleet-selection';

type HotspotRow = Omit<Hotspot, 'weight'>;

export async function hotspotsOf(q: Queryable, selection: FleetSelection, window: ActivityWindow, limit: number): Promise<Hotspot[]> {
  const p = sqlParams();
  const stints = stintsSql(selection, window, p);
  const cell = p.add(FLEET_REPORT_LIMITS.hotspotCellDegrees);
  // A stop of no recorded duration still marks the place: it weighs a second.
  const rows = await q.query<HotspotRow>(
    `select sum(s.latitude * (s.duration + 1000)) / sum(s.duration + 1000) as latitude,
        sum(s.longitude * (s.duration + 1000)) / sum(s.duration + 1000) as longitude,
        count(*)::int as stops, count(distinct x.asset_id)::int as assets, sum(s.duration)::float8 as duration
     from (${stints}) x
     join device_stops s on s.device_id = x.device_id and s.start_time >= x.since and s.start_time < x.until
     group by floor(s.latitude / ${cell}::float8), floor(s.longitude / ${cell}::float8)
     order by duration desc, stops desc limit ${p.add(limit)}`,
    p.values,
  );
  const busiest = rows[0]?.duration || 1;
  return rows.map((row) => ({
    latitude: Number(Number(row.latitude).toFixed(6)),
    longitude: Number(Number(row.longitude).toFixed(6)),
    stops: row.stops,
    assets: row.assets,
    duration: row.duration,
    weight: Number((row.duration / busiest).toFixed(4)),
  }));
}
