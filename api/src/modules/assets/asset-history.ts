/**
 * The device-asset history (GET /geo/device-asset-history/): which device was in which asset, as
 * which type, from when to when. Rows of assets the viewer sees (deleted ones included: history
 * outlives the asset) and devices of the subtree; a period keeps the stretches that overlap it.
 */
import { ASSET_DEVICE_TYPE_NAMES, type AssetDeviceHistoryEntry, type AssetHistoryQuery } from '@meridian/shared/contract/asset';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { groupVisible, type AssetViewer } from './asset-access';

const SORT: SortSpec = {
  fields: { linkedAt: 'h.linked_at', unlinkedAt: 'h.unlinked_at', deviceName: 'd.name', assetName: 'a.name' },
  defaultField: 'linkedAt',
  defaultOrder: 'DESC',
  tieBreaker: 'h.id',
};

const COLUMNS = `h.id, h.device_id as "deviceId", d.name as "deviceName", d.unique_id as "uniqueId", h.asset_id as "assetId",
  a.name as "assetName", h.device_type_id as "deviceTypeId", h.linked_at as "linkedAt", h.unlinked_at as "unlinkedAt"`;
const FROM = `from asset_device_history h join assets a on a.id = h.asset_id join geo_devices d on d.id = h.device_id`;

export async function historyPage(
  q: Queryable,
  viewer: AssetViewer,
  query: AssetHistoryQuery,
  period: { start: Date; end: Date } | null,
  maxPageSize: number,
) {
  const page = pageSql(query, SORT, maxPageSize);
  const p = sqlParams();
  let where = `${inScope('a.tenant_id', viewer.scope, p)} and ${inScope('d.tenant_id', viewer.scope, p)}`;
  if (!viewer.seesAllGroups)
    where += ` and (a.group_id is null or exists (select 1 from asset_groups g where g.id = a.group_id and ${groupVisible(viewer, p)}))`;
  if (query.deviceId) where += ` and h.device_id = ${p.add(query.deviceId)}`;
  if (query.assetId) where += ` and h.asset_id = ${p.add(query.assetId)}`;
  if (period)
    where += ` and h.linked_at < ${p.add(period.end)}::timestamptz and (h.unlinked_at is null or h.unlinked_at >= ${p.add(period.start)}::timestamptz)`;
  if (page.searchPattern)
    where += ` and (a.search_text like ${p.add(page.searchPattern)} or upper(d.name || ' ' || d.unique_id) like $${p.values.length})`;
  const { rows, paging } = await pagedQuery<Omit<AssetDeviceHistoryEntry, 'devicetypename'>>(
    q,
    { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values },
    page,
  );
  return { items: rows.map((row) => ({ ...row, devicetypename: ASSET_DEVICE_TYPE_NAMES[row.deviceTypeId] ?? 'Unknown' })), paging };
}
