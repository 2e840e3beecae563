/**
 * The builder's schema: the contract's own (customReportSaveSchema, whose definition is checked against the
 * catalogue), so the browser refuses what the API refuses, on the same fields.
 */
import {
  customReportSaveSchema,
  type CustomReport,
  type CustomReportSave,
  type CustomReportSaveInput,
} from '@meridian/shared/contract/custom-report';
import type { ReportDefinitionInput } from '@meridian/shared/contract/report-catalogue';

export const reportFormSchema = customReportSaveSchema;
export type ReportFormInput = CustomReportSaveInput;
export type ReportFormValues = CustomReportSave;

export const emptyDefinition = (dataset = ''): Required<ReportDefinitionInput> => ({
  dataset,
  columns: [],
  filters: [],
  groupBy: [],
  sort: [],
});

export const reportFormValues = (report?: CustomReport | null): ReportFormInput => ({
  name: report?.name ?? '',
  description: report?.description ?? '',
  categoryId: report?.categoryId ?? null,
  definition: report ? { ...emptyDefinition(), ...report.definition } : emptyDefinition(),
});

/** Every field of the form as it stands, so the server's refusals land on the field they name. */
export function reportFormFields(values: ReportFormInput): string[] {
  const d = { ...emptyDefinition(), ...values.definition };
  return [
    'name',
    'description',
    'categoryId',
    'definition.dataset',
    'definition.columns',
    'definition.filters',
    'definition.groupBy',
    'definition.sort',
    ...d.columns.flatMap((_, i) => [`definition.columns.${i}.column`, `definition.columns.${i}.aggregate`]),
    ...d.filters.flatMap((_, i) => [`definition.filters.${i}.column`, `definition.filters.${i}.operator`, `definition.filters.${i}.value`]),
    ...d.groupBy.map((_, i) => `definition.groupBy.${i}`),
    ...d.sort.flatMap((_, i) => [`definition.sort.${i}.column`, `definition.sort.${i}.direction`]),
  ];
}
