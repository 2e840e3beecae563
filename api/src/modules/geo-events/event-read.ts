/** Event actions and event IO entries as the contract answers them. */
import type { EventAction } from '@meridian/shared/contract/event-action';
import type { EventIo } from '@meridian/shared/contract/event-io';
import { GEO_LIST_DEFAULTS } from '@meridian/shared/contract/geo-list';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';

const ACTION_COLUMNS = `a.id, 'eventAction' as type, a.name, a.event_type as "eventType", a.action,
  case when a.attributes->>'commandId' ~ '^[0-9a-f-]{36}$' then (a.attributes->>'commandId')::uuid end as "commandId",
  a.attributes - 'commandId' as attributes, a.tenant_id as "tenantId", tn.name as "tenantName", a.date_created as "dateCreated",
  a.date_modified as "dateModified",
  (select count(*) from event_ios io where io.event_action_id = a.id and io.deleted_at is null)::int as "eventIoCount"`;
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
