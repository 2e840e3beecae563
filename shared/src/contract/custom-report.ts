/**
 * Custom reports (issue 22 item 2): a named definition over the catalogue (report-catalogue.ts), filed in a
 * report category or none, owned by the user who made it and the tenant it was made in. Its rows are always
 * read over the acting tenant's subtree, whoever made it.
 */
import { z } from 'zod';
import { idSchema } from '../validation';
import { answerId, answerInstant } from './answer-fields';
import { pagingQuerySchema } from './paging';
import { optionalText, requiredText } from './geo-list';
import { outputColumnSchema, reportCellSchema, reportDefinitionSchema } from './report-catalogue';

export const CUSTOM_REPORT_LIMITS = { nameMaxLength: 120, descriptionMaxLength: 1000 } as const;
export const CUSTOM_REPORT_SORT_FIELDS = ['name', 'dataset', 'category', 'dateCreated', 'dateModified'] as const;

export const customReportSaveSchema = z.object({
  name: requiredText(CUSTOM_REPORT_LIMITS.nameMaxLength, 'A name'),
  description: optionalText(CUSTOM_REPORT_LIMITS.descriptionMaxLength, 'A description'),
  categoryId: idSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  definition: reportDefinitionSchema,
});
export type CustomReportSave = z.infer<typeof customReportSaveSchema>;
export type CustomReportSaveInput = z.input<typeof customReportSaveSchema>;

export const customReportListQuerySchema = pagingQuerySchema.extend({
  categoryId: idSchema.optional(),
});
export type CustomReportListQuery = z.infer<typeof customReportListQuerySchema>;

export const customReportDeleteSchema = z.object({ id: idSchema });

export const customReportListItemSchema = z
  .strictObject({
    id: answerId,
    name: z.string(),
    description: z.string().nullable(),
    dataset: z.string(),
    datasetLabel: z.string(),
    categoryId: answerId.nullable(),
    categoryName: z.string().nullable(),
    tenantId: answerId,
    ownerId: answerId.nullable(),
    ownerName: z.string().nullable(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'CustomReportListItem' });
export type CustomReportListItem = z.infer<typeof customReportListItemSchema>;

export const customReportSchema = customReportListItemSchema.extend({ definition: reportDefinitionSchema }).meta({ id: 'CustomReport' });
export type CustomReport = z.infer<typeof customReportSchema>;

/** The builder's preview: the first rows of a definition not yet saved. */
export const customReportPreviewSchema = z.object({ definition: reportDefinitionSchema });
export const reportPreviewSchema = z
  .strictObject({ columns: z.array(outputColumnSchema), rows: z.array(z.array(reportCellSchema)) })
  .meta({ id: 'ReportPreview' });
export type ReportPreview = z.infer<typeof reportPreviewSchema>;
