/**
 * Who may read and accept bids, and which a caller sees: the bids on repossessions of the acting
 * tenant's subtree (a bid's tenant is its repossession's); anything else answers 404.
 */
import { bids } from '@meridian/shared/contract/areas/vehicles';
import type { BidStatus } from '@meridian/shared/contract/bid';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const BID_READERS = allow(bids, 'read');
export const BID_ACCEPTORS = allow(bids, 'accept');

export interface VisibleBid {
  id: string;
  repossession_id: string;
  status: BidStatus;
}

export async function visibleBid(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const row = await q.one<VisibleBid>(
    `select b.id, b.repossession_id, b.status from vehicle_bids b join repossessions r on r.id = b.repossession_id and r.deleted_at is null
     where b.id = $1 and ${inScope('b.tenant_id', scope, p)}`,
    p.values,
  );
  if (!row) throw notFound('Bid');
  return row;
}
