/**
 * Portfolio reports (issue 22, part of item 1): PAR30 by group and by month, the collections summary and the
 * tenant loans report, read under the `standardReports` resource (CRM/REPORTS) over the caller's subtree.
 *
 * Definitions (README "Portfolio reports"):
 * - The portfolio at D: disbursed loans on or before D, not written off by D, with principal outstanding at D.
 * - Outstanding principal at D: the schedule's principal less the principal allocated by the live payments
 *   paid on or before D. The allocations are stored per payment by the ledger's date-ordered replay, so the
 *   payments up to D are a prefix of it and their stored shares are exactly what a replay up to D would give.
 * - At risk (PAR30): the loan's arrears days at D exceed 30, counted as the loan page counts them: from the
 *   day after the due date of the oldest instalment not fully paid by D, once what is overdue at D exceeds the
 *   loan's arrears tolerance. PAR30 = outstanding principal of loans at risk / outstanding principal.
 * - Ratios are percentages with two decimals (whole basis points), rounded half to even, as text; null where
 *   the whole is zero. Money is integer minor units per currency: figures of different currencies are
 *   never added, so every row carries its currency.
 * - Days are calendar days in the tenant's time zone (the dates loans store). Without dates: one day ago to
 *   7 days ahead (the spec's report window); an as-of date is never past today.
 */
import { z } from 'zod';
import { answerCount, answerDay } from './answer-fields';
import { daySchema } from './activity-plan';
import { pagingQuerySchema } from './paging';
import { idSchema } from '../validation';
import { EMPTY_GUID } from '../constants';

export const PORTFOLIO_REPORT_LIMITS = {
  /** A collections summary covers at most this many days ... */
  maxWindowDays: 731,
  /** ... and a PAR trend at most this many month-ends. */
  maxTrendMonths: 36,
  /** Days past due beyond which a loan is at risk (CGAP's PAR30). */
  parDays: 30,
} as const;

export const PAR_GROUPINGS = ['branch', 'team', 'officer', 'product'] as const;
export type ParGrouping = (typeof PAR_GROUPINGS)[number];

export const COLLECTION_PERIODS = ['day', 'week', 'month'] as const;
export type CollectionPeriod = (typeof COLLECTION_PERIODS)[number];

/** An optional tenant inside the caller's subtree: empty or the all-zero GUID means the whole subtree. */
const tenantFilter = z.preprocess((v) => (v === '' || v === EMPTY_GUID ? undefined : v), idSchema.optional());
const window = { fromDate: daySchema.optional(), toDate: daySchema.optional() };

export const parReportQuerySchema = pagingQuerySchema.pick({ page: true, size: true }).extend({
  asOf: daySchema.optional(),
  groupBy: z.enum(PAR_GROUPINGS, { error: `Group by one of: ${PAR_GROUPINGS.join(', ')}.` }).default('branch'),
  tenantId: tenantFilter,
});
export type ParReportQuery = z.infer<typeof parReportQuerySchema>;

export const parTrendQuerySchema = z.object({ ...window, tenantId: tenantFilter });
export type ParTrendQuery = z.infer<typeof parTrendQuerySchema>;

export const collectionsQuerySchema = pagingQuerySchema.pick({ page: true, size: true }).extend({
  ...window,
  period: z.enum(COLLECTION_PERIODS, { error: `The period is one of: ${COLLECTION_PERIODS.join(', ')}.` }).default('day'),
  tenantId: tenantFilter,
});
export type CollectionsQuery = z.infer<typeof collectionsQuerySchema>;

export const tenantLoansQuerySchema = pagingQuerySchema.pick({ page: true, size: true }).extend({ ...window, tenantId: tenantFilter });
export type TenantLoansQuery = z.infer<typeof tenantLoansQuerySchema>;

const minor = z.number().int();
const percent = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .nullable();

/** The PAR30 figures of a set of loans in one currency. */
const parFigures = {
  currency: z.string(),
  loans: answerCount,
  loansAtRisk: answerCount,
  outstandingPrincipalMinor: minor,
  atRiskPrincipalMinor: minor,
  par30Percent: percent,
};

export const parGroupSchema = z.strictObject({
  /** The branch, team, officer (the user who applied for the loan) or product; null: loans outside any branch or team. */
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  ...parFigures,
});
export type ParGroup = z.infer<typeof parGroupSchema>;

export const parTotalSchema = z.strictObject(parFigures);
export type ParTotal = z.infer<typeof parTotalSchema>;

export const parReportSchema = z.strictObject({
  asOf: answerDay,
  groupBy: z.enum(PAR_GROUPINGS),
  /** The whole portfolio, per currency. */
  totals: z.array(parTotalSchema),
  /** One page of the groups, by name (loans outside any branch or team last). */
  groups: z.array(parGroupSchema),
});
export type ParReport = z.infer<typeof parReportSchema>;

export const parTrendPointSchema = z.strictObject({ asOf: answerDay, ...parFigures });
export type ParTrendPoint = z.infer<typeof parTrendPointSchema>;

export const parTrendSchema = z.strictObject({
  fromDate: answerDay,
  toDate: answerDay,
  /** Each month's last day in the window (the window's last month: its end, or today), per currency, oldest first. */
  points: z.array(parTrendPointSchema),
});
export type ParTrend = z.infer<typeof parTrendSchema>;

export const collectionsPeriodSchema = z.strictObject({
  /** The period's first and last day (a week runs Monday to Sunday; the window cuts the first and last). */
  periodStart: answerDay,
  periodEnd: answerDay,
  currency: z.string(),
  /** Instalments falling due in the period: their fees, interest and principal. */
  expectedMinor: minor,
  /** What the live payments made in the period paid of schedules (their stored allocation), and its parts. */
  collectedMinor: minor,
  collectedPrincipalMinor: minor,
  collectedInterestMinor: minor,
  collectedFeeMinor: minor,
  /** Paid beyond a loan's whole schedule (kept as the client's credit): not in `collectedMinor`. */
  overpaymentMinor: minor,
  /** Of `expectedMinor`, what was paid by each instalment's due date, and that as a share. */
  paidOnTimeMinor: minor,
  onTimePercent: percent,
  /** Of `collectedMinor`, what went to instalments already overdue on the day paid (due before it). */
  arrearsRecoveredMinor: minor,
});
export type CollectionsPeriod = z.infer<typeof collectionsPeriodSchema>;

export const collectionsSummarySchema = z.strictObject({
  fromDate: answerDay,
  toDate: answerDay,
  period: z.enum(COLLECTION_PERIODS),
  /** One page of the periods with anything due or paid, oldest first, per currency. */
  periods: z.array(collectionsPeriodSchema),
});
export type CollectionsSummary = z.infer<typeof collectionsSummarySchema>;

export const tenantLoansRowSchema = z.strictObject({
  tenantId: z.string(),
  tenantName: z.string(),
  tenantType: z.number().int(),
  /** The tenant's own loans (not those of tenants below it) disbursed in the window, and the amount. */
  loansDisbursed: answerCount,
  disbursedMinor: minor,
  /** As of the window's end (or today): PAR30 figures of the tenant's own portfolio. */
  ...parFigures,
});
export type TenantLoansRow = z.infer<typeof tenantLoansRowSchema>;

export const tenantLoansReportSchema = z.strictObject({
  fromDate: answerDay,
  toDate: answerDay,
  asOf: answerDay,
  /** One page of the subtree's tenants with loans, in tree order, per currency. */
  tenants: z.array(tenantLoansRowSchema),
});
export type TenantLoansReport = z.infer<typeof tenantLoansReportSchema>;
