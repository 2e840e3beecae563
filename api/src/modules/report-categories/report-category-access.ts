/**
 * Who may manage report categories, which ones they manage, and which ones a person sees.
 *
 * Managing (REPORTCATEGORIES): the categories of the acting tenant's subtree; anything else answers 404.
 *
 * Seeing (what files a custom report where a person can see it), decided once here (README "Report
 * categories"): a category belongs to the tenant it was made in and is seen by people acting for that
 * tenant, a tenant below it, or a tenant above it (who oversee it). With roles listed, only holders of one of
 * them see it; with tenants listed, only people acting for one of them or a tenant below one. A category
 * listing neither is open to everyone there. A sub-category is seen only when every category above it is.
 * A global administrator passes the role and tenant lists (as they pass every permission check), not the
 * tenancy. An API key holds no roles, so it sees only categories without a role list.
 */
import { reportCategories } from '@meridian/shared/contract/areas/reports';
import { isGlobalAdministrator } from '@meridian/shared/contract/roles';
import type { Principal, TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope, pathWithin } from '../../tenancy/subtree';

export const CATEGORY_MANAGERS = allow(reportCategories, 'read');
export const CATEGORY_CHOOSERS = allow(reportCategories, 'choose');

/** The person whose view of the categories is asked for. */
export interface CategoryViewer {
  /** Null for an API key: it holds no roles. */
  userId: string | null;
  /** The path of the tenant they act for. */
  tenantPath: string;
  seesEverything: boolean;
}

export const viewerOf = (principal: Principal, scope: TenantScope): CategoryViewer => ({
  userId: principal.apiKey ? null : principal.userId,
  tenantPath: scope.path,
  seesEverything: principal.isGlobalAdmin,
});

/** Another user of the acting subtree, as they see the categories from their home tenant. */
export async function viewerOfUser(q: Queryable, userId: string): Promise<CategoryViewer> {
  const row = (await q.one<{ path: string; roles: string[] }>(
    `select t.path, coalesce((select json_agg(r.name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]') as roles
     from users u join tenants t on t.id = u.tenant_id where u.id = $1`,
    [userId],
  ))!;
  return { userId, tenantPath: row.path, seesEverything: isGlobalAdministrator(row.roles.map((name) => ({ name }))) };
}

/** SQL condition on one category `c` and its owning tenant `ot`, without its parents. */
function allowsOnItsOwn(viewer: CategoryViewer, p: SqlParams) {
  const path = p.add(viewer.tenantPath);
  const lineage = `ot.deleted_at is null and (${pathWithin(path, 'ot.path')} or ${pathWithin('ot.path', path)})`;
  if (viewer.seesEverything) return lineage;
  const user = p.add(viewer.userId);
  return `${lineage}
    and (not exists (select 1 from report_category_roles l where l.category_id = c.id)
      or exists (select 1 from report_category_roles l join user_roles ur on ur.role_id = l.role_id
                 where l.category_id = c.id and ur.user_id = ${user}::uuid))
    and (not exists (select 1 from report_category_tenants l where l.category_id = c.id)
      or exists (select 1 from report_category_tenants l join tenants lt on lt.id = l.tenant_id
                 where l.category_id = c.id and lt.deleted_at is null and ${pathWithin(path, 'lt.path')}))`;
}

/** SQL: the ids of the categories `viewer` sees (each with every category above it allowed). */
export function categoriesSeenSql(viewer: CategoryViewer, p: SqlParams) {
  return `with recursive chain as (
      select c.id as leaf, c.id, c.parent_category_id from report_categories c
      union all
      select chain.leaf, up.id, up.parent_category_id from chain join report_categories up on up.id = chain.parent_category_id)
    select chain.leaf from chain join report_categories c on c.id = chain.id join tenants ot on ot.id = c.tenant_id
    group by chain.leaf having bool_and(${allowsOnItsOwn(viewer, p)})`;
}

/** SQL condition: the category id in `column` is one `viewer` sees. */
export const categorySeen = (column: string, viewer: CategoryViewer, p: SqlParams) =>
  `${column} = any(array(${categoriesSeenSql(viewer, p)}))`;

export const categoryManaged = (scope: TenantScope, p: SqlParams, alias = 'c') => inScope(`${alias}.tenant_id`, scope, p);

export interface ManagedCategory {
  id: string;
  tenant_id: string;
  parent_category_id: string | null;
}

/** A category of the acting subtree, or 404. */
export async function managedCategory(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const row = await q.one<ManagedCategory>(
    `select c.id, c.tenant_id, c.parent_category_id from report_categories c where c.id = $1 and ${categoryManaged(scope, p)}${
      options.lock ? ' for update of c' : ''
    }`,
    p.values,
  );
  if (!row) throw notFound('Report category');
  return row;
}
