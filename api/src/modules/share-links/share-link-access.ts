/**
 * Who may list, make and change share links, and which links a caller reaches: those of the assets
 * they see (asset-access.ts), so a link of another company's asset, or of an asset in a group the
 * caller cannot see, is not found (404) as its asset would not be.
 */
import { assetShareLinks } from '@meridian/shared/contract/areas/tracking';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { assetVisible, type AssetViewer } from '../assets/asset-access';

export const SHARE_LINK_READERS = allow(assetShareLinks, 'read');
export const SHARE_LINK_CREATORS = allow(assetShareLinks, 'create');
export const SHARE_LINK_EDITORS = allow(assetShareLinks, 'edit');

export interface VisibleShareLink {
  id: string;
  asset_id: string;
  status: 'active' | 'revoked';
}

/** The link if the viewer sees its asset, else 404. */
export async function visibleShareLink(q: Queryable, viewer: AssetViewer, id: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const row = await q.one<VisibleShareLink>(
    `select l.id, l.asset_id, l.status from share_links l join assets a on a.id = l.asset_id
     where l.id = $1 and ${assetVisible(viewer, p)}${options.lock ? ' for update of l' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Share link');
  return row;
}
