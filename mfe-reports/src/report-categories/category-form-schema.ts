/** The category form's schema: the contract's own (reportCategorySaveSchema), so the browser checks what the API checks. */
import {
  reportCategorySaveSchema,
  type ReportCategory,
  type ReportCategorySave,
  type ReportCategorySaveInput,
} from '@meridian/shared/contract/report-category';

export const categoryFormSchema = reportCategorySaveSchema;
export type CategoryFormInput = ReportCategorySaveInput;
export type CategoryFormValues = ReportCategorySave;

export const CATEGORY_FORM_FIELDS = ['name', 'parentCategoryId', 'roleIds', 'tenantIds'] as const;

export const categoryFormValues = (category?: ReportCategory | null): CategoryFormInput => ({
  name: category?.name ?? '',
  parentCategoryId: category?.parentCategoryId ?? null,
  roleIds: category?.roles.map((r) => r.roleId) ?? [],
  tenantIds: category?.tenants.map((t) => t.tenantId) ?? [],
});
