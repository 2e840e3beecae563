/**
 * The fleet's trips and stops (and the engine report: stops where the engine ran), paged or whole for
 * a file. Rows come from device_trips and device_stops through the selection's stretches (fleet-selection.ts).
 */
import type { AssetStop, AssetTrip } from '@meridian/shared/contract/fleet-report';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import type { ActivityWindow } from '../activities/activity-window';
import { STOP_COLUMNS, TRIP_COLUMNS } from '../device-trips/trip-report';
import { stintsSql, type FleetSelection } from './fleet-selection';

/** Spec 9: geo lists sort newest first; the stops and engine reports oldest first. */
const TRIP_SORT: SortSpec = {
  fields: { startTime: 't.start_time', distance: 't.distance', duration: 't.duration', assetName: 'x.asset_name' },
  defaultField: 'startTime',
  defaultOrder: 'DESC',
  tieBreaker: 't.id',
};
const STOP_SORT: SortSpec = {
  fields: { startTime: 's.start_time', duration: 's.duration', engineHours: 's.engine_hours', assetName: 'x.asset_name' },
  defaultField: 'startTime',
  defaultOrder: 'ASC',
  tieBreaker: 's.id',
};

/**
 * The total counted on its own (once, as an init plan) rather than as a window over the rows: a window
 * count makes PostgreSQL sort every row of a month's fleet (180,000 stops spilled to disk, 225 ms),
 * where a page alone is a top-N sort in memory and the count an index scan (80 + 20 ms).
 */
const countOf = (from: string) => `(select count(*) ${from})`;

export interface ListRequest {
  selection: FleetSelection;
  window: ActivityWindow;
  /** Keep rows whose measure (a trip's distance, a stop's engine time) is zero. */
  zeros: boolean;
  paging: PagingQuery;
  maxPageSize: number;
}

export function tripPage(q: Queryable, request: ListRequest) {
  const p = sqlParams();
  const from = `from (${stintsSql(request.selection, request.window, p)}) x
    join device_trips t on t.device_id = x.device_id and t.start_time >= x.since and t.start_time < x.until
    join geo_devices d on d.id = t.device_id
    ${request.zeros ? '' : 'where t.distance > 0'}`;
  const page = pageSql(request.paging, TRIP_SORT, request.maxPageSize);
  return pagedQuery<AssetTrip>(
    q,
    { select: `${TRIP_COLUMNS}, x.asset_id as "assetId", x.asset_name as "assetName"`, from, params: p.values, total: countOf(from) },
    page,
  );
}

export function stopPage(q: Queryable, request: ListRequest) {
  const p = sqlParams();
  const from = `from (${stintsSql(request.selection, request.window, p)}) x
    join device_stops s on s.device_id = x.device_id and s.start_time >= x.since and s.start_time < x.until
    join geo_devices d on d.id = s.device_id
    ${request.zeros ? '' : 'where s.engine_hours > 0'}`;
  const page = pageSql(request.paging, STOP_SORT, request.maxPageSize);
  return pagedQuery<AssetStop>(
    q,
    { select: `${STOP_COLUMNS}, x.asset_id as "assetId", x.asset_name as "assetName"`, from, params: p.values, total: countOf(from) },
    page,
  );
}
