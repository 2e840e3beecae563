/**
 * CSV imports (issue 21, sales spec /csv/upload/{model?}): clients, leads, loans and payments in bulk.
 * A file is uploaded and checked row by row against the same contract schema the single create takes
 * (clientSaveSchema, leadSaveSchema, loanApplySchema, loanPaymentCreateSchema); the bad rows are shown and
 * fixed inline; the import then writes every row in one transaction, or nothing.
 *
 * Rows are numbered from 1, the first row after the header; a value is text as the file holds it, and
 * money is an amount in major units ("1234.50", "1 234,50"), read to minor units by `minorFromText`.
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { clientSaveSchema } from './client';
import { leadSaveSchema } from './lead';
import { loanApplySchema } from './loan';
import { loanPaymentCreateSchema } from './loan-payment';
import { pagingQuerySchema } from './paging';
import { minorFromText } from '../money-text';

export const CSV_IMPORT_MODELS = ['clients', 'leads', 'loans', 'payments'] as const;
export type CsvImportModel = (typeof CSV_IMPORT_MODELS)[number];

export const CSV_IMPORT_MODEL_LABELS: Record<CsvImportModel, string> = {
  clients: 'Clients',
  leads: 'Leads',
  loans: 'Loans',
  payments: 'Payments',
};

export const CSV_IMPORT_LIMITS = {
  /** The multipart field of the file. */
  field: 'file',
  maxBytes: 50 * 1024 * 1024,
  maxRows: 200_000,
  /** Rows of the file shown before anything is fixed. */
  previewRows: 20,
  /** Rows fixed in one call. */
  maxFixedRows: 500,
  /** Rows written per insert statement. */
  batchRows: 500,
  maxValueLength: 1000,
} as const;

export interface CsvColumn {
  /** The column's name, as the template's header writes it. */
  name: string;
  required: boolean;
  /** What the column holds, for the template and the screen. */
  hint: string;
}

const col = (name: string, hint: string, required = false): CsvColumn => ({ name, hint, required });

/** The columns of each model, in the template's order. */
export const CSV_COLUMNS: Record<CsvImportModel, readonly CsvColumn[]> = {
  clients: [
    col('firstName', 'Letters, up to 20', true),
    col('lastName', 'Letters', true),
    col('mobile', 'Phone number, e.g. 0821234567'),
    col('emailAddress', 'E-mail address'),
    col('idNumber', 'National ID number'),
    col('dateOfBirth', 'YYYY-MM-DD'),
    col('gender', 'FEMALE, MALE or OTHER'),
    col('addressLine', 'Street address'),
    col('city', 'City'),
    col('postcode', 'Postcode'),
    col('country', 'Country'),
  ],
  leads: [
    col('firstName', 'Letters, up to 20', true),
    col('lastName', 'Letters', true),
    col('contactNumber', 'Phone number, unique in the company', true),
    col('emailAddress', 'E-mail address, unique in the company'),
    col('idNumber', 'National ID number'),
    col('empNumber', 'Employee number'),
    col('status', 'New, Contacted, Qualified, ...'),
    col('location', 'Where the lead was met'),
  ],
  loans: [
    col('clientId', 'The client’s id', true),
    col('productId', 'The loan product’s id', true),
    col('amount', 'Amount applied for, e.g. 12000.00', true),
    col('instalments', 'Number of instalments', true),
    col('submittedOn', 'YYYY-MM-DD; today if empty'),
    col('note', 'Free text'),
  ],
  payments: [
    col('loanId', 'The loan’s id', true),
    col('amount', 'Amount paid, e.g. 1500.00', true),
    col('paidOn', 'YYYY-MM-DD', true),
    col('reference', 'Receipt or bank reference'),
  ],
};

/** The template's text: the header row of the model's columns. */
export const csvTemplate = (model: CsvImportModel) => `${CSV_COLUMNS[model].map((c) => c.name).join(',')}\r\n`;

/** A header as typed ("First name", "first_name") compared with a column's name. */
const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each header of the file mapped to the model's column it fills, or null for a column the model does not take. */
export function mapHeaders(model: CsvImportModel, headers: readonly string[]): (string | null)[] {
  const byKey = new Map(CSV_COLUMNS[model].map((c) => [headerKey(c.name), c.name]));
  const taken = new Set<string>();
  return headers.map((header) => {
    const column = byKey.get(headerKey(header)) ?? null;
    if (!column || taken.has(column)) return null;
    taken.add(column);
    return column;
  });
}

/** The required columns the mapped headers leave out. */
export const missingColumns = (model: CsvImportModel, mapped: readonly (string | null)[]) =>
  CSV_COLUMNS[model].filter((c) => c.required && !mapped.includes(c.name)).map((c) => c.name);

export type CsvValues = Record<string, string>;

export interface CsvCellError {
  column: string;
  message: string;
}

const AMOUNT_MESSAGE = 'An amount is written in major units with at most two decimals, e.g. 1234.50.';
const WHOLE = /^\s*-?\d+\s*$/;

/** The request body one row makes: what the single create of the model takes. */
function inputOf(model: CsvImportModel, values: CsvValues): { input: Record<string, unknown>; errors: CsvCellError[] } {
  const input: Record<string, unknown> = {};
  const errors: CsvCellError[] = [];
  for (const column of CSV_COLUMNS[model]) {
    const text = values[column.name] ?? '';
    if (text.trim() === '') continue;
    if (column.name === 'amount') {
      const minor = minorFromText(text);
      if (minor === null) errors.push({ column: 'amount', message: AMOUNT_MESSAGE });
      else input[model === 'loans' ? 'principalMinor' : 'amountMinor'] = minor;
    } else if (column.name === 'instalments') {
      input.instalments = WHOLE.test(text) ? Number(text) : text;
    } else input[column.name] = text.trim();
  }
  if (model === 'leads') input.source = 'IMPORT';
  return { input, errors };
}

const SCHEMAS = {
  clients: clientSaveSchema,
  leads: leadSaveSchema,
  loans: loanApplySchema,
  payments: loanPaymentCreateSchema,
} as const;

/** The CSV column a schema field comes from. */
const columnOf = (field: string) => (field === 'principalMinor' || field === 'amountMinor' ? 'amount' : field);

export type CsvRowResult = { ok: true; input: Record<string, unknown> } | { ok: false; errors: CsvCellError[] };

/**
 * One row checked with the model's own contract schema: the same rules as the form and the single create.
 * Each error names the column it is about; one column's several rules give one message each.
 */
export function validateCsvRow(model: CsvImportModel, values: CsvValues): CsvRowResult {
  const { input, errors } = inputOf(model, values);
  const tooLong = CSV_COLUMNS[model].find((c) => (values[c.name] ?? '').length > CSV_IMPORT_LIMITS.maxValueLength);
  if (tooLong) errors.push({ column: tooLong.name, message: `A value has at most ${CSV_IMPORT_LIMITS.maxValueLength} characters.` });
  const parsed = SCHEMAS[model].safeParse(input);
  if (!parsed.success) {
    // A column refused before the schema (an amount that is no amount) keeps that one message.
    const refused = new Set(errors.map((e) => e.column));
    for (const issue of parsed.error.issues) {
      const column = columnOf(String(issue.path[0] ?? ''));
      if (!refused.has(column)) errors.push({ column, message: issue.message });
    }
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, input: parsed.success ? (parsed.data as Record<string, unknown>) : input };
}

export const CSV_IMPORT_STATUSES = ['checked', 'importing', 'imported', 'failed'] as const;
export type CsvImportStatus = (typeof CSV_IMPORT_STATUSES)[number];

export const csvModelParams = z.strictObject({
  model: z.enum(CSV_IMPORT_MODELS, { error: `A model is one of ${CSV_IMPORT_MODELS.join(', ')}.` }),
});
export const csvImportIdParams = z.strictObject({ id: z.guid({ error: 'An import id is a GUID.' }) });
export const csvErrorRowsQuerySchema = pagingQuerySchema;

const valuesSchema = z.record(
  z.string(),
  z.string().max(CSV_IMPORT_LIMITS.maxValueLength, `A value has at most ${CSV_IMPORT_LIMITS.maxValueLength} characters.`),
);

export const csvRowFixSchema = z.strictObject({
  rows: z
    .array(
      z.strictObject({
        rowNumber: z
          .number({ error: 'A row number is a whole number.' })
          .int('A row number is a whole number.')
          .min(1, 'Rows are numbered from 1.'),
        values: valuesSchema,
      }),
      { error: 'Give the fixed rows as a list.' },
    )
    .min(1, 'Give at least one fixed row.')
    .max(CSV_IMPORT_LIMITS.maxFixedRows, `Fix at most ${CSV_IMPORT_LIMITS.maxFixedRows} rows at a time.`),
});
export type CsvRowFix = z.infer<typeof csvRowFixSchema>;

export const csvCellErrorSchema = z.strictObject({ column: z.string(), message: z.string() });

export const csvRowSchema = z
  .strictObject({ rowNumber: answerCount, values: z.record(z.string(), z.string()), errors: z.array(csvCellErrorSchema) })
  .meta({ id: 'CsvRow' });
export type CsvRow = z.infer<typeof csvRowSchema>;

export const csvHeaderSchema = z.strictObject({ header: z.string(), column: z.string().nullable() });

export const csvImportSchema = z
  .strictObject({
    id: answerId,
    model: z.enum(CSV_IMPORT_MODELS),
    fileName: z.string(),
    status: z.enum(CSV_IMPORT_STATUSES),
    totalRows: answerCount,
    errorRows: answerCount,
    /** Rows written so far while importing; all of them once imported. */
    doneRows: answerCount,
    /** Why an import failed (nothing was written). */
    failure: z.string().nullable(),
    headers: z.array(csvHeaderSchema),
    /** The first rows of the file, as fixed. */
    previewRows: z.array(csvRowSchema),
    tenantId: answerId,
    userId: answerId,
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'CsvImport' });
export type CsvImport = z.infer<typeof csvImportSchema>;

/** What fixing rows answers: the import's counts, and the rows sent, checked again. */
export const csvFixResultSchema = z.strictObject({ import: csvImportSchema, rows: z.array(csvRowSchema) }).meta({ id: 'CsvFixResult' });
export type CsvFixResult = z.infer<typeof csvFixResultSchema>;
