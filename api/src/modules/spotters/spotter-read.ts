/** Spotters as the contract answers them: in pages, and one with its dispatches, sightings and rewards earned. */
import type { RecoveryPartyListQuery, Spotter, SpotterDetails } from '@meridian/shared/contract/spotter';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { dispatchesWhere, rewardsEarnedWhere } from '../dispatches/dispatch-read';
import { sightingsWhere } from '../sightings/sighting-read';

const COLUMNS = `s.id, s.name, s.mobile, s.email, s.user_id as "userId", u.first_name || ' ' || u.last_name as "userName", s.notes, s.active,
  (select count(*)::int from repossession_dispatches d where d.spotter_id = s.id and d.status = 'Open') as "openDispatches",
  s.tenant_id as "tenantId", s.date_created as "dateCreated", s.date_modified as "dateModified"`;
const FROM = `from spotters s left join users u on u.id = s.user_id`;

/** Spec 9: the list's sort defaults to empty, which reads as by name. */
export const PARTY_SORT = (alias: string): SortSpec => ({
  fields: { name: `upper(${alias}.name)`, dateCreated: `${alias}.date_created` },
  defaultField: 'name',
  defaultOrder: 'ASC',
  tieBreaker: `${alias}.id`,
});

/** An empty sortField (the spec's default) is no sort field; a bare sortOrder still applies to the name. */
export const withDefaultSort = <Q extends { sortField?: string }>(query: Q): Q => ({ ...query, sortField: query.sortField || undefined });

export async function spotterPage(
  q: Queryable,
  filter: { where: string; p: SqlParams },
  query: RecoveryPartyListQuery,
  maxPageSize: number,
) {
  const { p } = filter;
  const page = pageSql(withDefaultSort(query), PARTY_SORT('s'), maxPageSize);
  let where = filter.where;
  if (query.active) where += ` and s.active = ${p.add(query.active === 'true')}`;
  if (page.searchPattern) where += ` and s.search_text like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<Spotter>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
  return { items: rows, paging };
}

export async function spotterById(q: Queryable, id: string): Promise<SpotterDetails> {
  const row = (await q.one<Spotter>(`select ${COLUMNS} ${FROM} where s.id = $1`, [id]))!;
  return {
    ...row,
    dispatches: await dispatchesWhere(q, 'd.spotter_id = $1', [id]),
    sightings: await sightingsWhere(q, 'g.spotter_id = $1', [id]),
    rewardsEarned: await rewardsEarnedWhere(q, 'd.spotter_id = $1', [id]),
  };
}
