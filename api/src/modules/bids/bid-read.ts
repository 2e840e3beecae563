/** Bids as the contract answers them: in pages (newest received first, spec 9) and one by id. */
import { BID_LIST_DEFAULTS, type Bid, type BidListQuery } from '@meridian/shared/contract/bid';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { minorUnits } from '../public-listing/listing-keys';

const COLUMNS = `b.id, b.repossession_id as "repossessionId", r.vehicle_id as "vehicleId", v.registration_number as "registrationNumber",
  v.make, v.model, b.bidder_name as "bidderName", b.bidder_contact as "bidderContact", b.amount_minor::text as "amountMinor", b.currency,
  b.status, r.status as "repossessionStatus", b.received_date as "receivedDate", b.decided_date as "decidedDate",
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "decidedByUserName", b.tenant_id as "tenantId"`;
const FROM = `from vehicle_bids b join repossessions r on r.id = b.repossession_id and r.deleted_at is null
  join vehicles v on v.id = r.vehicle_id left join users u on u.id = b.decided_by_user_id`;

const SORT: SortSpec = {
  fields: { receivedDate: 'b.received_date', amountMinor: 'b.amount_minor', status: 'b.status' },
  defaultField: BID_LIST_DEFAULTS.sortField,
  defaultOrder: BID_LIST_DEFAULTS.sortOrder,
  tieBreaker: 'b.id',
};

type Row = Omit<Bid, 'amountMinor' | 'receivedDate' | 'decidedDate'> & {
  amountMinor: string;
  receivedDate: Date | string;
  decidedDate: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const answerOf = (row: Row): Bid => ({
  ...row,
  amountMinor: minorUnits(row.amountMinor),
  receivedDate: iso(row.receivedDate),
  decidedDate: row.decidedDate ? iso(row.decidedDate) : null,
});

export async function bidPage(q: Queryable, filter: { where: string; p: SqlParams }, query: BidListQuery, maxPageSize: number) {
  const { p } = filter;
  const page = pageSql(query, SORT, maxPageSize);
  let where = filter.where;
  if (query.repossessionId) where += ` and b.repossession_id = ${p.add(query.repossessionId)}`;
  if (query.status) where += ` and b.status = ${p.add(query.status)}`;
  // Search matches the vehicle (registration, make, model...), not the bidder.
  if (page.searchPattern) where += ` and v.search_text like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<Row>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
  return { items: rows.map(answerOf), paging };
}

export async function bidById(q: Queryable, id: string): Promise<Bid> {
  return answerOf((await q.one<Row>(`select ${COLUMNS} ${FROM} where b.id = $1`, [id]))!);
}
