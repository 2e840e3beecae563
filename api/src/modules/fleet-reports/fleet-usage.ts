/**
 * Per-asset sums over the days: device usage (trips, distance, driving, stops, stopped and idle time)
 * and idle time (engine on while stopped). Summed from the trips and stops stored at ingest; the
 * covering indexes of migration 027 let each stretch read its index range alone.
 */
import type { DeviceUsage, IdleTime } from '@meridian/shared/contract/fleet-report';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import type { ActivityWindow } from '../activities/activity-window';
import { stintsSql, type FleetSelection } from './fleet-selection';

interface SumRequest {
  selection: FleetSelection;
  window: ActivityWindow;
  paging: PagingQuery;
  maxPageSize: number;
}

const sortOf = (fields: string[]): SortSpec => ({
  fields: Object.fromEntries(['assetName', ...fields].map((field) => [field, `u."${field}"`])),
  defaultField: 'assetName',
  defaultOrder: 'ASC',
  tieBreaker: 'u."assetId"',
});
const USAGE_SORT = sortOf(['trips', 'distance', 'drivingTime', 'stops', 'stoppedTime', 'idleTime']);
const IDLE_SORT = sortOf(['idleStops', 'idleTime', 'longestIdle', 'stoppedTime']);

/** One row per selected asset, even one that did nothing (its zeros are the report). */
export function usagePage(q: Queryable, request: SumRequest) {
  const p = sqlParams();
  const inner = `select x.asset_id as "assetId", x.asset_name as "assetName",
      coalesce(sum(t.trips), 0)::int as trips, coalesce(sum(t.distance), 0)::float8 as distance,
      coalesce(sum(t.driving), 0)::float8 as "drivingTime", coalesce(sum(s.stops), 0)::int as stops,
      coalesce(sum(s.stopped), 0)::float8 as "stoppedTime", coalesce(sum(s.idle), 0)::float8 as "idleTime"
    from (${stintsSql(request.selection, request.window, p)}) x
    cross join lateral (select count(*) as trips, sum(distance) as distance, sum(duration) as driving from device_trips
      where device_id = x.device_id and start_time >= x.since and start_time < x.until) t
    cross join lateral (select count(*) as stops, sum(duration) as stopped, sum(engine_hours) as idle from device_stops
      where device_id = x.device_id and start_time >= x.since and start_time < x.until) s
    group by x.asset_id, x.asset_name`;
  return pagedQuery<DeviceUsage>(
    q,
    { select: 'u.*', from: `from (${inner}) u`, params: p.values },
    pageSql(request.paging, USAGE_SORT, request.maxPageSize),
  );
}

export function idlePage(q: Queryable, request: SumRequest) {
  const p = sqlParams();
  const inner = `select x.asset_id as "assetId", x.asset_name as "assetName",
      (count(*) filter (where s.engine_hours > 0))::int as "idleStops", coalesce(sum(s.engine_hours), 0)::float8 as "idleTime",
      coalesce(max(s.engine_hours), 0)::float8 as "longestIdle", coalesce(sum(s.duration), 0)::float8 as "stoppedTime"
    from (${stintsSql(request.selection, request.window, p)}) x
    left join device_stops s on s.device_id = x.device_id and s.start_time >= x.since and s.start_time < x.until
    group by x.asset_id, x.asset_name`;
  return pagedQuery<IdleTime>(
    q,
    { select: 'u.*', from: `from (${inner}) u`, params: p.values },
    pageSql(request.paging, IDLE_SORT, request.maxPageSize),
  );
}
