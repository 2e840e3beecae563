/**
 * Asset groups and categories: reads and writes. Names are unique per tenant (case-insensitive, 409).
 * A group's role must be one the acting tenant sees (a system role or one of its lineage). A group
 * that still holds live assets is not deleted (409): its assets would fall open to every reader. A
 * category is deleted outright; its assets keep no category.
 */
import type { AssetCategory, AssetCategorySave, AssetGroup, AssetGroupSave } from '@meridian/shared/contract/asset';
import { nameTakenMessage } from '@meridian/shared/messages';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { inScope } from '../../tenancy/subtree';
import { conflict, fieldError } from '../../http/errors';
import { owningTenant } from '../../tenancy/tenant-owned';
import { roleVisibleSql } from '../roles/role-visibility';
import { categoryVisible, groupVisible, type AssetViewer, type VisibleGroup } from './asset-access';

/** Counts only the assets of the acting subtree: a branch seeing its company's group learns nothing of its siblings' fleet. */
const assetCount = (column: string, scope: TenantScope, p: SqlParams) =>
  `(select count(*) from assets a where a.${column} and a.deleted_at is null and ${inScope('a.tenant_id', scope, p)})::int as "assetCount"`;
const groupColumns = (
  scope: TenantScope,
  p: SqlParams,
) => `g.id, g.name, g.role_id as "roleId", r.name as "roleName", g.tenant_id as "tenantId",
  ${assetCount('group_id = g.id', scope, p)}, g.date_created as "dateCreated", g.date_modified as "dateModified"`;
const categoryColumns = (scope: TenantScope, p: SqlParams) => `c.id, c.name, c.tenant_id as "tenantId",
  ${assetCount('category_id = c.id', scope, p)}, c.date_created as "dateCreated", c.date_modified as "dateModified"`;

async function assertNameFree(q: Queryable, table: 'asset_groups' | 'asset_categories', tenantId: string, name: string, exceptId?: string) {
  const taken = await q.one(`select 1 from ${table} where tenant_id = $1 and lower(name) = lower($2) and ($3::uuid is null or id <> $3)`, [
    tenantId,
    name,
    exceptId ?? null,
  ]);
  if (taken) {
    const message = nameTakenMessage(table === 'asset_groups' ? 'group' : 'category');
    throw conflict(message, { name: [message] });
  }
}

async function assertRoleVisible(q: Queryable, scope: TenantScope, roleId: string) {
  const found = await q.one(`select 1 from roles r where r.id = $2 and ${roleVisibleSql(1)}`, [scope.path, roleId]);
  if (!found) throw fieldError('roleId', 'Choose a role of this tenant.');
}

export async function groupsOf(q: Queryable, viewer: AssetViewer): Promise<AssetGroup[]> {
  const p = sqlParams();
  const columns = groupColumns(viewer.scope, p);
  return q.query<AssetGroup>(
    `select ${columns} from asset_groups g left join roles r on r.id = g.role_id where ${groupVisible(viewer, p)} order by g.name, g.id`,
    p.values,
  );
}

export async function groupById(q: Queryable, scope: TenantScope, id: string): Promise<AssetGroup> {
  const p = sqlParams([id]);
  const columns = groupColumns(scope, p);
  return (await q.one<AssetGroup>(
    `select ${columns} from asset_groups g left join roles r on r.id = g.role_id where g.id = $1`,
    p.values,
  ))!;
}

export async function createGroup(q: Queryable, scope: TenantScope, input: AssetGroupSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  await assertRoleVisible(q, scope, input.roleId);
  await assertNameFree(q, 'asset_groups', tenantId, input.name);
  const row = await q.one<{ id: string }>(`insert into asset_groups (tenant_id, name, role_id) values ($1, $2, $3) returning id`, [
    tenantId,
    input.name,
    input.roleId,
  ]);
  return row!.id;
}

export async function updateGroup(q: Queryable, scope: TenantScope, group: VisibleGroup, input: AssetGroupSave) {
  const tenantId = await owningTenant(q, scope, input.tenantId, group.tenant_id);
  await assertRoleVisible(q, scope, input.roleId);
  await assertNameFree(q, 'asset_groups', tenantId, input.name, group.id);
  await q.query(`update asset_groups set name = $2, role_id = $3, tenant_id = $4, date_modified = now() where id = $1`, [
    group.id,
    input.name,
    input.roleId,
    tenantId,
  ]);
}

export async function deleteGroup(q: Queryable, group: VisibleGroup) {
  const held = await q.one<{ n: number }>(`select count(*)::int as n from assets where group_id = $1 and deleted_at is null`, [group.id]);
  if (held!.n > 0) throw conflict(`The group still holds ${held!.n} asset(s): move them to another group first.`);
  await q.query(`delete from asset_groups where id = $1`, [group.id]);
}

export async function categoriesOf(q: Queryable, scope: TenantScope): Promise<AssetCategory[]> {
  const p = sqlParams();
  const columns = categoryColumns(scope, p);
  return q.query<AssetCategory>(
    `select ${columns} from asset_categories c where ${categoryVisible(scope, p)} order by c.name, c.id`,
    p.values,
  );
}

export async function categoryById(q: Queryable, scope: TenantScope, id: string): Promise<AssetCategory> {
  const p = sqlParams([id]);
  const columns = categoryColumns(scope, p);
  return (await q.one<AssetCategory>(`select ${columns} from asset_categories c where c.id = $1`, p.values))!;
}

export async function createCategory(q: Queryable, scope: TenantScope, input: AssetCategorySave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  await assertNameFree(q, 'asset_categories', tenantId, input.name);
  const row = await q.one<{ id: string }>(`insert into asset_categories (tenant_id, name) values ($1, $2) returning id`, [
    tenantId,
    input.name,
  ]);
  return row!.id;
}

export async function updateCategory(
  q: Queryable,
  scope: TenantScope,
  category: { id: string; tenant_id: string },
  input: AssetCategorySave,
) {
  const tenantId = await owningTenant(q, scope, input.tenantId, category.tenant_id);
  await assertNameFree(q, 'asset_categories', tenantId, input.name, category.id);
  await q.query(`update asset_categories set name = $2, tenant_id = $3, date_modified = now() where id = $1`, [
    category.id,
    input.name,
    tenantId,
  ]);
}

export async function deleteCategory(q: Queryable, category: { id: string }) {
  await q.query(`delete from asset_categories where id = $1`, [category.id]);
}
