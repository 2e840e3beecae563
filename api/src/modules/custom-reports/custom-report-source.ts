/**
 * What the report-run engine (issue 22 item 4) reads a custom report's rows through: the same visibility
 * as the screens (the acting subtree, the report's category seen by the caller, the dataset readable by
 * them), the report's output columns, and its rows as an async iterable read in keyset batches of
 * `CUSTOM_REPORT_BATCH_ROWS` (report-query.ts), so a run never holds more than a batch in memory and no
 * transaction stays open across batches.
 *
 * Parameters (`ReportRunRequest.parameters`, text): a custom report's definition is complete, so the only
 * one taken is `tenantId`, narrowing the rows to one tenant of the acting subtree (and its own subtree), as
 * the standard reports' `tenantId` does. Any other name is refused with a 400 naming it; a refusal is an
 * AppError (400, 403 or 404) thrown before any row is read.
 */
import type { OutputColumn, ReportCell } from '@meridian/shared/contract/report-catalogue';
import { reportDefinitionSchema } from '@meridian/shared/contract/report-catalogue';
import { idSchema } from '@meridian/shared/validation';
import type { Principal, TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { badRequest, fieldError } from '../../http/errors';
import { tenantInScope } from '../../tenancy/scope';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { checkDatasetAllowed, visibleReport } from './custom-report-access';
import { compileReport, readAllRows } from './report-query';

export const CUSTOM_REPORT_BATCH_ROWS = 1_000;

export interface CustomReportRows {
  name: string;
  columns: OutputColumn[];
  /** Each row's cells in the order of `columns`: text, numbers (money in integer minor units), days `YYYY-MM-DD`, instants ISO 8601 UTC, or null. */
  rows: AsyncIterable<ReportCell[]>;
}

async function narrowedScope(q: Queryable, scope: TenantScope, parameters: Readonly<Record<string, string>>): Promise<TenantScope> {
  const unknown = Object.keys(parameters).filter((key) => key !== 'tenantId');
  if (unknown.length)
    throw badRequest(
      'A custom report takes no parameter but tenantId.',
      Object.fromEntries(unknown.map((k) => [k, ['Not a parameter of this report.']])),
    );
  if (parameters.tenantId === undefined || parameters.tenantId === '') return scope;
  const id = idSchema.safeParse(parameters.tenantId);
  if (!id.success) throw fieldError('tenantId', 'Choose a tenant.');
  const tenant = await tenantInScope(q, scope, id.data);
  return { tenantId: tenant.id, path: tenant.path };
}

export async function customReportSource(
  q: Queryable,
  scope: TenantScope,
  principal: Principal,
  reportId: string,
  parameters: Readonly<Record<string, string>> = {},
): Promise<CustomReportRows> {
  const report = await visibleReport(q, principal, scope, reportId);
  // Stored definitions were valid when saved; one the catalogue has since outgrown is refused, not guessed at.
  const definition = reportDefinitionSchema.safeParse(report.definition);
  if (!definition.success) throw badRequest('This report no longer fits the catalogue: edit and save it again.');
  checkDatasetAllowed(principal, definition.data.dataset);
  const rowsScope = await narrowedScope(q, scope, parameters);
  const compiled = await compileReport(q, rowsScope, definition.data, tenantTimeZone);
  return { name: report.name, columns: compiled.columns, rows: readAllRows(q, compiled, CUSTOM_REPORT_BATCH_ROWS) };
}
