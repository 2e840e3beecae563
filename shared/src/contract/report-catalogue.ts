/**
 * The custom reports' catalogue (issue 22 item 2): the datasets a user may build a report from, their
 * columns, and the operators a filter may use on each kind of column. The browser builds a definition
 * from these names only; the server turns it into parameterised SQL over a fixed FROM clause per
 * dataset (api/src/modules/custom-reports/report-datasets.ts), so no SQL text ever comes from the
 * browser. `reportDefinitionSchema` checks a definition against this catalogue, on both sides, naming
 * the offending field (`columns.2.aggregate`, `filters.0.value`).
 */
import { z } from 'zod';
import type { PermissionHierarchy } from './permissions';
import { grantOf } from './areas/area';
import { clientPaperwork, clients, leads, activities, loans } from './areas/sales';
import { deviceTrips, geoDevices } from './areas/tracking';

export const COLUMN_KINDS = ['text', 'number', 'money', 'date', 'instant'] as const;
/** How a column's values read: money is integer minor units, a date `YYYY-MM-DD`, an instant ISO 8601 in UTC. */
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export interface CatalogueColumn {
  key: string;
  label: string;
  kind: ColumnKind;
  /** Values a text column takes, offered as choices by the builder. */
  choices?: readonly string[];
}

export interface CatalogueDataset {
  key: string;
  label: string;
  /** Reading the dataset needs what reading its own screens needs. */
  readGrant: readonly PermissionHierarchy[];
  /** The money columns' currency, a text column of the same dataset: totals of money are only made per currency. */
  currencyColumn?: string;
  columns: readonly CatalogueColumn[];
}

const grant = (g: readonly PermissionHierarchy[] | undefined) => g ?? [];
const text = (key: string, label: string, choices?: readonly string[]): CatalogueColumn => ({ key, label, kind: 'text', choices });
const column = (key: string, label: string, kind: ColumnKind): CatalogueColumn => ({ key, label, kind });
const tenantColumn = text('tenant', 'Tenant');
const created = column('dateCreated', 'Created', 'instant');

export const LOAN_STATUSES = ['submitted', 'approved', 'rejected', 'active', 'closed', 'written-off'] as const;
export const PAYMENT_CHANNELS = ['cash', 'bank-transfer', 'mobile-money', 'debit-order', 'ussd'] as const;

export const REPORT_DATASETS: readonly CatalogueDataset[] = [
  {
    key: 'clients',
    label: 'Clients',
    readGrant: grant(grantOf(clients, 'read')),
    columns: [
      text('firstName', 'First name'),
      text('lastName', 'Last name'),
      text('email', 'E-mail'),
      text('mobile', 'Mobile'),
      text('gender', 'Gender'),
      text('city', 'City'),
      text('country', 'Country'),
      column('dateOfBirth', 'Date of birth', 'date'),
      tenantColumn,
      created,
    ],
  },
  {
    key: 'leads',
    label: 'Leads',
    readGrant: grant(grantOf(leads, 'read')),
    columns: [
      text('firstName', 'First name'),
      text('lastName', 'Last name'),
      text('email', 'E-mail'),
      text('contactNumber', 'Contact number'),
      text('status', 'Status'),
      text('source', 'Source'),
      text('consentStatus', 'Consent'),
      text('affordabilityOutcome', 'Affordability'),
      text('assignedTo', 'Assigned to'),
      tenantColumn,
      created,
    ],
  },
  {
    key: 'activities',
    label: 'Activities',
    readGrant: grant(grantOf(activities, 'read')),
    columns: [
      text('name', 'Name'),
      text('type', 'Type'),
      text('status', 'Status'),
      text('location', 'Location'),
      column('startDate', 'Starts', 'instant'),
      column('endDate', 'Ends', 'instant'),
      text('createdBy', 'Created by'),
      tenantColumn,
      created,
    ],
  },
  {
    key: 'loans',
    label: 'Loans',
    readGrant: grant(grantOf(loans, 'read')),
    currencyColumn: 'currency',
    columns: [
      text('client', 'Client'),
      text('product', 'Product'),
      text('status', 'Status', LOAN_STATUSES),
      text('currency', 'Currency'),
      column('principal', 'Principal', 'money'),
      column('disbursed', 'Disbursed', 'money'),
      column('outstanding', 'Outstanding', 'money'),
      column('instalments', 'Instalments', 'number'),
      column('arrearsDays', 'Days in arrears', 'number'),
      column('submittedOn', 'Submitted on', 'date'),
      column('disbursedOn', 'Disbursed on', 'date'),
      tenantColumn,
      created,
    ],
  },
  {
    key: 'payments',
    label: 'Loan payments',
    readGrant: grant(grantOf(clientPaperwork, 'readPayments')),
    currencyColumn: 'currency',
    columns: [
      text('client', 'Client'),
      text('reference', 'Reference'),
      text('channel', 'Channel', PAYMENT_CHANNELS),
      text('state', 'State', ['live', 'reversed']),
      text('currency', 'Currency'),
      column('amount', 'Amount', 'money'),
      column('principalPaid', 'Principal paid', 'money'),
      column('interestPaid', 'Interest paid', 'money'),
      column('paidOn', 'Paid on', 'date'),
      tenantColumn,
      created,
    ],
  },
  {
    key: 'devices',
    label: 'Tracking devices',
    readGrant: grant(grantOf(geoDevices, 'read')),
    columns: [
      text('name', 'Name'),
      text('uniqueId', 'Identifier'),
      text('model', 'Model'),
      text('category', 'Category'),
      text('phone', 'Phone'),
      text('state', 'State', ['enabled', 'disabled']),
      column('lastUpdate', 'Last heard from', 'instant'),
      tenantColumn,
      created,
    ],
  },
  {
    key: 'trips',
    label: 'Trips',
    readGrant: grant(grantOf(deviceTrips, 'read')),
    columns: [
      text('device', 'Device'),
      text('driver', 'Driver'),
      column('startTime', 'Started', 'instant'),
      column('endTime', 'Ended', 'instant'),
      column('distanceKm', 'Distance (km)', 'number'),
      column('maxSpeedKmh', 'Top speed (km/h)', 'number'),
      column('durationMinutes', 'Duration (minutes)', 'number'),
      text('startAddress', 'From'),
      text('endAddress', 'To'),
      tenantColumn,
    ],
  },
];

export const datasetByKey = (key: string): CatalogueDataset | undefined => REPORT_DATASETS.find((d) => d.key === key);
export const columnOf = (dataset: CatalogueDataset, key: string): CatalogueColumn | undefined => dataset.columns.find((c) => c.key === key);

export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'contains',
  'startsWith',
  'in',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'isEmpty',
  'isNotEmpty',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** The operators each kind of column takes. Dates and instants compare by day (an instant's day in the tenant's zone). */
export const OPERATORS_BY_KIND: Record<ColumnKind, readonly FilterOperator[]> = {
  text: ['eq', 'ne', 'contains', 'startsWith', 'in', 'isEmpty', 'isNotEmpty'],
  number: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'between', 'isEmpty', 'isNotEmpty'],
  money: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'between', 'isEmpty', 'isNotEmpty'],
  date: ['eq', 'lt', 'lte', 'gt', 'gte', 'between', 'isEmpty', 'isNotEmpty'],
  instant: ['eq', 'lt', 'lte', 'gt', 'gte', 'between', 'isEmpty', 'isNotEmpty'],
};

export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  eq: 'is',
  ne: 'is not',
  contains: 'contains',
  startsWith: 'starts with',
  in: 'is one of',
  lt: 'is less than / before',
  lte: 'is at most / on or before',
  gt: 'is more than / after',
  gte: 'is at least / on or after',
  between: 'is between',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
};

export const AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];
export const AGGREGATE_LABELS: Record<Aggregate, string> = {
  count: 'Count of',
  sum: 'Total',
  avg: 'Average',
  min: 'Lowest',
  max: 'Highest',
};
/** Which aggregates a kind takes: sums and averages of numbers and money only. */
export const AGGREGATES_BY_KIND: Record<ColumnKind, readonly Aggregate[]> = {
  text: ['count', 'min', 'max'],
  number: AGGREGATES,
  money: AGGREGATES,
  date: ['count', 'min', 'max'],
  instant: ['count', 'min', 'max'],
};

export const REPORT_DEFINITION_LIMITS = { maxColumns: 20, maxFilters: 20, maxSorts: 5, maxInValues: 50, maxValueLength: 200 } as const;
/** Rows the builder's preview shows. */
export const PREVIEW_ROWS = 20;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const scalar = z.union([z.string().max(REPORT_DEFINITION_LIMITS.maxValueLength), z.number().finite()]);
const columnKey = z.string({ error: 'Choose a column.' }).min(1, 'Choose a column.').max(64);

export const reportColumnSchema = z.strictObject({
  column: columnKey,
  aggregate: z.enum(AGGREGATES, { error: 'Choose count, sum, avg, min or max.' }).optional(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportFilterSchema = z.strictObject({
  column: columnKey,
  operator: z.enum(FILTER_OPERATORS, { error: 'Choose an operator.' }),
  value: z
    .union([scalar, z.array(scalar).max(REPORT_DEFINITION_LIMITS.maxInValues)])
    .nullable()
    .optional(),
});
export type ReportFilter = z.infer<typeof reportFilterSchema>;

export const reportSortSchema = z.strictObject({
  column: columnKey,
  aggregate: z.enum(AGGREGATES).optional(),
  direction: z.enum(['ASC', 'DESC'], { error: 'Sort ASC or DESC.' }).default('ASC'),
});
export type ReportSort = z.infer<typeof reportSortSchema>;

/** A report's output column key: the column's own key, or `<aggregate>_<column>` (`sum_principal`). */
export const outputKey = (c: { column: string; aggregate?: Aggregate }) => (c.aggregate ? `${c.aggregate}_${c.column}` : c.column);

type Issue = { path: (string | number)[]; message: string };

function valueIssues(kind: ColumnKind, filter: ReportFilter, at: (string | number)[]): Issue[] {
  const { operator, value } = filter;
  const path = [...at, 'value'];
  if (operator === 'isEmpty' || operator === 'isNotEmpty') {
    return value === undefined || value === null ? [] : [{ path, message: 'This operator takes no value.' }];
  }
  const one = (v: unknown): string | null => {
    if (kind === 'text') return typeof v === 'string' && v.trim() !== '' ? null : 'Enter a text value.';
    if (kind === 'number') return typeof v === 'number' ? null : 'Enter a number.';
    if (kind === 'money')
      return typeof v === 'number' && Number.isSafeInteger(v) ? null : 'Enter an amount in minor units (a whole number).';
    return typeof v === 'string' && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'Enter a day as YYYY-MM-DD.';
  };
  if (operator === 'between' || operator === 'in') {
    if (!Array.isArray(value)) return [{ path, message: operator === 'between' ? 'Enter two values.' : 'Enter one or more values.' }];
    if (operator === 'between' && value.length !== 2) return [{ path, message: 'Enter two values.' }];
    if (value.length === 0) return [{ path, message: 'Enter one or more values.' }];
    const wrong = value.map(one).find((m) => m !== null);
    return wrong ? [{ path, message: wrong }] : [];
  }
  if (Array.isArray(value)) return [{ path, message: 'Enter one value.' }];
  const wrong = one(value);
  return wrong ? [{ path, message: wrong }] : [];
}

/** Every way a definition leaves the catalogue, each with the field it concerns. */
export function definitionIssues(d: {
  dataset: string;
  columns: readonly ReportColumn[];
  filters: readonly ReportFilter[];
  groupBy: readonly string[];
  sort: readonly { column: string; aggregate?: Aggregate }[];
}): Issue[] {
  const dataset = datasetByKey(d.dataset);
  if (!dataset) return [{ path: ['dataset'], message: `Choose one of: ${REPORT_DATASETS.map((x) => x.key).join(', ')}.` }];
  const issues: Issue[] = [];
  const known = (key: string, path: (string | number)[]) => {
    const found = columnOf(dataset, key);
    if (!found) issues.push({ path, message: `${dataset.label} have no column ${key}.` });
    return found;
  };
  const grouped = d.groupBy.length > 0 || d.columns.some((c) => c.aggregate);
  const shown = new Set<string>();
  d.columns.forEach((c, i) => {
    const found = known(c.column, ['columns', i, 'column']);
    const key = outputKey(c);
    if (shown.has(key)) issues.push({ path: ['columns', i, 'column'], message: 'This column is shown already.' });
    shown.add(key);
    if (!found) return;
    if (c.aggregate && !AGGREGATES_BY_KIND[found.kind].includes(c.aggregate))
      issues.push({
        path: ['columns', i, 'aggregate'],
        message: `A ${found.kind} column takes ${AGGREGATES_BY_KIND[found.kind].join(', ')}.`,
      });
    if (!c.aggregate && grouped && !d.groupBy.includes(c.column))
      issues.push({ path: ['columns', i, 'column'], message: 'Group by this column or summarise it.' });
    if (
      c.aggregate &&
      c.aggregate !== 'count' &&
      found.kind === 'money' &&
      dataset.currencyColumn &&
      !d.groupBy.includes(dataset.currencyColumn)
    )
      issues.push({ path: ['columns', i, 'aggregate'], message: 'Group by currency to total money: currencies are never added together.' });
  });
  d.groupBy.forEach((key, i) => {
    if (!known(key, ['groupBy', i])) return;
    if (!d.columns.some((c) => c.column === key && !c.aggregate))
      issues.push({ path: ['groupBy', i], message: 'Show this column to group by it.' });
    if (d.groupBy.indexOf(key) !== i) issues.push({ path: ['groupBy', i], message: 'Grouped by this column already.' });
  });
  d.filters.forEach((f, i) => {
    const found = known(f.column, ['filters', i, 'column']);
    if (!found) return;
    if (!OPERATORS_BY_KIND[found.kind].includes(f.operator))
      issues.push({
        path: ['filters', i, 'operator'],
        message: `A ${found.kind} column takes ${OPERATORS_BY_KIND[found.kind].join(', ')}.`,
      });
    else issues.push(...valueIssues(found.kind, f, ['filters', i]));
  });
  d.sort.forEach((s, i) => {
    if (!shown.has(outputKey(s))) issues.push({ path: ['sort', i, 'column'], message: 'Sort by a column the report shows.' });
  });
  return issues;
}

export const reportDefinitionSchema = z
  .strictObject({
    dataset: z.string({ error: 'Choose a dataset.' }).min(1, 'Choose a dataset.').max(64),
    columns: z
      .array(reportColumnSchema)
      .min(1, 'Choose at least one column.')
      .max(REPORT_DEFINITION_LIMITS.maxColumns, `At most ${REPORT_DEFINITION_LIMITS.maxColumns} columns.`),
    filters: z
      .array(reportFilterSchema)
      .max(REPORT_DEFINITION_LIMITS.maxFilters, `At most ${REPORT_DEFINITION_LIMITS.maxFilters} filters.`)
      .default([]),
    groupBy: z.array(columnKey).max(REPORT_DEFINITION_LIMITS.maxColumns).default([]),
    sort: z
      .array(reportSortSchema)
      .max(REPORT_DEFINITION_LIMITS.maxSorts, `At most ${REPORT_DEFINITION_LIMITS.maxSorts} sorts.`)
      .default([]),
  })
  .superRefine((d, ctx) => {
    for (const issue of definitionIssues(d)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;
export type ReportDefinitionInput = z.input<typeof reportDefinitionSchema>;

/** A column of a report's output, as the preview, the run engine and a file's heading name it. */
export interface OutputColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

/** The output columns of a valid definition, in order: a count is a number, min and max keep their column's kind. */
export function outputColumns(d: Pick<ReportDefinition, 'dataset' | 'columns'>): OutputColumn[] {
  const dataset = datasetByKey(d.dataset)!;
  return d.columns.map((c) => {
    const found = columnOf(dataset, c.column)!;
    if (!c.aggregate) return { key: c.column, label: found.label, kind: found.kind };
    const kind: ColumnKind = c.aggregate === 'count' ? 'number' : found.kind;
    return { key: outputKey(c), label: `${AGGREGATE_LABELS[c.aggregate]} ${found.label.toLowerCase()}`, kind };
  });
}

export const outputColumnSchema = z.strictObject({ key: z.string(), label: z.string(), kind: z.enum(COLUMN_KINDS) });

/** The catalogue as the builder receives it: only the datasets the caller may read. */
export const catalogueDatasetSchema = z
  .strictObject({
    key: z.string(),
    label: z.string(),
    currencyColumn: z.string().optional(),
    columns: z.array(
      z.strictObject({ key: z.string(), label: z.string(), kind: z.enum(COLUMN_KINDS), choices: z.array(z.string()).optional() }),
    ),
  })
  .meta({ id: 'ReportCatalogueDataset' });
export type CatalogueDatasetAnswer = z.infer<typeof catalogueDatasetSchema>;

/** A cell of a report row: text, a number (money in minor units), or none. */
export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;
