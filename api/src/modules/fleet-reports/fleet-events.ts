/**
 * The tamper report (GET /geo/notification-event/reports/tamper): alarms of tamper kinds
 * (TAMPER_ALARMS: a tracker opened, removed, cut from power, jammed, towed...) raised at ingest as
 * device_events of type alarm, of the devices of the acting subtree, with the asset the device was
 * in at that moment when the caller sees it. Like tracking notifications, an event is the subtree's
 * whatever the asset's group; naming the asset is left to the group rule.
 */
import { TAMPER_ALARMS, type TamperEvent, type TamperQuery } from '@meridian/shared/contract/fleet-report';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import type { ActivityWindow } from '../activities/activity-window';
import { assetVisible, type AssetViewer } from '../assets/asset-access';

const SORT: SortSpec = {
  fields: { eventTime: 'e.event_time', deviceName: 'd.name', alarm: "e.attributes->>'alarm'", assetName: 'a.name' },
  defaultField: 'eventTime',
  defaultOrder: 'DESC',
  tieBreaker: 'e.id',
};

const COLUMNS = `e.id::text as id, e.event_time as "eventTime", e.attributes->>'alarm' as alarm, e.device_id as "deviceId", d.name as "deviceName",
  a.id as "assetId", a.name as "assetName",
  (select pos.latitude from positions pos where pos.id = e.position_id and pos.device_id = e.device_id) as latitude,
  (select pos.longitude from positions pos where pos.id = e.position_id and pos.device_id = e.device_id) as longitude`;

export function tamperPage(q: Queryable, viewer: AssetViewer, query: TamperQuery, window: ActivityWindow, maxPageSize: number) {
  const page = pageSql(query, SORT, maxPageSize);
  const p = sqlParams();
  const alarms = query.type ? [query.type] : [...TAMPER_ALARMS];
  let where = `e.type = 'alarm' and ${inScope('e.tenant_id', viewer.scope, p)}
    and e.event_time >= ${p.add(window.start)}::timestamptz and e.event_time < ${p.add(window.end)}::timestamptz
    and e.attributes->>'alarm' = any(${p.add(alarms)}::text[])`;
  if (query.assetId) where += ` and a.id = ${p.add(query.assetId)}`;
  if (page.searchPattern)
    where += ` and (upper(d.name || ' ' || d.unique_id) like ${p.add(page.searchPattern)} or a.search_text like $${p.values.length})`;
  const from = `from device_events e join geo_devices d on d.id = e.device_id
    left join asset_device_history h on h.device_id = e.device_id and h.linked_at <= e.event_time
      and (h.unlinked_at is null or h.unlinked_at > e.event_time)
    left join assets a on a.id = h.asset_id and ${assetVisible(viewer, p)}
    where ${where}`;
  return pagedQuery<TamperEvent>(q, { select: COLUMNS, from, params: p.values }, page);
}
