/** Crashes as the contract answers them; lists newest first (spec 9: createdAt DESC), 100 a page. */
import type { CrashEvent } from '@meridian/shared/contract/crash-event';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';

const COLUMNS = `c.id, c.device_id as "deviceId", d.name as "deviceName", c.asset_id as "assetId", c.position_id as "positionId",
  c.event_id as "eventId", c.occurred_at as "occurredAt", c.kind, c.reading, c.status, c.automatic, c.latitude, c.longitude,
  c.reviewed_by as "reviewedBy", nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "reviewedByName",
  c.reviewed_at as "reviewedAt", c.review_comment as "reviewComment", c.tenant_id as "tenantId", c.date_created as "createdAt"`;
const FROM = `from crash_events c join geo_devices d on d.id = c.device_id left join users u on u.id = c.reviewed_by`;
const SORT: SortSpec = { fields: { occurredAt: 'c.occurred_at' }, defaultField: 'occurredAt', defaultOrder: 'DESC', tieBreaker: 'c.id' };

type Row = Omit<CrashEvent, 'positionId' | 'eventId'> & { positionId: number | string | null; eventId: number | string | null };

const answer = (row: Row): CrashEvent => ({
  ...row,
  positionId: row.positionId === null ? null : Number(row.positionId),
  eventId: row.eventId === null ? null : Number(row.eventId),
});

export const crashById = async (q: Queryable, id: string) => answer((await q.one<Row>(`select ${COLUMNS} ${FROM} where c.id = $1`, [id]))!);

export async function crashPage(q: Queryable, where: string, p: SqlParams, query: { page: number; size: number }, pageSize: number) {
  const page = pageSql({ ...query, search: '' }, SORT, pageSize);
  const { rows, paging } = await pagedQuery<Row>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
  return { rows: rows.map(answer), paging };
}
