/** Repossessions as the contract answers them: in pages, and one with its history of status moves. */
import type { Repossession, RepossessionDetails, RepossessionListQuery, RepossessionMove } from '@meridian/shared/contract/repossession';
import { VEHICLE_LIST_DEFAULTS } from '@meridian/shared/contract/vehicle';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { publicListingKeyOf } from '../public-listing/listing-keys';

const COLUMNS = `r.id, r.vehicle_id as "vehicleId", v.registration_number as "registrationNumber", v.make, r.status, r.reason, r.notes,
  r.tenant_id as "tenantId", r.date_created as "dateCreated", r.date_modified as "dateModified"`;
const FROM = `from repossessions r join vehicles v on v.id = r.vehicle_id`;

const SORT: SortSpec = {
  fields: {
    dateCreated: 'r.date_created',
    dateModified: 'r.date_modified',
    status: 'r.status',
    registrationNumber: 'v.registration_number',
  },
  defaultField: VEHICLE_LIST_DEFAULTS.sortField,
  defaultOrder: VEHICLE_LIST_DEFAULTS.sortOrder,
  tieBreaker: 'r.id',
};

export async function repossessionPage(
  q: Queryable,
  filter: { where: string; p: SqlParams },
  query: RepossessionListQuery,
  maxPageSize: number,
) {
  const { p } = filter;
  const page = pageSql(query, SORT, maxPageSize);
  let where = filter.where;
  if (query.status) where += ` and r.status = ${p.add(query.status)}`;
  if (query.vehicleId) where += ` and r.vehicle_id = ${p.add(query.vehicleId)}`;
  if (page.searchPattern) where += ` and v.search_text like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<Repossession>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
  return { items: rows, paging };
}

export async function repossessionById(q: Queryable, id: string): Promise<RepossessionDetails> {
  const row = (await q.one<Repossession>(`select ${COLUMNS} ${FROM} where r.id = $1`, [id]))!;
  const history = await q.query<RepossessionMove>(
    `select h.id, h.from_status as "fromStatus", h.to_status as "toStatus", h.note, h.user_id as "userId",
       u.first_name || ' ' || u.last_name as "userName", h.date_created as "dateCreated"
     from repossession_history h left join users u on u.id = h.user_id where h.repossession_id = $1 order by h.seq`,
    [id],
  );
  // The listing photo counts only while it is still one of the vehicle's photos.
  const photo = await q.one<{ id: string }>(
    `select ph.id from repossessions r join vehicle_photos ph on ph.id = r.public_listing_photo_id and ph.vehicle_id = r.vehicle_id
     where r.id = $1`,
    [id],
  );
  return { ...row, history, publicListingPhotoId: photo?.id ?? null, publicListingKey: await publicListingKeyOf(q, row.tenantId) };
}
