/**
 * The one place that writes the tenant subtree filter. A tenant's path lists the ids from the root
 * down to itself (`a/b/c/`), so the subtree of a tenant is every tenant whose path starts with its own.
 *
 * The rule for deleted tenants, decided once: a deleted tenant and every row of it lie outside every
 * scope, exactly like another tenant's. Only where a deleted record must stay reachable (restoring a
 * user, audit and history lists) does a caller pass `{ includeDeleted: true }`. A tenant is deleted
 * only when it has no live sub-tenants, so excluding deleted tenants never hides a live one below them.
 */
import type { TenantScope } from '../auth/principal';
import type { SqlParams } from '../db/sql-params';

export interface SubtreeOptions {
  /** Count deleted tenants (and so their rows) as inside the subtree. */
  includeDeleted?: boolean;
}

/** A subtree by its root: an acting scope, or a tenant path. */
export type Subtree = Pick<TenantScope, 'path'> | string;

const rootPath = (subtree: Subtree) => (typeof subtree === 'string' ? subtree : subtree.path);

/** The LIKE pattern of a subtree's paths (the parameter value the fragments below compare with). */
export const subtreePattern = (subtree: Subtree) => `${rootPath(subtree)}%`;

const liveOnly = (options: SubtreeOptions, alias = '') => (options.includeDeleted ? '' : ` and ${alias}deleted_at is null`);

/**
 * SQL: the ids of the subtree's tenants, whose pattern (`subtreePattern`) is already the parameter at
 * `placeholder`: for a statement that reads one subtree in several places (the activity lists).
 */
export const subtreeTenantsAt = (placeholder: string, options: SubtreeOptions = {}) =>
  `select id from tenants where path like ${placeholder}${liveOnly(options)}`;

/** SQL: the ids of the live tenants of the subtree at `placeholder` and of the live tenants above its root. */
export const subtreeAndAncestorTenantsAt = (placeholder: string) =>
  `select id from tenants where deleted_at is null and (path like ${placeholder} or left(${placeholder}, length(path)) = path)`;

/** SQL: the ids of the subtree's tenants (a statement, for `any(array(...))`, `in (...)` or a cursor). */
export const subtreeTenantsSql = (subtree: Subtree, params: SqlParams, options: SubtreeOptions = {}) =>
  subtreeTenantsAt(params.add(subtreePattern(subtree)), options);

/**
 * SQL: the subtree's tenant ids, as the right side of `column = `. Written as an id list rather than a
 * join on the path pattern, so that a prepared statement's generic plan still filters rows by index
 * instead of guessing the subtree holds one tenant.
 */
export const tenantIdsIn = (subtree: Subtree, params: SqlParams, options: SubtreeOptions = {}) =>
  `any(array(${subtreeTenantsSql(subtree, params, options)}))`;

/** SQL condition: `column` (a tenant id) lies in the subtree. */
export const inScope = (column: string, subtree: Subtree, params: SqlParams, options: SubtreeOptions = {}) =>
  `${column} = ${tenantIdsIn(subtree, params, options)}`;

/**
 * SQL condition on a tenant row (alias `tenant`): it lies in the subtree. For statements on the tenants
 * themselves, or reading one row by its id with its tenant joined anyway; lists of other rows use
 * `inScope`, which plans by index.
 */
export const tenantRowInScope = (tenant: string, subtree: Subtree, params: SqlParams, options: SubtreeOptions = {}) =>
  `${tenant}.path like ${params.add(subtreePattern(subtree))}${liveOnly(options, `${tenant}.`)}`;

/** SQL condition on a joined tenant row (alias `tenant`): it lies in one of the subtrees (a user's tenants). */
export const tenantRowInAnySubtree = (tenant: string, subtrees: readonly Subtree[], params: SqlParams, options: SubtreeOptions = {}) =>
  `${tenant}.path like any(${params.add(subtrees.map(subtreePattern))}::text[])${liveOnly(options, `${tenant}.`)}`;

/**
 * SQL condition between two path expressions: `path` lies at or below `ancestorPath` (a tenant and its
 * ancestors, a move that takes a subtree along). Deleted tenants are the caller's to filter here.
 */
export const pathWithin = (path: string, ancestorPath: string) => `${path} like ${ancestorPath} || '%'`;

/** The same relation on paths already read: `path` lies at or below `ancestorPath`. */
export const isPathWithin = (path: string, ancestorPath: string) => path.startsWith(ancestorPath);

/** SQL: the ids of the live tenants at or below any tenant of the user in `userPlaceholder` (what that user's lists cover). */
export const tenantsUnderUserTenants = (userPlaceholder: string) =>
  `select t.id from tenants t where t.deleted_at is null and t.path like any(array(
     select ut.path || '%' from user_tenants u join tenants ut on ut.id = u.tenant_id where u.user_id = ${userPlaceholder}))`;
