/**
 * Accepting a bid sells its vehicle: the repossession moves Listed → Sold through the workflow (so its
 * history records who sold it and for what), the bid is accepted and every other bid on it declined,
 * all in one transaction with the repossession locked. A repossession no longer Listed (sold through
 * another bid, returned, cancelled) answers 409 and changes nothing.
 */
import { BID_MESSAGES } from '@meridian/shared/contract/bid';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { conflict } from '../../http/errors';
import { visibleRepossession } from '../repossessions/repossession-access';
import { moveRepossession } from '../repossessions/repossession-write';
import { minorUnits } from '../public-listing/listing-keys';
import { visibleBid } from './bid-access';

const money = (amountMinor: number, currency: string) => `${currency} ${(amountMinor / 100).toFixed(2)}`;

export async function acceptBid(q: Queryable, scope: TenantScope, userId: string, input: { bidId: string; note: string | null }) {
  const bid = await visibleBid(q, scope, input.bidId);
  const repossession = await visibleRepossession(q, scope, bid.repossession_id, { lock: true });
  if (repossession.status !== 'Listed') throw conflict(BID_MESSAGES.notListed(repossession.status));
  const amount = (await q.one<{ amount: string; currency: string }>(
    `select amount_minor::text as amount, currency from vehicle_bids where id = $1`,
    [bid.id],
  ))!;
  // The history note says which bid sold it; the bidder's name stays out of it (history is shown widely).
  const note = input.note ?? `Sold to the bid of ${money(minorUnits(amount.amount), amount.currency)}.`;
  await moveRepossession(q, repossession, { to: 'Sold', note, userId });
  await q.query(
    `update vehicle_bids set status = case when id = $1 then 'accepted' else 'declined' end, decided_date = now(), decided_by_user_id = $2
     where repossession_id = $3 and (status = 'received' or id = $1)`,
    [bid.id, userId, repossession.id],
  );
}
