/**
 * Who may read and write custom reports, and which a caller sees: the reports of the acting tenant's
 * subtree that are filed in no category or in a category the caller sees (report-category-access.ts);
 * anything else answers 404. A report over a dataset the caller may not read (its own screens' grant) is
 * refused 403: a custom report is no way around a domain's permission.
 */
import { customReports } from '@meridian/shared/contract/areas/reports';
import { can } from '@meridian/shared/contract/access';
import { datasetByKey, REPORT_DATASETS } from '@meridian/shared/contract/report-catalogue';
import type { Principal, TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { AppError, fieldError, notFound } from '../../http/errors';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { inScope } from '../../tenancy/subtree';
import { categorySeen, viewerOf } from '../report-categories/report-category-access';

export const REPORT_READERS = allow(customReports, 'read');
export const REPORT_WRITERS = allow(customReports, 'create', 'edit');
export const REPORT_CREATORS = allow(customReports, 'create');
export const REPORT_EDITORS = allow(customReports, 'edit');

/** SQL condition on `cr` (custom_reports): a live report the caller sees. */
export function reportVisible(principal: Principal, scope: TenantScope, p: SqlParams, alias = 'cr') {
  return `${alias}.deleted_at is null and ${inScope(`${alias}.tenant_id`, scope, p)}
    and (${alias}.category_id is null or ${categorySeen(`${alias}.category_id`, viewerOf(principal, scope), p)})`;
}

export interface VisibleReport {
  id: string;
  name: string;
  dataset: string;
  definition: unknown;
}

export async function visibleReport(q: Queryable, principal: Principal, scope: TenantScope, id: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const row = await q.one<VisibleReport>(
    `select cr.id, cr.name, cr.dataset, cr.definition from custom_reports cr where cr.id = $1 and ${reportVisible(principal, scope, p)}${
      options.lock ? ' for update of cr' : ''
    }`,
    p.values,
  );
  if (!row) throw notFound('Report');
  return row;
}

export const mayReadDataset = (principal: Principal, key: string) => {
  const dataset = datasetByKey(key);
  return !!dataset && can(principal, dataset.readGrant);
};

export function checkDatasetAllowed(principal: Principal, key: string) {
  if (!datasetByKey(key)) throw fieldError('definition.dataset', 'There is no such dataset.');
  if (!mayReadDataset(principal, key))
    throw new AppError(
      403,
      ERROR_CODES.FORBIDDEN,
      `You may not read ${datasetByKey(key)!.label.toLowerCase()}, so you may not report on them.`,
    );
}

export const datasetsFor = (principal: Principal) => REPORT_DATASETS.filter((d) => can(principal, d.readGrant));

/** A category the caller may file a report in: one they see. */
export async function checkCategoryChoosable(q: Queryable, principal: Principal, scope: TenantScope, categoryId: string | null) {
  if (!categoryId) return;
  const p = sqlParams([categoryId]);
  const seen = await q.one(`select 1 where ${categorySeen('$1::uuid', viewerOf(principal, scope), p)}`, p.values);
  if (!seen) throw fieldError('categoryId', 'There is no such category.');
}
