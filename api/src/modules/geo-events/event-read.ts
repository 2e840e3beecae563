/** Event actions and event IO entries as the contract answers them. */
import type { EventAction, EventActionFiring } from '@meridian/shared/contract/event-action';
import type { EventIo } from '@meridian/shared/contract/event-io';
import { GEO_LIST_DEFAULTS } from '@meridian/shared/contract/geo-list';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';

const ACTION_COLUMNS = `a.id, 'eventAction' as type, a.name, a.event_type as "eventType", a.action,
  case when a.attributes->>'commandId' ~ '^[0-9a-f-]{36}$' then (a.attributes->>'commandId')::uuid end as "commandId",
  a.attributes - 'commandId' as attributes, a.tenant_id as "tenantId", tn.name as "tenantName", a.date_created as "dateCreated",
  a.date_modified as "dateModified",
  (select count(*) from event_ios io where io.event_action_id = a.id and io.deleted_at is null)::int as "eventIoCount",
  a.io_id as "ioId", a.io_value as "ioValue", a.geofence_id as "geofenceId", a.time_window as "timeWindow",
  (select coalesce(jsonb_agg(ad.device_id order by ad.device_id), '[]'::jsonb) from event_action_devices ad where ad.event_action_id = a.id) as "deviceIds",
  (select coalesce(jsonb_agg(aa.asset_id order by aa.asset_id), '[]'::jsonb) from event_action_assets aa where aa.event_action_id = a.id) as "assetIds",
  a.notify_user_ids as "notifyUserIds", a.email_addresses as "emailAddresses", a.email_user_ids as "emailUserIds"`;
const ACTION_FROM = `from event_actions a join tenants tn on tn.id = a.tenant_id`;
const ACTION_SORT: SortSpec = {
  fields: { name: 'a.name', eventType: 'a.event_type', action: 'a.action', dateCreated: 'a.date_created', tenantName: 'tn.name' },
  defaultField: GEO_LIST_DEFAULTS.sortField,
  defaultOrder: GEO_LIST_DEFAULTS.sortOrder,
  tieBreaker: 'a.id',
};

export const eventActionById = async (q: Queryable, id: string) =>
  (await q.one<EventAction>(`select ${ACTION_COLUMNS} ${ACTION_FROM} where a.id = $1`, [id]))!;

export async function eventActionPage(q: Queryable, where: string, p: SqlParams, query: PagingQuery, maxPageSize: number) {
  const page = pageSql(query, ACTION_SORT, maxPageSize);
  let condition = where;
  if (page.searchPattern) condition += ` and upper(a.name || ' ' || a.event_type) like ${p.add(page.searchPattern)}`;
  return pagedQuery<EventAction>(q, { select: ACTION_COLUMNS, from: `${ACTION_FROM} where ${condition}`, params: p.values }, page);
}

const IO_COLUMNS = `io.id, io.hardware_id as "hardwareId", h.make, h.model as "hardwareModel", io.io_id as "ioId", io.name, io.attribute,
  io.event_type as "eventType", io.event_action_id as "eventActionId", ea.name as "eventActionName", io.tenant_id as "tenantId",
  tn.name as "tenantName", io.date_created as "dateCreated", io.date_modified as "dateModified"`;
const IO_FROM = `from event_ios io join tenants tn on tn.id = io.tenant_id left join device_hardware h on h.id = io.hardware_id
  left join event_actions ea on ea.id = io.event_action_id and ea.deleted_at is null`;
const IO_SORT: SortSpec = {
  fields: {
    name: 'io.name',
    ioId: 'io.io_id',
    attribute: 'io.attribute',
    eventType: 'io.event_type',
    make: 'h.make',
    dateCreated: 'io.date_created',
    tenantName: 'tn.name',
  },
  defaultField: GEO_LIST_DEFAULTS.sortField,
  defaultOrder: GEO_LIST_DEFAULTS.sortOrder,
  tieBreaker: 'io.id',
};

export const eventIoById = async (q: Queryable, id: string) =>
  (await q.one<EventIo>(`select ${IO_COLUMNS} ${IO_FROM} where io.id = $1`, [id]))!;

export async function eventIoPage(q: Queryable, where: string, p: SqlParams, query: PagingQuery, maxPageSize: number) {
  const page = pageSql(query, IO_SORT, maxPageSize);
  let condition = where;
  if (page.searchPattern) condition += ` and upper(io.name || ' ' || io.attribute || ' ' || io.io_id) like ${p.add(page.searchPattern)}`;
  return pagedQuery<EventIo>(q, { select: IO_COLUMNS, from: `${IO_FROM} where ${condition}`, params: p.values }, page);
}

/** The live event IO entries of an action, by IO id, cut to the first 1000. */
export const eventIosOfAction = (q: Queryable, where: string, p: SqlParams, actionId: string) =>
  q.query<EventIo>(
    `select ${IO_COLUMNS} ${IO_FROM} where ${where} and io.event_action_id = ${p.add(actionId)} order by io.io_id, io.id limit ${GEO_LIST_DEFAULTS.cut}`,
    p.values,
  );

const FIRING_COLUMNS = `f.id, f.event_action_id as "eventActionId", f.device_id as "deviceId", d.name as "deviceName",
  f.event_id as "eventId", f.position_id as "positionId", f.event_type as "eventType", f.event_time as "eventTime",
  f.fired_at as "firedAt", f.notified, f.mailed, f.command_queue_id as "commandQueueId", f.error`;

const FIRING_SORT: SortSpec = { fields: { firedAt: 'f.fired_at' }, defaultField: 'firedAt', defaultOrder: 'DESC', tieBreaker: 'f.id' };

/** A rule's firings, newest first (keyed on the firing index). */
export async function eventActionFiringPage(q: Queryable, actionId: string, query: PagingQuery, maxPageSize: number) {
  const page = pageSql(query, FIRING_SORT, maxPageSize);
  const p = sqlParams([actionId]);
  const { rows, paging } = await pagedQuery<
    EventActionFiring & { id: number | string; eventId: number | string | null; positionId: number | string | null }
  >(
    q,
    {
      select: FIRING_COLUMNS,
      from: `from event_action_firings f join geo_devices d on d.id = f.device_id where f.event_action_id = $1`,
      params: p.values,
    },
    page,
  );
  return {
    rows: rows.map((row) => ({
      ...row,
      id: Number(row.id),
      eventId: row.eventId === null ? null : Number(row.eventId),
      positionId: row.positionId === null ? null : Number(row.positionId),
    })),
    paging,
  };
}
