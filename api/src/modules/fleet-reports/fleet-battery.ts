/**
 * The battery report (GET /geo/assets/battery/{start}/{end}/): per asset the battery its Primary
 * device reported last, read from the device's latest position (the one its row points to, one key
 * probe per partition) rather than from the positions over the days. Listed: the assets whose device
 * was last heard from within the days, so a device that went silent with a flat battery shows on the
 * days it died. Traccar's keys: batteryLevel (percent), battery and power (volts, internal and external).
 */
import { ASSET_DEVICE_TYPES } from '@meridian/shared/contract/asset';
import type { BatteryQuery, BatteryReading } from '@meridian/shared/contract/fleet-report';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { assetVisible, type AssetViewer } from '../assets/asset-access';

const SORT: SortSpec = {
  fields: { assetName: 'a.name', deviceName: 'd.name', lastUpdate: 'd.last_update' },
  defaultField: 'assetName',
  defaultOrder: 'ASC',
  tieBreaker: 'a.id',
};

const reading = (key: string) =>
  `case when jsonb_typeof(pos.attributes->'${key}') = 'number' then (pos.attributes->>'${key}')::float8 end as "${key}"`;

const COLUMNS = `a.id as "assetId", a.name as "assetName", d.id as "deviceId", d.name as "deviceName", d.last_update as "lastUpdate",
  ${reading('batteryLevel')}, ${reading('battery')}, ${reading('power')}`;

export function batteryPage(
  q: Queryable,
  viewer: AssetViewer,
  query: BatteryQuery,
  period: { start: Date; end: Date },
  maxPageSize: number,
) {
  const page = pageSql(query, SORT, maxPageSize);
  const p = sqlParams();
  let where = `${assetVisible(viewer, p)} and d.last_update >= ${p.add(period.start)}::timestamptz and d.last_update < ${p.add(period.end)}::timestamptz`;
  if (page.searchPattern) where += ` and (a.search_text like ${p.add(page.searchPattern)} or upper(d.name) like $${p.values.length})`;
  const from = `from assets a join asset_devices ad on ad.asset_id = a.id and ad.device_type_id = ${ASSET_DEVICE_TYPES.primary}
    join geo_devices d on d.id = ad.device_id and d.deleted_at is null
    left join lateral (select p2.attributes from positions p2 where p2.id = d.position_id and p2.device_id = d.id) pos on true
    where ${where}`;
  return pagedQuery<BatteryReading>(q, { select: COLUMNS, from, params: p.values }, page);
}
