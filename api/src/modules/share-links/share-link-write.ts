/**
 * Making and changing share links. The token is made here and answered once: only its SHA-256 is
 * stored, so neither a database copy nor the link list can open a shared page.
 */
import { SHARE_LINK_MESSAGES, type ShareLinkCreate, type ShareLinkUpdate } from '@meridian/shared/contract/share-link';
import { randomToken, tokenHash } from '../../auth/passwords';
import type { Queryable } from '../../db/database';
import { conflict } from '../../http/errors';
import type { AssetViewer, VisibleAsset } from '../assets/asset-access';
import type { VisibleShareLink } from './share-link-access';

export async function createShareLink(q: Queryable, viewer: AssetViewer, asset: VisibleAsset, body: ShareLinkCreate) {
  const token = randomToken();
  const row = await q.one<{ id: string }>(
    `insert into share_links (tenant_id, asset_id, token_hash, expire_date, created_by) values ($1, $2, $3, $4, $5) returning id`,
    [asset.tenant_id, asset.id, tokenHash(token), body.expireDate, viewer.userId],
  );
  return { id: row!.id, token };
}

/**
 * A new expiry (which also reopens an expired link), or revoking. A revoked link stays revoked: its
 * token may have gone where it should not, so only a new link (a new token) shares the asset again.
 */
export async function updateShareLink(q: Queryable, viewer: AssetViewer, link: VisibleShareLink, body: ShareLinkUpdate) {
  if (link.status === 'revoked') {
    if (body.status === 'revoked' && body.expireDate === undefined) return;
    throw conflict(SHARE_LINK_MESSAGES.revokedStays);
  }
  const revoking = body.status === 'revoked';
  await q.query(
    `update share_links set expire_date = coalesce($2, expire_date),
       status = case when $3 then 'revoked' else status end,
       revoked_at = case when $3 then now() else revoked_at end,
       revoked_by = case when $3 then $4::uuid else revoked_by end
     where id = $1`,
    [link.id, body.expireDate ?? null, revoking, viewer.userId],
  );
}
