/**
 * The public listing of repossessed vehicles (tracking spec 7 Vehicles; issue 20): a lender's page
 * for anyone, signed out, at /listing/{tenantKey}. It shows only the repossessions of the lender's
 * subtree whose status is Listed, and of each only what a buyer needs: a masked registration, make,
 * model, year, colour, whether it has a listing photo, and the bluebook value (minor units with their
 * currency). Never the debtor, notes, reasons, history, nor the ids of the vehicle, its photos or tenant.
 *
 * A bid is a name, a contact (a phone number or an e-mail address) and a whole positive amount in minor
 * units. `website` is a honeypot: people never see it, so a filled one marks a robot, and the server
 * answers it as a success while keeping nothing.
 */
import { z } from 'zod';
import { answerId } from './answer-fields';
import { minorFromText, minorToDecimalText } from '../money-text';
import { idSchema } from '../validation';

export const PUBLIC_LISTING_LIMITS = {
  /** A public page shows at most this many vehicles per page. */
  maxPageSize: 50,
  nameMinLength: 2,
  nameMaxLength: 100,
  contactMaxLength: 254,
  /** A sane ceiling: a billion in major units, far above any vehicle, and exact as a JSON number. */
  maxAmountMinor: 100_000_000_000,
  /** The body of a bid is small: anything larger is refused before it is parsed (413). */
  bodyLimitBytes: 2048,
  /** Bids one client address may make in the window, across listings. */
  bidsPerAddress: 5,
  /** Bids one listing takes in the window, from everyone (a flood on one vehicle). */
  bidsPerListing: 50,
  bidWindowMs: 15 * 60_000,
} as const;

export const PUBLIC_LISTING_MESSAGES = {
  notFound: 'This listing does not exist, or the vehicle is no longer for sale.',
  bidReceived: 'Thank you: your bid was received. The seller will contact you if it is accepted.',
  tooManyBids: (seconds: number) => `Too many bids from this network just now. Try again in ${seconds} seconds.`,
  listingBusy: (seconds: number) => `This vehicle is receiving many bids just now. Try again in ${seconds} seconds.`,
  currency: (currency: string) => `Bids on this vehicle are in ${currency}.`,
} as const;

/** A company's public key: a readable slug of 3 to 40 lower-case letters, digits and inner dashes. */
export const tenantKeySchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/, 'A listing key is 3 to 40 lower-case letters, digits or dashes.');

export const publicListingParamsSchema = z.object({ tenantKey: tenantKeySchema });
export const publicListingVehicleParamsSchema = z.object({ tenantKey: tenantKeySchema, listingId: idSchema });

export const publicListingQuerySchema = z.object({
  page: z.coerce.number().int('A page is a whole number.').min(1, 'A page is 1 or more.').max(10_000).default(1),
  size: z.coerce
    .number()
    .int('A size is a whole number.')
    .min(1, 'A size is 1 or more.')
    .max(PUBLIC_LISTING_LIMITS.maxPageSize, `A size is at most ${PUBLIC_LISTING_LIMITS.maxPageSize}.`)
    .default(12),
});
export type PublicListingQuery = z.infer<typeof publicListingQuerySchema>;

/**
 * The registration as the public sees it: its first two and last two characters, the rest masked. Enough
 * to tell two cars apart on a yard; not enough to look the debtor up by number plate.
 */
export function maskRegistration(registration: string): string {
  const plain = registration.replace(/\s+/g, '').toUpperCase();
  if (plain.length <= 4) return `${plain.slice(0, 1)}${'•'.repeat(Math.max(0, plain.length - 1))}`;
  return `${plain.slice(0, 2)}${'•'.repeat(plain.length - 4)}${plain.slice(-2)}`;
}

export const moneySchema = z.strictObject({ amountMinor: z.number().int(), currency: z.string() });
export type Money = z.infer<typeof moneySchema>;

/** One vehicle on the public page: exactly these keys. */
export const publicListingVehicleSchema = z.strictObject({
  id: answerId,
  registration: z.string(),
  make: z.string(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  colour: z.string().nullable(),
  /** The listing photo's address (this public API), or null when none was chosen. */
  photoUrl: z.string().nullable(),
  bluebookValue: moneySchema.nullable(),
  /** The currency bids on it are made in. */
  currency: z.string(),
});
export type PublicListingVehicle = z.infer<typeof publicListingVehicleSchema>;

/** The page: the seller's name and one page of its listed vehicles (meta.paging pages them). */
export const publicListingSchema = z.strictObject({ sellerName: z.string(), vehicles: z.array(publicListingVehicleSchema) });
export type PublicListing = z.infer<typeof publicListingSchema>;

const currencySchema = z
  .string({ error: 'A currency is a three-letter ISO 4217 code, such as ZAR.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO 4217 code, such as ZAR.');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]*$/;
const digitCount = (text: string) => text.replace(/\D/g, '').length;
/** A phone number (7 to 15 digits, as E.164 allows, with spaces, dashes or brackets) or an e-mail address. */
export const isBidContact = (text: string) =>
  text.includes('@') ? EMAIL.test(text) : PHONE.test(text) && digitCount(text) >= 7 && digitCount(text) <= 15;

/** POST /public/listing/{tenantKey}/{listingId}/bids: strict, so an unknown key is a 400 too. */
export const publicBidSchema = z.strictObject({
  name: z
    .string({ error: 'Your name is required.' })
    .trim()
    .min(PUBLIC_LISTING_LIMITS.nameMinLength, 'Your name is required.')
    .max(PUBLIC_LISTING_LIMITS.nameMaxLength, `A name has at most ${PUBLIC_LISTING_LIMITS.nameMaxLength} characters.`),
  contact: z
    .string({ error: 'A phone number or an e-mail address is required.' })
    .trim()
    .min(1, 'A phone number or an e-mail address is required.')
    .max(PUBLIC_LISTING_LIMITS.contactMaxLength, `A contact has at most ${PUBLIC_LISTING_LIMITS.contactMaxLength} characters.`)
    .refine(isBidContact, 'Give a phone number (7 to 15 digits) or an e-mail address.'),
  amountMinor: z
    .number({ error: 'An amount is a whole number of cents.' })
    .int('An amount is a whole number of cents, never a fraction.')
    .positive('An amount is more than 0.')
    .max(PUBLIC_LISTING_LIMITS.maxAmountMinor, `An amount is at most ${PUBLIC_LISTING_LIMITS.maxAmountMinor} cents.`),
  currency: currencySchema.optional(),
  /** The honeypot: hidden from people, so it stays empty. */
  website: z.string().max(200).optional(),
});
export type PublicBid = z.infer<typeof publicBidSchema>;

/** What a bid's sender learns: that it arrived, and nothing about other bids. */
export const publicBidReceivedSchema = z.strictObject({ received: z.literal(true) });

/** The bid form: the amount is typed in major units and checked as the API checks amountMinor. */
export const publicBidFormSchema = z.object({
  name: publicBidSchema.shape.name,
  contact: publicBidSchema.shape.contact,
  amount: z
    .string()
    .trim()
    .min(1, 'An amount is required.')
    .refine((text) => minorFromText(text) !== null, 'Type the amount in whole units and cents, such as 125000 or 125000.50.')
    .refine((text) => publicBidSchema.shape.amountMinor.safeParse(minorFromText(text)).success, {
      message: `An amount is more than 0 and at most ${minorToDecimalText(PUBLIC_LISTING_LIMITS.maxAmountMinor)}.`,
    }),
  website: z.string().optional(),
});
export type PublicBidForm = z.infer<typeof publicBidFormSchema>;
