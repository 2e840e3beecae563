/** Sightings as the contract answers them (with where their photo is fetched), in pages or by condition. */
import type { Sighting, SightingListQuery } from '@meridian/shared/contract/sighting';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';

const COLUMNS = `g.id, g.repossession_id as "repossessionId", v.registration_number as "registrationNumber", v.make, g.latitude, g.longitude,
  g.accuracy, g.seen_at as "seenAt", g.note, g.status, g.spotter_id as "spotterId", sp.name as "spotterName",
  g.reported_user_id as "reportedByUserId", ru.first_name || ' ' || ru.last_name as "reportedByName",
  g.confirmed_user_id as "confirmedByUserId", g.date_confirmed as "dateConfirmed", g.photo_stored_name is not null as "hasPhoto",
  g.tenant_id as "tenantId", g.date_created as "dateCreated"`;
const FROM = `from vehicle_sightings g join repossessions r on r.id = g.repossession_id join vehicles v on v.id = r.vehicle_id
  join users ru on ru.id = g.reported_user_id left join spotters sp on sp.id = g.spotter_id`;

const SORT: SortSpec = {
  fields: { seenAt: 'g.seen_at', dateCreated: 'g.date_created', status: 'g.status', registrationNumber: 'v.registration_number' },
  defaultField: 'seenAt',
  defaultOrder: 'DESC',
  tieBreaker: 'g.id',
};

type SightingRow = Omit<Sighting, 'photoUrl' | 'thumbnailUrl'> & { hasPhoto: boolean };

const photoUrl = (id: string) => `/api/vehicles/sightings/${id}/photo`;
const answerOf = ({ hasPhoto, ...row }: SightingRow): Sighting => ({
  ...row,
  photoUrl: hasPhoto ? photoUrl(row.id) : null,
  thumbnailUrl: hasPhoto ? `${photoUrl(row.id)}/thumbnail` : null,
});

export async function sightingPage(q: Queryable, filter: { where: string; p: SqlParams }, query: SightingListQuery, maxPageSize: number) {
  const { p } = filter;
  const page = pageSql(query, SORT, maxPageSize);
  let where = filter.where;
  if (query.repossessionId) where += ` and g.repossession_id = ${p.add(query.repossessionId)}`;
  if (query.spotterId) where += ` and g.spotter_id = ${p.add(query.spotterId)}`;
  if (query.status) where += ` and g.status = ${p.add(query.status)}`;
  if (page.searchPattern) where += ` and v.search_text like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<SightingRow>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
  return { items: rows.map(answerOf), paging };
}

/** The live sightings matching `where` (alias `g`), latest seen first: at most 200, a details page's share. */
export async function sightingsWhere(q: Queryable, where: string, params: unknown[]): Promise<Sighting[]> {
  const rows = await q.query<SightingRow>(
    `select ${COLUMNS} ${FROM} where g.deleted_at is null and ${where} order by g.seen_at desc, g.id desc limit 200`,
    params,
  );
  return rows.map(answerOf);
}

export async function sightingById(q: Queryable, id: string): Promise<Sighting> {
  const row = (await q.one<SightingRow>(`select ${COLUMNS} ${FROM} where g.id = $1`, [id]))!;
  return answerOf(row);
}
