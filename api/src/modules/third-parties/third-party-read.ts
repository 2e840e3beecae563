/** Third parties as the contract answers them: in pages, and one with its dispatches, their sightings and rewards earned. */
import type { RecoveryPartyListQuery } from '@meridian/shared/contract/spotter';
import type { ThirdParty, ThirdPartyDetails } from '@meridian/shared/contract/third-party';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql } from '../../http/paging';
import { dispatchesWhere, rewardsEarnedWhere } from '../dispatches/dispatch-read';
import { sightingsWhere } from '../sightings/sighting-read';
import { PARTY_SORT, withDefaultSort } from '../spotters/spotter-read';

const COLUMNS = `t.id, t.name, t.contact_name as "contactName", t.mobile, t.email, t.notes, t.active,
  (select count(*)::int from repossession_dispatches d where d.third_party_id = t.id and d.status = 'Open') as "openDispatches",
  t.tenant_id as "tenantId", t.date_created as "dateCreated", t.date_modified as "dateModified"`;

export async function thirdPartyPage(
  q: Queryable,
  filter: { where: string; p: SqlParams },
  query: RecoveryPartyListQuery,
  maxPageSize: number,
) {
  const { p } = filter;
  const page = pageSql(withDefaultSort(query), PARTY_SORT('t'), maxPageSize);
  let where = filter.where;
  if (query.active) where += ` and t.active = ${p.add(query.active === 'true')}`;
  if (page.searchPattern) where += ` and t.search_text like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<ThirdParty>(
    q,
    { select: COLUMNS, from: `from third_parties t where ${where}`, params: p.values },
    page,
  );
  return { items: rows, paging };
}

export async function thirdPartyById(q: Queryable, id: string): Promise<ThirdPartyDetails> {
  const row = (await q.one<ThirdParty>(`select ${COLUMNS} from third_parties t where t.id = $1`, [id]))!;
  return {
    ...row,
    dispatches: await dispatchesWhere(q, 'd.third_party_id = $1', [id]),
    sightings: await sightingsWhere(
      q,
      'g.repossession_id in (select d.repossession_id from repossession_dispatches d where d.third_party_id = $1)',
      [id],
    ),
    rewardsEarned: await rewardsEarnedWhere(q, 'd.third_party_id = $1', [id]),
  };
}
