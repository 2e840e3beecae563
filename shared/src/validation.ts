/** The validation rules of the spec (platform section 5, sales section 5) as zod schemas, used by browser and API. */
import { z } from 'zod';
import { AUTH_LIMITS, EMPTY_GUID, GEO } from './constants';
// Installs the one source of validation messages before any schema of the contract parses.
import './validation-messages';

/**
 * A person's name: letters of any alphabet ("Zoë", "Nguyễn", "Ólafsdóttir", Cyrillic, Greek), with their
 * combining marks, joined by spaces, hyphens and apostrophes (the typographic ’ too, which phone keyboards
 * type). The spec forbids digits and special characters in names, not accents; the lengths are checked
 * apart, so this pattern says only which characters a name is made of.
 */
const PERSON_NAME = /^\p{L}[\p{L}\p{M}' ’-]*$/u;

export const PATTERNS = {
  firstName: PERSON_NAME,
  lastName: PERSON_NAME,
  alphanumeric: /^[A-Za-z0-9]+$/,
  alphanumericWithSpaces: /^[A-Za-z0-9][A-Za-z0-9 ]+[A-Za-z0-9]$/,
  alphabeticWords: /^[A-Za-z]+( [A-Za-z]+)*$/,
  idNumber: /^\d{13,}$/,
  phone: /^0\d{9}$/,
  ugandaOnboardingPhone: /^07\d{8}$/,
  ugandaOnboardingId: /^[A-Z]{2}[A-Z0-9]{12}$/,
  userName: /^[A-Za-z0-9._@-]{3,60}$/,
} as const;

export const firstNameSchema = z
  .string()
  .trim()
  .min(1, 'First name is required.')
  .max(20, 'First name can be at most 20 characters.')
  .regex(/^[^\d]*$/, 'First name cannot contain digits.')
  .regex(PATTERNS.firstName, 'First name cannot contain special characters.');

export const lastNameSchema = z
  .string()
  .trim()
  .min(1, 'Last name is required.')
  .max(40, 'Last name can be at most 40 characters.')
  .regex(PATTERNS.lastName, 'Last name can contain letters, spaces, hyphens and apostrophes only.');

export const alphanumericSchema = z.string().regex(PATTERNS.alphanumeric, 'Use letters and digits only.');
export const alphanumericWithSpacesSchema = z
  .string()
  .regex(PATTERNS.alphanumericWithSpaces, 'Use at least 3 letters, digits or spaces, starting and ending with a letter or digit.');
export const alphabeticWordsSchema = z.string().regex(PATTERNS.alphabeticWords, 'Use letters and single spaces only.');
export const idNumberSchema = z.string().regex(PATTERNS.idNumber, 'An ID number has 13 or more digits.');
/** Generic, Kenya, Tanzania, Uganda and Zambia numbers share one format: 0 followed by 9 digits. */
export const phoneSchema = z.string().trim().regex(PATTERNS.phone, 'A phone number is 0 followed by 9 digits.');
export const ugandaOnboardingPhoneSchema = z.string().regex(PATTERNS.ugandaOnboardingPhone, 'A phone number is 07 followed by 8 digits.');
export const ugandaOnboardingIdSchema = z
  .string()
  .regex(PATTERNS.ugandaOnboardingId, 'The ID is two capital letters followed by 12 capital letters or digits.');
export const userNameSchema = z
  .string()
  .trim()
  .regex(PATTERNS.userName, 'A user name is 3 to 60 letters, digits, dots, dashes, underscores or @.');
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address.').max(254));

/**
 * Characters PostgreSQL cannot keep in text or jsonb: NUL (U+0000), which it refuses outright, and a
 * UTF-16 surrogate without its pair, which is no character at all (the drivers would quietly store
 * U+FFFD in its place). The API refuses them in every field of every request (api/src/http/input-guard.ts).
 */
const UNSTORABLE_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasUnstorableCharacter = (text: string) => UNSTORABLE_CHARACTER.test(text);
export const UNSTORABLE_CHARACTER_MESSAGE = 'Contains a character that is not allowed.';

/**
 * The dates the product takes anywhere: years 1900 to 9999. PostgreSQL stores 4713 BC to 294276 AD and
 * JavaScript's Date reaches ±275760, but no date of this product (a birth, a visit, a plan, a target,
 * a report window, a key's expiry) lies outside these years: a year with more or fewer than four
 * digits is a typing slip or an attack, and refusing it here keeps it from failing in the database.
 */
export const DATE_RANGE = { minYear: 1900, maxYear: 9999 } as const;
export const DATE_RANGE_MESSAGE = `Give a date between the years ${DATE_RANGE.minYear} and ${DATE_RANGE.maxYear}.`;
/** A real instant whose (UTC) year lies in DATE_RANGE. */
export const isDateInRange = (date: Date) => {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= DATE_RANGE.minYear && year <= DATE_RANGE.maxYear;
};
/** A date or date-time (ISO text, or a Date) as an instant in DATE_RANGE. */
export const instantSchema = (message = 'Give an ISO date or date-time.') =>
  z.coerce.date(message).refine(isDateInRange, DATE_RANGE_MESSAGE);

/** The largest PostgreSQL integer (int4): whole numbers that reach SQL as integers stay at or below it. */
export const INT4_MAX = 2_147_483_647;

export const idSchema = z.uuid();
export const isEmptyGuid = (id: string | null | undefined) => !id || id === EMPTY_GUID;

/**
 * The Id a client gives a record it creates (a device creating offline names the record, so that its
 * later changes can refer to it before the server has seen it). Spec 5: an Id is generated when
 * missing or not valid, and the all-zero GUID is the empty placeholder; both come out undefined here,
 * and the server makes one.
 */
export const clientIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && idSchema.safeParse(v).success && !isEmptyGuid(v) ? v.toLowerCase() : undefined),
  z.string().optional(),
);

export const passwordSchema = z
  .string()
  .min(AUTH_LIMITS.passwordMinLength, `A password has at least ${AUTH_LIMITS.passwordMinLength} characters.`)
  .max(AUTH_LIMITS.passwordMaxLength, `A password has at most ${AUTH_LIMITS.passwordMaxLength} characters.`)
  .regex(/[a-z]/, 'A password needs a lower-case letter.')
  .regex(/[A-Z]/, 'A password needs an upper-case letter.')
  .regex(/\d/, 'A password needs a digit.');

export const latitudeSchema = z
  .number('A latitude is a number.')
  .min(-90, 'A latitude is between -90 and 90.')
  .max(90, 'A latitude is between -90 and 90.');
export const longitudeSchema = z
  .number('A longitude is a number.')
  .min(-180, 'A longitude is between -180 and 180.')
  .max(180, 'A longitude is between -180 and 180.');

/** A position is recorded only when it is not the 999 placeholder. */
export const isValidPosition = (lat: number | null | undefined, lng: number | null | undefined) =>
  lat != null && lng != null && lat !== GEO.invalidCoordinate && lng !== GEO.invalidCoordinate;

/** Search text is trimmed and upper-cased; empty means the match-all default '%%'. */
export const normaliseSearch = (search: string | null | undefined) => {
  const trimmed = (search ?? '').trim().toUpperCase();
  return trimmed === '' ? '%%' : trimmed;
};

// Kept apart from the schemas (stored-json.ts, no zod): the session store, on the sign-in page too, reads storage with it.
export { parseStoredJson } from './stored-json';
