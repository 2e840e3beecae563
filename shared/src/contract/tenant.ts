/** Tenant: the four-level hierarchy Group > Company > Branch > Team. */
import { z } from 'zod';
import { TENANT_TYPE, type TenantTypeValue } from '../constants';
import { idSchema, latitudeSchema, longitudeSchema } from '../validation';
import { answerCount, answerId, answerInstant } from './answer-fields';

export const tenantTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export interface Tenant {
  Id: string;
  name: string;
  parentId: string | null;
  type: TenantTypeValue;
  location: string | null;
  lat: number | null;
  lng: number | null;
  shortCode: string | null;
  locationRequired: boolean;
  currencyCode: string | null;
  currencySymbol: string | null;
  dateCreated: string;
}

export type TenantNode = Tenant & { children: TenantNode[] };

/** The flat list and the arranged tree, as every descendants call answers. */
export interface TenantTree {
  tenants: Tenant[];
  tenantsArranged: TenantNode[];
}

/** A tenant as embedded in the session user (spec section 3 field names). */
export interface UserTenant {
  Id: string;
  name: string;
  parentId: string | null;
  shortCode: string | null;
  tenant_type: TenantTypeValue;
  locationRequired: boolean;
  location: string | null;
  lat: number | null;
  lng: number | null;
}

const tenantFields = {
  name: z.string().trim().min(2, 'A tenant name has at least 2 characters.').max(120),
  parentId: idSchema.nullable().optional(),
  type: tenantTypeSchema,
  location: z.string().trim().max(200).nullable().optional(),
  lat: latitudeSchema.nullable().optional(),
  lng: longitudeSchema.nullable().optional(),
  shortCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,16}$/, 'A short code is 1 to 16 letters, digits or dashes.')
    .nullable()
    .optional(),
  locationRequired: z.boolean().optional(),
  currencyCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'A currency code is three capital letters.')
    .nullable()
    .optional(),
  currencySymbol: z.string().trim().max(5).nullable().optional(),
};

/**
 * Type rules: a Group has no parent; every other tenant sits under a tenant of a lower type number
 * (Group > Company > Branch > Team). A Company may also stand alone with no parent.
 */
export const tenantCreateSchema = z.object(tenantFields).superRefine((t, ctx) => {
  if (t.type === TENANT_TYPE.GROUP && t.parentId) ctx.addIssue({ code: 'custom', path: ['parentId'], message: 'A group has no parent.' });
  if (t.type > TENANT_TYPE.COMPANY && !t.parentId)
    ctx.addIssue({ code: 'custom', path: ['parentId'], message: 'A branch or team needs a parent tenant.' });
});
export type TenantCreate = z.infer<typeof tenantCreateSchema>;
export const tenantUpdateSchema = z.object(tenantFields).partial();
export type TenantUpdate = z.infer<typeof tenantUpdateSchema>;

export interface TenantBank {
  Id: string;
  tenantId: string;
  name: string;
  code: string | null;
  branchCode: string | null;
}
export interface TenantCurrency {
  currencyCode: string | null;
  currencySymbol: string;
}
export interface TenantLocation {
  location: string | null;
  lat: number | null;
  lng: number | null;
}

export const userTenantSchema: z.ZodType<UserTenant> = z
  .strictObject({
    Id: answerId,
    name: z.string(),
    parentId: answerId.nullable(),
    shortCode: z.string().nullable(),
    tenant_type: tenantTypeSchema,
    locationRequired: z.boolean(),
    location: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  })
  .meta({ id: 'UserTenant' });

/** A tenant above (or at) one of a user's tenants. */
export const highLevelTenantSchema = z
  .strictObject({ Id: answerId, name: z.string(), parentId: answerId.nullable(), type: tenantTypeSchema, shortCode: z.string().nullable() })
  .meta({ id: 'HighLevelTenant' });
/** A row of GET /tenants: the tenant with its parent's name and its number of live children. */
export type TenantListItem = z.infer<typeof tenantListItemSchema>;
/** GET /tenants/{id}: the tenant with its banks. */
export type TenantWithBanks = z.infer<typeof tenantWithBanksSchema>;
export type TenantTypeEntry = { Id: TenantTypeValue; name: string };
export type SubTenantCounts = { count: number; byType: Record<TenantTypeValue, number> };

const tenantAnswerFields = {
  Id: answerId,
  name: z.string(),
  parentId: answerId.nullable(),
  type: tenantTypeSchema,
  location: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  shortCode: z.string().nullable(),
  locationRequired: z.boolean(),
  currencyCode: z.string().nullable(),
  currencySymbol: z.string().nullable(),
  dateCreated: answerInstant,
};
export const tenantSchema: z.ZodType<Tenant> = z.strictObject(tenantAnswerFields).meta({ id: 'Tenant' });
export const tenantNodeSchema: z.ZodType<TenantNode> = z
  .strictObject({
    ...tenantAnswerFields,
    get children() {
      return z.array(tenantNodeSchema);
    },
  })
  .meta({ id: 'TenantNode' });
export const tenantTreeSchema: z.ZodType<TenantTree> = z
  .strictObject({ tenants: z.array(tenantSchema), tenantsArranged: z.array(tenantNodeSchema) })
  .meta({ id: 'TenantTree' });
/** A line of the tenant list (GET /tenants): the tenant, its parent's name and its number of live children. */
export const tenantListItemSchema = z
  .strictObject({ ...tenantAnswerFields, parentName: z.string().nullable(), childCount: answerCount })
  .meta({ id: 'TenantListItem' });
/** A tenant with its own banks (GET /tenants/{id}). */
export const tenantWithBanksSchema = z
  .strictObject({
    ...tenantAnswerFields,
    banks: z.array(z.strictObject({ Id: answerId, name: z.string(), code: z.string().nullable(), branchCode: z.string().nullable() })),
  })
  .meta({ id: 'TenantWithBanks' });
export const tenantBankSchema: z.ZodType<TenantBank> = z
  .strictObject({ Id: answerId, tenantId: answerId, name: z.string(), code: z.string().nullable(), branchCode: z.string().nullable() })
  .meta({ id: 'TenantBank' });
export const tenantCurrencySchema: z.ZodType<TenantCurrency> = z
  .strictObject({ currencyCode: z.string().nullable(), currencySymbol: z.string() })
  .meta({ id: 'TenantCurrency' });
export const tenantLocationSchema: z.ZodType<TenantLocation> = z
  .strictObject({ location: z.string().nullable(), lat: z.number().nullable(), lng: z.number().nullable() })
  .meta({ id: 'TenantLocation' });
/** The tenant types, by number and name. */
export const tenantTypesSchema = z.array(z.strictObject({ Id: tenantTypeSchema, name: z.string() }));
/** The live tenants beneath the acting one, in all and per type number. */
export const subTenantCountsSchema = z.strictObject({ count: answerCount, byType: z.record(z.string(), answerCount) });
