/**
 * The workbench's four parts, each a count and the first few rows, read from what ingest keeps current
 * (devices' last update, processing's state, crashes, notifications): no positions are scanned. A
 * device's asset is named only when the caller may see that asset (asset groups).
 */
import {
  WORKBENCH_LIMITS,
  type WorkbenchAlarm,
  type WorkbenchCrash,
  type WorkbenchDevice,
  type WorkbenchPart,
} from '@meridian/shared/contract/workbench';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { inScope } from '../../tenancy/subtree';
import { assetVisible, type AssetViewer } from '../assets/asset-access';
import { countUnread, listNotifications, NOTIFICATION_SORT } from '../tracking-notifications/tracking-notification-read';
import { pageSql } from '../../http/paging';

const ITEMS = WORKBENCH_LIMITS.items;

/** SQL: the visible asset `va` (id, name) of device `d`, or nulls. */
const assetOfDevice = (viewer: AssetViewer, p: SqlParams) => `left join lateral (
    select a.id, a.name from asset_devices ad join assets a on a.id = ad.asset_id
     where ad.device_id = d.id and ${assetVisible(viewer, p, 'a')}) va on true`;

const DEVICE_COLUMNS = `d.id as "deviceId", d.name as "deviceName", va.id as "assetId", va.name as "assetName", d.last_update as "lastUpdate"`;

async function devicePart(
  q: Queryable,
  viewer: AssetViewer,
  condition: (p: SqlParams) => string,
  order: string,
): Promise<WorkbenchPart<WorkbenchDevice>> {
  const p = sqlParams();
  const where = `d.deleted_at is null and not d.disabled and ${inScope('d.tenant_id', viewer.scope, p)} and ${condition(p)}`;
  const count = await q.one<{ n: number }>(`select count(*)::int as n from geo_devices d where ${where}`, p.values);
  const items = await q.query<WorkbenchDevice>(
    `select ${DEVICE_COLUMNS} from geo_devices d ${assetOfDevice(viewer, p)} where ${where} order by ${order} limit ${ITEMS}`,
    p.values,
  );
  return { count: count!.n, items };
}

/** Heard from before, but not for longer than `minutes`: the longest silent first. */
export const offlineDevices = (q: Queryable, viewer: AssetViewer, minutes: number) =>
  devicePart(q, viewer, (p) => `d.last_update < now() - make_interval(mins => ${p.add(minutes)})`, 'd.last_update, d.id');

/** Linked to live geofences (not points of interest) and inside none of them as processing last saw it. */
export const devicesOutsideZones = (q: Queryable, viewer: AssetViewer) =>
  devicePart(
    q,
    viewer,
    () => `exists (select 1 from device_geofences l join geofences g on g.id = l.geofence_id
                     where l.device_id = d.id and g.deleted_at is null and g.type = 'geofence')
       and exists (select 1 from device_state s where s.device_id = d.id and not exists (
                     select 1 from device_geofences l where l.device_id = d.id and (s.state->'geofenceIds') ? l.geofence_id::text))`,
    'd.last_update desc nulls last, d.id',
  );

export async function openCrashes(q: Queryable, viewer: AssetViewer): Promise<WorkbenchPart<WorkbenchCrash>> {
  const p = sqlParams();
  const where = `c.status = 'NEW' and ${inScope('c.tenant_id', viewer.scope, p)}`;
  const count = await q.one<{ n: number }>(`select count(*)::int as n from crash_events c where ${where}`, p.values);
  const items = await q.query<WorkbenchCrash>(
    `select c.id, c.device_id as "deviceId", d.name as "deviceName", va.id as "assetId", va.name as "assetName", c.kind,
            c.occurred_at as "occurredAt"
       from crash_events c join geo_devices d on d.id = c.device_id ${assetOfDevice(viewer, p)}
      where ${where} order by c.occurred_at desc, c.id limit ${ITEMS}`,
    p.values,
  );
  return { count: count!.n, items };
}

const FIRST_PAGE = pageSql({ page: 1, size: ITEMS, search: '%%' }, NOTIFICATION_SORT, ITEMS);

export async function unreadAlarms(q: Queryable, viewer: AssetViewer): Promise<WorkbenchPart<WorkbenchAlarm>> {
  const filter = { itemType: 'alarm', unread: true, searchPattern: null };
  const { rows } = await listNotifications(q, viewer.scope, viewer.userId, filter, FIRST_PAGE);
  const items = rows.map((n) => ({
    id: n.Id,
    deviceId: n.deviceId,
    deviceName: n.messageData.deviceName,
    message: n.message,
    alarm: n.messageData.alarm ?? null,
    dateCreated: new Date(n.dateCreated).toISOString(),
  }));
  return { count: await countUnread(q, viewer.scope, viewer.userId, { itemType: 'alarm' }), items };
}
