/**
 * A bid from the public (POST /public/listing/{tenantKey}/{listingId}/bids, no sign-in). Abuse is held
 * back in layers: the body limit (413) and the strict schema (400) before this runs; then a count per
 * client address (every attempt, so guessing listings costs the same as bidding) and per listing (a
 * flood on one vehicle from many addresses), each 429 with Retry-After; then the honeypot, answered as
 * a success while nothing is kept. The bidder's name and contact go to the database only: never to a
 * log line, a message or an error.
 */
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { PUBLIC_LISTING_LIMITS, PUBLIC_LISTING_MESSAGES, type PublicBid } from '@meridian/shared/contract/public-listing';
import type { AppContext } from '../../context';
import { AppError, fieldError, tooManyRequests } from '../../http/errors';
import { secondsToWait } from '../../http/throttle';
import { sellerOfKey } from './listing-keys';
import { listedRow, publicVehicleOf } from './public-listing-read';

export const listingNotFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, PUBLIC_LISTING_MESSAGES.notFound);

async function countOrRefuse(ctx: AppContext, key: string, limit: number, message: (seconds: number) => string) {
  const { count, resetMs } = await ctx.throttle.hit(key, PUBLIC_LISTING_LIMITS.bidWindowMs);
  if (count > limit) throw tooManyRequests(message(secondsToWait(resetMs)), secondsToWait(resetMs));
}

export async function placePublicBid(ctx: AppContext, address: string, key: string, listingId: string, bid: PublicBid): Promise<void> {
  const { db } = ctx;
  await countOrRefuse(ctx, `bid:address:${address}`, PUBLIC_LISTING_LIMITS.bidsPerAddress, PUBLIC_LISTING_MESSAGES.tooManyBids);
  const seller = await sellerOfKey(db, key);
  if (!seller) throw listingNotFound();
  const listed = await listedRow(db, seller, listingId);
  if (!listed) throw listingNotFound();
  // A robot filled the field people never see: it learns nothing, and nothing is kept.
  if (bid.website) return;
  await countOrRefuse(ctx, `bid:listing:${listed.id}`, PUBLIC_LISTING_LIMITS.bidsPerListing, PUBLIC_LISTING_MESSAGES.listingBusy);
  const { currency } = await publicVehicleOf(db, key, listed);
  if (bid.currency && bid.currency !== currency) throw fieldError('currency', PUBLIC_LISTING_MESSAGES.currency(currency));
  await db.tx(async (q) => {
    // Locked and read again: a vehicle sold or withdrawn meanwhile takes no bid.
    const still = await listedRow(q, seller, listingId, { lock: true });
    if (!still) throw listingNotFound();
    await q.query(
      `insert into vehicle_bids (tenant_id, repossession_id, bidder_name, bidder_contact, amount_minor, currency) values ($1, $2, $3, $4, $5, $6)`,
      [still.tenantId, still.id, bid.name, bid.contact, bid.amountMinor, currency],
    );
  });
}
