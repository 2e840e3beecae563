/**
 * Clients of a tenant (people the business serves), their groups, the phone book, and each client's
 * latest affordability. The name, phone, e-mail and ID number rules are the spec's (section 5) and are
 * shared with leads.
 */
import { z } from 'zod';
import {
  emailSchema,
  firstNameSchema,
  idNumberSchema,
  idSchema,
  lastNameSchema,
  latitudeSchema,
  longitudeSchema,
  phoneSchema,
} from '../validation';
import { GEO } from '../constants';
import { choice } from '../validation-messages';
import { pagingQuerySchema } from './paging';
import { daySchema } from './activity-plan';
import { answerCount, answerDay, answerId, answerInstant } from './answer-fields';

export const CLIENT_LIMITS = {
  addressMaxLength: 300,
  cityMaxLength: 100,
  postcodeMaxLength: 20,
  countryMaxLength: 100,
  groupNameMaxLength: 100,
  groupDescriptionMaxLength: 500,
  maxGroupMembers: 5000,
  /** POST /clients/search answers at most this many matches (a picker's list). */
  searchMatches: 20,
} as const;

export const CLIENT_GENDERS = ['FEMALE', 'MALE', 'OTHER'] as const;
export type ClientGender = (typeof CLIENT_GENDERS)[number];

// Forms send '' for a field left empty: that means none.
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** An optional field: missing, null or blank is none. */
export const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsNull, schema.nullable().optional());

/** Optional free text of at most `max` characters, trimmed. */
export const optionalText = (max: number, label: string) =>
  optionalField(z.string().trim().max(max, `${label} has at most ${max} characters.`));

/** A coordinate that may be missing; the device's 999 placeholder counts as missing. */
const optionalCoordinate = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === GEO.invalidCoordinate || blankAsNull(v) === null ? null : v), schema.nullable().optional());
export const optionalLatitude = optionalCoordinate(latitudeSchema);
export const optionalLongitude = optionalCoordinate(longitudeSchema);

/** The tenant a saved row belongs to; without one, the tenant the caller acts for. */
export const owningTenantField = z.preprocess(blankAsAbsent, idSchema.optional());

/**
 * The person fields clients and leads share (spec section 5). The shared name rules report every rule
 * a value breaks; the guards in front stop at the first (a blank name is 'required', not also 'letters only').
 */
export const personFields = {
  firstName: z
    .string({ error: 'First name is required.' })
    .trim()
    .min(1, { error: 'First name is required.', abort: true })
    .max(20, { error: 'First name can be at most 20 characters.', abort: true })
    .regex(/^[^\d]*$/, { error: 'First name cannot contain digits.', abort: true })
    .pipe(firstNameSchema),
  lastName: z
    .string({ error: 'Last name is required.' })
    .trim()
    .min(1, { error: 'Last name is required.', abort: true })
    .pipe(lastNameSchema),
  emailAddress: optionalField(emailSchema),
  idNumber: optionalField(z.string().trim().pipe(idNumberSchema)),
};

/** Reads a body's `id` with a message naming what is missing. */
export const idOf = (what: string) => z.string({ error: `Choose the ${what}.` }).pipe(idSchema);

/** What POST /clients and PUT /clients/{id} take; every field is replaced on PUT. */
export const clientSaveSchema = z
  .object({
    ...personFields,
    mobile: optionalField(phoneSchema),
    dateOfBirth: optionalField(
      daySchema.refine((day) => day <= new Date().toISOString().slice(0, 10), 'A date of birth cannot be in the future.'),
    ),
    gender: optionalField(
      z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
        choice(CLIENT_GENDERS, { whenMissing: 'Choose a gender.' }),
      ),
    ),
    addressLine: optionalText(CLIENT_LIMITS.addressMaxLength, 'An address'),
    city: optionalText(CLIENT_LIMITS.cityMaxLength, 'A city'),
    postcode: optionalText(CLIENT_LIMITS.postcodeMaxLength, 'A postcode'),
    country: optionalText(CLIENT_LIMITS.countryMaxLength, 'A country'),
    lat: optionalLatitude,
    lng: optionalLongitude,
    tenantId: owningTenantField,
  })
  .superRefine((c, ctx) => {
    // Half a coordinate is no point on the map.
    if ((c.lat == null) !== (c.lng == null)) {
      ctx.addIssue({ code: 'custom', path: [c.lat == null ? 'lat' : 'lng'], message: 'Give both latitude and longitude, or neither.' });
    }
  });
export type ClientSave = z.infer<typeof clientSaveSchema>;

/** What `filter` of GET /clients may hold: a JSON object such as {"groupId":"<id>"} or {"tenantId":"<id>"}. */
export const clientFilterSchema = z.object({ groupId: idSchema.optional(), tenantId: idSchema.optional() }).strict();
export type ClientFilter = z.infer<typeof clientFilterSchema>;
const FILTER_HELP = 'filter is a JSON object with groupId and/or tenantId, e.g. {"groupId":"<id>"}.';

/**
 * GET /clients: paging, plus the spec's `filter` (JSON text) or the same narrowing as plain parameters
 * groupId and tenantId (what the browser's list kit sends). Both may be given; they must then agree.
 */
export const clientListQuerySchema = pagingQuerySchema.extend({
  filter: z
    .string()
    .max(500)
    .optional()
    .transform((text, ctx): ClientFilter => {
      if (!text || !text.trim()) return {};
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: FILTER_HELP });
        return z.NEVER;
      }
      const parsed = clientFilterSchema.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: FILTER_HELP });
        return z.NEVER;
      }
      return parsed.data;
    }),
  groupId: z.preprocess(blankAsAbsent, idSchema.optional()),
  tenantId: z.preprocess(blankAsAbsent, idSchema.optional()),
});

/** GET /clients/affordability: assessedOnly=true leaves out clients with no affordability on record. */
export const clientAffordabilityQuerySchema = pagingQuerySchema.extend({
  assessedOnly: z
    .preprocess(blankAsAbsent, z.enum(['true', 'false'], { error: 'assessedOnly is true or false.' }).optional())
    .transform((v) => v === 'true'),
});

/** GET /clients/phone-book: letter narrows to last names starting with it. */
export const phoneBookQuerySchema = pagingQuerySchema.extend({
  letter: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]$/, 'letter is one letter, A to Z.')
      .transform((l) => l.toUpperCase())
      .optional(),
  ),
});

/** POST /clients/search: part of a first or last name; blank lists the first matches by name. */
export const clientSearchSchema = z.object({
  name: z.string({ error: 'Type part of a name to search for.' }).trim().max(100, 'A name to search for has at most 100 characters.'),
});

/** POST /clients/delete and POST /clients/groups/delete. */
export const clientDeleteSchema = z.object({ id: idOf('client') });
export const clientGroupDeleteSchema = z.object({ id: idOf('client group') });

export const mobilePhoneParamsSchema = z.object({ phone: phoneSchema });

/**
 * What POST /clients/groups and PUT /clients/groups/{id} take. clientIds are the members (clients of
 * the group's tenant or below); on PUT they replace the members, and leaving them out keeps them.
 */
export const clientGroupSaveSchema = z.object({
  name: z
    .string({ error: 'A group name is required.' })
    .trim()
    .min(1, 'A group name is required.')
    .max(CLIENT_LIMITS.groupNameMaxLength, `A group name has at most ${CLIENT_LIMITS.groupNameMaxLength} characters.`),
  description: optionalText(CLIENT_LIMITS.groupDescriptionMaxLength, 'A description'),
  clientIds: z
    .array(idSchema, { error: 'Give the members as a list of client ids.' })
    .max(CLIENT_LIMITS.maxGroupMembers, `A group has at most ${CLIENT_LIMITS.maxGroupMembers} members.`)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  tenantId: owningTenantField,
});
export type ClientGroupSave = z.infer<typeof clientGroupSaveSchema>;

export interface ClientListItem {
  Id: string;
  tenantId: string;
  tenantName: string;
  firstName: string;
  lastName: string;
  emailAddress: string | null;
  mobile: string | null;
  idNumber: string | null;
  dateOfBirth: string | null;
  gender: ClientGender | null;
  addressLine: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
  createdUserId: string | null;
  createdBy: string | null;
  dateCreated: string;
  dateModified: string;
}

export interface Client extends ClientListItem {
  /** The live groups the client is a member of. */
  groups: { Id: string; name: string }[];
}

/** One match of POST /clients/search. */
export type ClientMatch = Pick<ClientListItem, 'Id' | 'firstName' | 'lastName' | 'emailAddress' | 'mobile' | 'idNumber' | 'tenantName'>;

/** One line of the phone book. */
export type PhoneBookEntry = Pick<ClientListItem, 'Id' | 'firstName' | 'lastName' | 'mobile' | 'emailAddress' | 'tenantName'>;

/**
 * A client with the latest affordability on record. Leads carry affordability (digital onboarding);
 * a lead is the client's when both are live in the acting subtree and the lead has the client's ID
 * number, or its contact number is the client's mobile. The latest is the one assessed last.
 */
export interface ClientAffordability extends Pick<
  ClientListItem,
  'Id' | 'firstName' | 'lastName' | 'mobile' | 'emailAddress' | 'idNumber' | 'tenantName'
> {
  leadId: string | null;
  totalAffordability: number | null;
  installmentAmount: number | null;
  affordabilityOutcome: string | null;
  affordabilityDate: string | null;
}

export interface ClientGroupListItem {
  Id: string;
  tenantId: string;
  tenantName: string;
  name: string;
  description: string | null;
  memberCount: number;
  createdUserId: string | null;
  createdBy: string | null;
  dateCreated: string;
  dateModified: string;
}

/** GET /clients/groups/{id}: the group with one page of its members (meta.paging pages the members). */
export interface ClientGroup extends ClientGroupListItem {
  members: ClientListItem[];
}

// The answers' schemas (api/src/http/route-answers.ts).

const clientListItemFields = {
  Id: answerId,
  tenantId: answerId,
  tenantName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string().nullable(),
  mobile: z.string().nullable(),
  idNumber: z.string().nullable(),
  dateOfBirth: answerDay.nullable(),
  gender: z.enum(CLIENT_GENDERS).nullable(),
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  createdUserId: answerId.nullable(),
  createdBy: z.string().nullable(),
  dateCreated: answerInstant,
  dateModified: answerInstant,
};
export const clientListItemSchema: z.ZodType<ClientListItem> = z.strictObject(clientListItemFields).meta({ id: 'ClientListItem' });
export const clientSchema: z.ZodType<Client> = z
  .strictObject({ ...clientListItemFields, groups: z.array(z.strictObject({ Id: answerId, name: z.string() })) })
  .meta({ id: 'Client' });
/** Who a client is and how to reach them: the fields every short view of a client starts with. */
const clientContactFields = {
  Id: answerId,
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string().nullable(),
  emailAddress: z.string().nullable(),
  tenantName: z.string(),
};
export const clientMatchSchema: z.ZodType<ClientMatch> = z
  .strictObject({ ...clientContactFields, idNumber: z.string().nullable() })
  .meta({ id: 'ClientMatch' });
export const phoneBookEntrySchema: z.ZodType<PhoneBookEntry> = z.strictObject(clientContactFields).meta({ id: 'PhoneBookEntry' });
export const clientAffordabilitySchema: z.ZodType<ClientAffordability> = z
  .strictObject({
    ...clientContactFields,
    idNumber: z.string().nullable(),
    leadId: answerId.nullable(),
    totalAffordability: z.number().nullable(),
    installmentAmount: z.number().nullable(),
    affordabilityOutcome: z.string().nullable(),
    affordabilityDate: answerInstant.nullable(),
  })
  .meta({ id: 'ClientAffordability' });
const clientGroupListItemFields = {
  Id: answerId,
  tenantId: answerId,
  tenantName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: answerCount,
  createdUserId: answerId.nullable(),
  createdBy: z.string().nullable(),
  dateCreated: answerInstant,
  dateModified: answerInstant,
};
export const clientGroupListItemSchema: z.ZodType<ClientGroupListItem> = z
  .strictObject(clientGroupListItemFields)
  .meta({ id: 'ClientGroupListItem' });
export const clientGroupSchema: z.ZodType<ClientGroup> = z
  .strictObject({ ...clientGroupListItemFields, members: z.array(clientListItemSchema) })
  .meta({ id: 'ClientGroup' });
