/**
 * Report categories (sales spec 7 "Report categories"; entity "Report category"): a tree (parentCategoryId)
 * whose nodes name the roles and the tenants that may see the custom reports filed under them. The link rows'
 * own ids are the spec's generated `reportCatRolesId` and `reportCatTenantsId`.
 *
 * Who sees a category (README "Report categories"): a category belongs to the tenant it was made in and is
 * seen from that tenant's subtree and from the tenants above it. With roles listed, only holders of one of
 * them see it; with tenants listed, only callers acting for one of them or a tenant below one. A category
 * with neither list is open to everyone there. A sub-category is seen only when its parents are.
 */
import { z } from 'zod';
import { idSchema } from '../validation';
import { answerId, answerInstant } from './answer-fields';
import { pagingQuerySchema } from './paging';
import { requiredText } from './geo-list';

export const REPORT_CATEGORY_LIMITS = { nameMaxLength: 120, maxRoles: 50, maxTenants: 50 } as const;
export const REPORT_CATEGORY_SORT_FIELDS = ['path', 'name', 'dateCreated'] as const;

const idList = (max: number, what: string) =>
  z
    .array(idSchema, { error: `${what} is a list of ids.` })
    .max(max, `At most ${max}.`)
    .default([])
    .transform((ids) => [...new Set(ids)]);

export const reportCategorySaveSchema = z.object({
  name: requiredText(REPORT_CATEGORY_LIMITS.nameMaxLength, 'A name'),
  parentCategoryId: idSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  roleIds: idList(REPORT_CATEGORY_LIMITS.maxRoles, 'Roles'),
  tenantIds: idList(REPORT_CATEGORY_LIMITS.maxTenants, 'Tenants'),
});
export type ReportCategorySave = z.infer<typeof reportCategorySaveSchema>;
export type ReportCategorySaveInput = z.input<typeof reportCategorySaveSchema>;

export const reportCategoryDeleteSchema = z.object({ id: idSchema });

export const reportCategoryListQuerySchema = pagingQuerySchema;

export const reportCategoryRoleSchema = z.strictObject({ roleId: answerId, name: z.string(), reportCatRolesId: answerId });
export const reportCategoryTenantSchema = z.strictObject({ tenantId: answerId, name: z.string(), reportCatTenantsId: answerId });

export const reportCategorySchema = z
  .strictObject({
    id: answerId,
    name: z.string(),
    parentCategoryId: answerId.nullable(),
    parentName: z.string().nullable(),
    /** Names from the root down to this category: `Finance / Arrears`. */
    path: z.string(),
    roles: z.array(reportCategoryRoleSchema),
    tenants: z.array(reportCategoryTenantSchema),
    /** The tenant the category belongs to. */
    tenantId: answerId,
    tenantName: z.string(),
    reports: z.number().int(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'ReportCategory' });
export type ReportCategory = z.infer<typeof reportCategorySchema>;
