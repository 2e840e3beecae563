/**
 * Reading the acting subtree's tracking notifications as one operator sees them: filtered, paged
 * newest first, each marked read or not for that operator (a watermark from "mark all as read", plus
 * single reads after it), and the unread count for the bell.
 */
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { pagedQuery, type PageSql, type SortSpec } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import type { TrackingNotification } from '@meridian/shared/contract/tracking-live';
import { UNREAD_COUNT_CAP } from '@meridian/shared/contract/tracking-notification';

/** Newest first, always: the list is a feed. */
export const NOTIFICATION_SORT: SortSpec = {
  fields: { dateCreated: 'n.date_created' },
  defaultField: 'dateCreated',
  defaultOrder: 'DESC',
  tieBreaker: 'n.id',
};

export interface NotificationFilter {
  /** A device already checked visible to the caller. */
  deviceId?: string;
  itemType?: string;
  /** Instants: the start of the first day and of the day after the last, in the tenant's zone. */
  start?: Date;
  end?: Date;
  unread?: boolean;
  /** Made at or before this instant only. */
  before?: Date;
  searchPattern?: string | null;
}

/** SQL: whether notification `n` is read by the user `me.user_id` (see `fromOf`). */
const READ_BY_ME = `(n.date_created <= coalesce((select m.read_before from tracking_notification_marks m where m.user_id = me.user_id), '-infinity')
    or exists (select 1 from tracking_notification_reads r where r.user_id = me.user_id and r.notification_id = n.id))`;

/**
 * SQL from the FROM on: the notifications the filter keeps, beside the caller as `me` (in the FROM, not
 * the select list, so a count made of this part still uses every parameter it is given).
 */
function fromOf(scope: TenantScope, userId: string, filter: NotificationFilter, p: SqlParams) {
  const me = `(select ${p.add(userId)}::uuid as user_id) me`;
  let where = `n.device_id is not null and ${inScope('n.tenant_id', scope, p)}`;
  if (filter.deviceId) where += ` and n.device_id = ${p.add(filter.deviceId)}`;
  if (filter.itemType) where += ` and n.item_type = ${p.add(filter.itemType)}`;
  if (filter.start) where += ` and n.date_created >= ${p.add(filter.start)}`;
  if (filter.end) where += ` and n.date_created < ${p.add(filter.end)}`;
  if (filter.before) where += ` and n.date_created <= ${p.add(filter.before)}`;
  if (filter.searchPattern) where += ` and upper(n.message || ' ' || n.item_type) like ${p.add(filter.searchPattern)}`;
  if (filter.unread) where += ` and not ${READ_BY_ME}`;
  return `from tracking_notifications n cross join ${me} where ${where}`;
}

export async function listNotifications(q: Queryable, scope: TenantScope, userId: string, filter: NotificationFilter, page: PageSql) {
  const p = sqlParams();
  const from = fromOf(scope, userId, filter, p);
  return pagedQuery<TrackingNotification & { read: boolean }>(
    q,
    {
      select: `n.id as "Id", n.tenant_id as "tenantId", n.device_id as "deviceId", n.item_type as "itemType", n.message,
        n.message_data as "messageData", n.date_created as "dateCreated", ${READ_BY_ME} as read`,
      from,
      params: p.values,
    },
    page,
  );
}

/** Unread of the acting subtree (of one type, if given), counted no further than UNREAD_COUNT_CAP. */
export async function countUnread(
  q: Queryable,
  scope: TenantScope,
  userId: string,
  filter: Pick<NotificationFilter, 'itemType'> = {},
): Promise<number> {
  const p = sqlParams();
  const row = await q.one<{ count: number }>(
    `select count(*)::int as count from (select 1 ${fromOf(scope, userId, { ...filter, unread: true }, p)} limit ${UNREAD_COUNT_CAP}) unread`,
    p.values,
  );
  return row!.count;
}

/** Of `ids`, those the caller may see: in the acting subtree. */
export async function visibleNotificationIds(q: Queryable, scope: TenantScope, ids: readonly string[]): Promise<string[]> {
  const p = sqlParams();
  const rows = await q.query<{ id: string }>(
    `select n.id from tracking_notifications n where n.id = any(${p.add(ids)}::uuid[]) and ${inScope('n.tenant_id', scope, p)}`,
    p.values,
  );
  return rows.map((r) => r.id);
}
