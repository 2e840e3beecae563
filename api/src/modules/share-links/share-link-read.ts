/** Share links as the asset's Share tab lists them: never their token, with their state derived from the clock. */
import type { ShareLink } from '@meridian/shared/contract/share-link';
import type { Queryable } from '../../db/database';

/** `expired` is not stored: a link whose expiry has passed is expired whatever its status says. */
const STATE = `case when l.status = 'revoked' then 'revoked' when l.expire_date <= now() then 'expired' else 'active' end`;

const COLUMNS = `l.id, l.asset_id as "assetId", a.name as "assetName", l.expire_date as "expireDate", ${STATE} as status,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "createdByName",
  l.created_at as "dateCreated", l.revoked_at as "revokedAt", l.last_opened_at as "lastOpenedAt", l.open_count as "openCount"`;
const FROM = `from share_links l join assets a on a.id = l.asset_id left join users u on u.id = l.created_by`;

const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));

const answer = (row: ShareLink): ShareLink => ({
  ...row,
  expireDate: instant(row.expireDate)!,
  dateCreated: instant(row.dateCreated)!,
  revokedAt: instant(row.revokedAt),
  lastOpenedAt: instant(row.lastOpenedAt),
  openCount: Number(row.openCount),
});

/** An asset's links, newest first (an asset has few: each is made by hand). */
export async function shareLinksOfAsset(q: Queryable, assetId: string): Promise<ShareLink[]> {
  const rows = await q.query<ShareLink>(`select ${COLUMNS} ${FROM} where l.asset_id = $1 order by l.created_at desc, l.id`, [assetId]);
  return rows.map(answer);
}

export async function shareLinkById(q: Queryable, id: string): Promise<ShareLink> {
  const row = await q.one<ShareLink>(`select ${COLUMNS} ${FROM} where l.id = $1`, [id]);
  if (!row) throw new Error(`share link ${id} vanished`);
  return answer(row);
}
