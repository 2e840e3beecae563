/**
 * An asset's alarms and events: the `device_events` its devices raised while they were in it. The
 * device-asset history says when each device was in the asset, so an event a device raised before it
 * was fitted, or after it moved to another asset, is not this asset's (as crashes keep the asset of
 * the moment they happened). Notifications are not the source: only some events raise one.
 */
import type { AssetEvent, AssetEventKind } from '@meridian/shared/contract/asset-event';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';

const COLUMNS = `e.id, h.asset_id as "assetId", e.device_id as "deviceId", d.name as "deviceName", e.type,
  case when e.type = 'alarm' then e.attributes->>'alarm' end as alarm, e.event_time as "eventTime", e.position_id as "positionId",
  p.latitude, p.longitude, e.geofence_id as "geofenceId", f.name as "geofenceName", e.attributes`;
const FROM = `from device_events e
  join asset_device_history h on h.device_id = e.device_id and e.event_time >= h.linked_at
                             and (h.unlinked_at is null or e.event_time < h.unlinked_at)
  join geo_devices d on d.id = e.device_id
  left join geofences f on f.id = e.geofence_id
  left join lateral (select x.latitude, x.longitude from positions x where x.id = e.position_id and x.device_id = e.device_id limit 1) p on true`;
// Newest first only (spec 9): the lists take no sort field.
const SORT: SortSpec = { fields: { eventTime: 'e.event_time' }, defaultField: 'eventTime', defaultOrder: 'DESC', tieBreaker: 'e.id' };

type Row = Omit<AssetEvent, 'id' | 'positionId'> & { id: number | string; positionId: number | string | null };

/** A page of the asset's alarms (`alarm` events) or events (every other type), of devices in the acting subtree. */
export async function assetEventPage(
  q: Queryable,
  scope: TenantScope,
  assetId: string,
  kind: AssetEventKind,
  query: { page: number; size: number },
  pageSize: number,
) {
  const p = sqlParams();
  const where = `h.asset_id = ${p.add(assetId)} and e.type ${kind === 'alarm' ? '=' : '<>'} 'alarm' and ${inScope('e.tenant_id', scope, p)}`;
  const page = pageSql({ ...query, search: '' }, SORT, pageSize);
  const { rows, paging } = await pagedQuery<Row>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
  return {
    items: rows.map((row): AssetEvent => ({
      ...row,
      id: Number(row.id),
      positionId: row.positionId === null ? null : Number(row.positionId),
    })),
    paging,
  };
}
