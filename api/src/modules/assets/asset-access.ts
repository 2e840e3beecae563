/**
 * Who may do what with assets, their groups and categories, and which of them a caller sees.
 *
 * The asset group rule: a group is tied to a role, and a user sees the groups whose role is one of
 * their own. Holders of the whole tracking area (TRACKING), of ADMIN, of an administrator role, and
 * the global administrator see every group. An asset in a group the caller cannot see is not theirs
 * to read or change (404, as if it did not exist); an asset in no group is seen by anyone with the
 * read permission in the tenant subtree. Assets stay inside the acting tenant's subtree; groups and
 * categories are a company's catalogue, seen (and chosen) from its branches too, but changed only
 * from the tenant that owns them or one above it.
 */
import type { FastifyRequest } from 'fastify';
import { assetCategories, assetEvents, assetGroups, assets } from '@meridian/shared/contract/areas/tracking';
import { can } from '@meridian/shared/contract/access';
import { isInRoleGroup } from '@meridian/shared/contract/roles';
import type { TenantScope } from '../../auth/principal';
import { allow, grantsOf } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope, subtreeAndAncestorTenantsAt, subtreePattern } from '../../tenancy/subtree';

export const ASSET_READERS = allow(assets, 'read');
export const ASSET_CREATORS = allow(assets, 'create');
export const ASSET_EDITORS = allow(assets, 'edit');
export const ASSET_DELETERS = allow(assets, 'delete');
export const ASSET_EVENT_READERS = allow(assetEvents, 'read');
export const GROUP_READERS = allow(assetGroups, 'read');
export const GROUP_CREATORS = allow(assetGroups, 'create');
export const GROUP_EDITORS = allow(assetGroups, 'edit');
export const GROUP_DELETERS = allow(assetGroups, 'delete');
export const CATEGORY_READERS = allow(assetCategories, 'read');
export const CATEGORY_CREATORS = allow(assetCategories, 'create');
export const CATEGORY_EDITORS = allow(assetCategories, 'edit');
export const CATEGORY_DELETERS = allow(assetCategories, 'delete');

/** Hierarchies whose holders see every asset group of their subtree. */
const ALL_GROUP_VIEWERS = grantsOf(assetGroups, 'seeAll');

/** The caller as the asset rules need them: where they act, who they are, and whether they see every group. */
export interface AssetViewer {
  scope: TenantScope;
  userId: string;
  seesAllGroups: boolean;
}

export const viewerOf = (request: FastifyRequest): AssetViewer => ({
  scope: request.scope,
  userId: request.principal.userId,
  seesAllGroups: can(request.principal, ALL_GROUP_VIEWERS) || isInRoleGroup(request.principal.roles, 'admin'),
});

/** Which groups and categories a condition takes: those seen (the subtree's and its ancestors'), or those owned (the subtree's). */
export interface CatalogueReach {
  owned?: boolean;
}

function catalogueTenant(column: string, scope: TenantScope, p: SqlParams, reach: CatalogueReach) {
  if (reach.owned) return inScope(column, scope, p);
  return `${column} in (${subtreeAndAncestorTenantsAt(p.add(subtreePattern(scope)))})`;
}

/** SQL condition: group `g` is in reach and the viewer holds its role (or sees every group). */
export function groupVisible(viewer: AssetViewer, p: SqlParams, alias = 'g', reach: CatalogueReach = {}) {
  const inTree = catalogueTenant(`${alias}.tenant_id`, viewer.scope, p, reach);
  if (viewer.seesAllGroups) return inTree;
  return `${inTree} and ${alias}.role_id in (select ur.role_id from user_roles ur where ur.user_id = ${p.add(viewer.userId)})`;
}

/** SQL condition: asset `a` is live, in the subtree, and in no group or a group the viewer sees. */
export function assetVisible(viewer: AssetViewer, p: SqlParams, alias = 'a') {
  const base = `${alias}.deleted_at is null and ${inScope(`${alias}.tenant_id`, viewer.scope, p)}`;
  if (viewer.seesAllGroups) return base;
  return `${base} and (${alias}.group_id is null or exists (select 1 from asset_groups g where g.id = ${alias}.group_id and ${groupVisible(viewer, p)}))`;
}

export const categoryVisible = (scope: TenantScope, p: SqlParams, alias = 'c', reach: CatalogueReach = {}) =>
  catalogueTenant(`${alias}.tenant_id`, scope, p, reach);

export interface VisibleAsset {
  id: string;
  tenant_id: string;
}

/** The asset if the viewer sees it, else 404. */
export async function visibleAsset(q: Queryable, viewer: AssetViewer, id: string, options: { lock?: boolean } = {}): Promise<VisibleAsset> {
  const p = sqlParams([id]);
  const row = await q.one<VisibleAsset>(
    `select a.id, a.tenant_id from assets a where a.id = $1 and ${assetVisible(viewer, p)}${options.lock ? ' for update of a' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Asset');
  return row;
}

export interface VisibleGroup {
  id: string;
  tenant_id: string;
}

/** The group if the viewer sees it (with `owned`: and may change it), else 404. */
export async function visibleGroup(
  q: Queryable,
  viewer: AssetViewer,
  id: string,
  options: { lock?: boolean } & CatalogueReach = {},
): Promise<VisibleGroup> {
  const p = sqlParams([id]);
  const row = await q.one<VisibleGroup>(
    `select g.id, g.tenant_id from asset_groups g where g.id = $1 and ${groupVisible(viewer, p, 'g', options)}${options.lock ? ' for update of g' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Asset group');
  return row;
}

/** The category if the caller sees it (with `owned`: and may change it), else 404. */
export async function visibleCategory(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } & CatalogueReach = {}) {
  const p = sqlParams([id]);
  const row = await q.one<{ id: string; tenant_id: string }>(
    `select c.id, c.tenant_id from asset_categories c where c.id = $1 and ${categoryVisible(scope, p, 'c', options)}${options.lock ? ' for update of c' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Asset category');
  return row;
}
