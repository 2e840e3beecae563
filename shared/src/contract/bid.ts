/**
 * Bids on listed vehicles as staff see them (tracking spec 3 "vehicle bid (with receivedDate)", 7
 * Vehicles, 9: sorted by receivedDate, newest first), accepting one, and the listing as staff see it.
 *
 * A bid is `received` until a decision: accepting one moves its repossession Listed → Sold (with a
 * history row) and declines every other bid on it; a repossession no longer Listed takes no acceptance (409).
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { geoListQuerySchema, optionalText } from './geo-list';
import { moneySchema } from './public-listing';
import { idSchema } from '../validation';

export const BID_STATUSES = ['received', 'accepted', 'declined'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

/** Bids sort by when they were received, newest first (spec 9). */
export const BID_LIST_DEFAULTS = { sortField: 'receivedDate', sortOrder: 'DESC' } as const;
export const BID_SORT_FIELDS = ['receivedDate', 'amountMinor', 'status'] as const;

export const BID_MESSAGES = {
  accepted: (registration: string) => `Bid accepted: ${registration} is sold.`,
  notListed: (status: string) =>
    `This bid cannot be accepted: its vehicle is ${status}, not Listed. Only a listed vehicle is sold by accepting a bid.`,
} as const;

const statusSchema = z.enum(BID_STATUSES, { error: `A status is one of ${BID_STATUSES.join(', ')}.` });

/** GET /vehicles/bids/{userId}: the paging query, one repossession's bids, or bids of one status. */
export const bidListQuerySchema = geoListQuerySchema.extend({ repossessionId: idSchema.optional(), status: statusSchema.optional() });
export type BidListQuery = z.infer<typeof bidListQuerySchema>;

/** PUT /vehicles/bids-accept. */
export const bidAcceptSchema = z.object({ bidId: idSchema, note: optionalText(1000, 'A note') });
export type BidAccept = z.infer<typeof bidAcceptSchema>;

export const bidSchema = z.strictObject({
  id: answerId,
  repossessionId: answerId,
  vehicleId: answerId,
  registrationNumber: z.string(),
  make: z.string(),
  model: z.string().nullable(),
  bidderName: z.string(),
  bidderContact: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: statusSchema,
  repossessionStatus: z.string(),
  receivedDate: answerInstant,
  decidedDate: answerInstant.nullable(),
  decidedByUserName: z.string().nullable(),
  tenantId: answerId,
});
export type Bid = z.infer<typeof bidSchema>;

/** GET /vehicles/repossessions/public-listing: a Listed repossession as staff see it, with its bids counted. */
export const staffListingSchema = z.strictObject({
  id: answerId,
  vehicleId: answerId,
  registrationNumber: z.string(),
  make: z.string(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  colour: z.string().nullable(),
  publicListingPhotoId: answerId.nullable(),
  thumbnailUrl: z.string().nullable(),
  bluebookValue: moneySchema.nullable(),
  bidCount: answerCount,
  highestBid: moneySchema.nullable(),
  /** The public key of the nearest tenant at or above it with a public listing, or null when none shows it. */
  publicListingKey: z.string().nullable(),
  listedDate: answerInstant,
  tenantId: answerId,
});
export type StaffListing = z.infer<typeof staffListingSchema>;

export const staffListingQuerySchema = geoListQuerySchema;
