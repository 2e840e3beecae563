/**
 * Report category writes. A sub-category belongs to its parent's tenant (each tenant's tree is its own) and
 * the tree never loops; the roles listed are roles the acting tenant sees, the tenants listed lie in its
 * subtree. A category with sub-categories or live reports is not deleted (409): they would be left unfiled.
 */
import type { ReportCategorySave } from '@meridian/shared/contract/report-category';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { conflict, fieldError } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';
import { roleVisibleSql } from '../roles/role-visibility';
import { categoryManaged, type ManagedCategory } from './report-category-access';

async function checkParent(q: Queryable, scope: TenantScope, tenantId: string, parentId: string | null, selfId: string | null) {
  if (!parentId) return;
  const p = sqlParams([parentId]);
  const parent = await q.one<{ tenant_id: string }>(
    `select c.tenant_id from report_categories c where c.id = $1 and ${categoryManaged(scope, p)}`,
    p.values,
  );
  if (!parent) throw fieldError('parentCategoryId', 'There is no such category.');
  if (parent.tenant_id !== tenantId) throw fieldError('parentCategoryId', "A sub-category belongs to its parent's tenant.");
  if (!selfId) return;
  const loop = await q.one(
    `with recursive up as (select id, parent_category_id from report_categories where id = $1
       union all select c.id, c.parent_category_id from up join report_categories c on c.id = up.parent_category_id)
     select 1 from up where id = $2 limit 1`,
    [parentId, selfId],
  );
  if (loop) throw fieldError('parentCategoryId', 'A category cannot sit inside itself or one of its sub-categories.');
}

async function checkLinks(q: Queryable, scope: TenantScope, input: ReportCategorySave) {
  if (input.roleIds.length) {
    const found = await q.query<{ id: string }>(`select r.id from roles r where r.id = any($1::uuid[]) and ${roleVisibleSql(2)}`, [
      input.roleIds,
      scope.path,
    ]);
    if (found.length !== input.roleIds.length) throw fieldError('roleIds', 'There is no such role.');
  }
  if (input.tenantIds.length) {
    const p = sqlParams([input.tenantIds]);
    const found = await q.query<{ id: string }>(
      `select t.id from tenants t where t.id = any($1::uuid[]) and ${inScope('t.id', scope, p)}`,
      p.values,
    );
    if (found.length !== input.tenantIds.length) throw fieldError('tenantIds', 'There is no such tenant.');
  }
}

async function checkNameFree(q: Queryable, tenantId: string, input: ReportCategorySave, selfId: string | null) {
  const taken = await q.one(
    `select 1 from report_categories where tenant_id = $1 and parent_category_id is not distinct from $2::uuid
       and upper(name) = upper($3) and id is distinct from $4::uuid`,
    [tenantId, input.parentCategoryId, input.name, selfId],
  );
  if (taken) throw conflict('A category of that name is there already.', { name: ['A category of that name is there already.'] });
}

async function writeLinks(q: Queryable, id: string, input: ReportCategorySave) {
  // Links that stay keep their ids (the spec's reportCatRolesId and reportCatTenantsId).
  await q.query(`delete from report_category_roles where category_id = $1 and not (role_id = any($2::uuid[]))`, [id, input.roleIds]);
  await q.query(
    `insert into report_category_roles (category_id, role_id) select $1, unnest($2::uuid[]) on conflict (category_id, role_id) do nothing`,
    [id, input.roleIds],
  );
  await q.query(`delete from report_category_tenants where category_id = $1 and not (tenant_id = any($2::uuid[]))`, [id, input.tenantIds]);
  await q.query(
    `insert into report_category_tenants (category_id, tenant_id) select $1, unnest($2::uuid[]) on conflict (category_id, tenant_id) do nothing`,
    [id, input.tenantIds],
  );
}

export async function createCategory(q: Queryable, scope: TenantScope, userId: string, input: ReportCategorySave): Promise<string> {
  await checkParent(q, scope, scope.tenantId, input.parentCategoryId, null);
  await checkLinks(q, scope, input);
  await checkNameFree(q, scope.tenantId, input, null);
  const row = await q.one<{ id: string }>(
    `insert into report_categories (tenant_id, name, parent_category_id, created_user_id) values ($1, $2, $3, $4) returning id`,
    [scope.tenantId, input.name, input.parentCategoryId, userId],
  );
  await writeLinks(q, row!.id, input);
  return row!.id;
}

export async function updateCategory(q: Queryable, scope: TenantScope, category: ManagedCategory, input: ReportCategorySave) {
  await checkParent(q, scope, category.tenant_id, input.parentCategoryId, category.id);
  await checkLinks(q, scope, input);
  await checkNameFree(q, category.tenant_id, input, category.id);
  await q.query(`update report_categories set name = $1, parent_category_id = $2, date_modified = now() where id = $3`, [
    input.name,
    input.parentCategoryId,
    category.id,
  ]);
  await writeLinks(q, category.id, input);
}

export async function deleteCategory(q: Queryable, category: ManagedCategory) {
  const used = await q.one<{ children: number; reports: number }>(
    `select (select count(*)::int from report_categories where parent_category_id = $1) as children,
            (select count(*)::int from custom_reports where category_id = $1 and deleted_at is null) as reports`,
    [category.id],
  );
  if (used!.children > 0) throw conflict('This category has sub-categories: move or delete them first.');
  if (used!.reports > 0) throw conflict('This category holds reports: move or delete them first.');
  // Deleted reports keep no category.
  await q.query(`update custom_reports set category_id = null where category_id = $1`, [category.id]);
  await q.query(`delete from report_categories where id = $1`, [category.id]);
}
