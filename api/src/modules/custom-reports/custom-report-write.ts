/** Custom report writes: made in the acting tenant, owned by the caller; a delete only marks the row. */
import type { CustomReportSave } from '@meridian/shared/contract/custom-report';
import type { Principal, TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { checkCategoryChoosable, checkDatasetAllowed } from './custom-report-access';

async function checkSave(q: Queryable, principal: Principal, scope: TenantScope, input: CustomReportSave) {
  checkDatasetAllowed(principal, input.definition.dataset);
  await checkCategoryChoosable(q, principal, scope, input.categoryId);
}

export async function createReport(q: Queryable, principal: Principal, scope: TenantScope, input: CustomReportSave): Promise<string> {
  await checkSave(q, principal, scope, input);
  const row = await q.one<{ id: string }>(
    `insert into custom_reports (tenant_id, category_id, name, description, dataset, definition, owner_user_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      scope.tenantId,
      input.categoryId,
      input.name,
      input.description,
      input.definition.dataset,
      JSON.stringify(input.definition),
      principal.userId,
    ],
  );
  return row!.id;
}

export async function updateReport(q: Queryable, principal: Principal, scope: TenantScope, id: string, input: CustomReportSave) {
  await checkSave(q, principal, scope, input);
  await q.query(
    `update custom_reports set category_id = $1, name = $2, description = $3, dataset = $4, definition = $5, date_modified = now() where id = $6`,
    [input.categoryId, input.name, input.description, input.definition.dataset, JSON.stringify(input.definition), id],
  );
}

export async function deleteReport(q: Queryable, id: string) {
  await q.query(`update custom_reports set deleted_at = now(), date_modified = now() where id = $1`, [id]);
}
