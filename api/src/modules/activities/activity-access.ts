/**
 * Who may do what with activities, and which activities a caller sees. Everyone sees only the acting
 * tenant's subtree; a field agent (a loan or credit officer, with no managing role) sees within it only
 * the activities assigned to them or created by them, and may change only those they created.
 * Managers, team leaders (over their team), administrators and API keys see the whole subtree.
 */
import type { FastifyRequest } from 'fastify';
import type { Principal, TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { forbidden, notFound } from '../../http/errors';
import { subtreeAndAncestorTenantsAt, subtreePattern, subtreeTenantsAt } from '../../tenancy/subtree';
import { allow } from '../../auth/allow';
import { activities } from '@meridian/shared/contract/areas/sales';
import { managesOthersActivities, seesOwnWorkOnly } from '@meridian/shared/contract/areas/policies';

export const ACTIVITY_READERS = allow(activities, 'read');
export const ACTIVITY_CREATORS = allow(activities, 'create');
export const ACTIVITY_EDITORS = allow(activities, 'edit');
export const CALENDAR_READERS = allow(activities, 'calendar');
/** The caller's own work: My Work, their assignment statuses and files. */
export const MY_WORK_READERS = allow(activities, 'readOwn');
export const ASSIGNMENT_UPDATERS = allow(activities, 'updateAssignment');
/** Types and statuses are needed by anyone who reads, creates, edits or works on activities. */
export const CATALOGUE_READERS = allow(activities, 'readCatalogue');

/** True for a field agent, who sees only activities assigned to or created by them (the shared policy). */
export const ownWorkOnly = (principal: Principal) => seesOwnWorkOnly(principal);

/** A manager who may change others' activities and assignments (not a field agent, and holding an edit permission). */
export const isActivityManager = (principal: Principal) => managesOthersActivities(principal);

/** What a caller sees: the acting subtree and, for a field agent, only their own activities. */
export interface Viewer {
  scope: TenantScope;
  /** Set for a field agent: activities must be assigned to or created by this user. */
  ownUserId: string | null;
}

export const viewerOf = (request: FastifyRequest): Viewer => ({
  scope: request.scope,
  ownUserId: ownWorkOnly(request.principal) ? request.principal.userId : null,
});

/**
 * SQL: the ids of the tenants whose activities the viewer may see, for the subtree path pattern in
 * parameter $n. A field agent also sees activities of the tenants above them that involve them (an
 * activity of the branch assigned to agents of two teams).
 */
export const viewerTenantIds = (viewer: Viewer, param: number) =>
  viewer.ownUserId ? subtreeAndAncestorTenantsAt(`$${param}`) : subtreeTenantsAt(`$${param}`);

/** SQL: activity `a` is assigned to or was created by the user in parameter $n. */
export const involves = (param: number) =>
  `(a.created_user_id = $${param} or exists (select 1 from activity_assignments mine where mine.activity_id = a.id and mine.user_id = $${param}))`;

/** SQL condition and parameters for the activities (alias `a`) a viewer sees; parameters start at $1. */
export function visibleSql(viewer: Viewer): { where: string; params: unknown[] } {
  const params: unknown[] = [subtreePattern(viewer.scope)];
  let where = `a.tenant_id = any(array(${viewerTenantIds(viewer, 1)})) and a.deleted_at is null`;
  if (viewer.ownUserId) {
    params.push(viewer.ownUserId);
    where += ` and ${involves(params.length)}`;
  }
  return { where, params };
}

export interface VisibleActivity {
  id: string;
  tenant_id: string;
  created_user_id: string | null;
  start_date: Date | null;
  end_date: Date | null;
}

/** The activity if the viewer sees it, else 404 exactly like one that does not exist. */
export async function visibleActivity(
  q: Queryable,
  viewer: Viewer,
  id: string,
  options: { lock?: boolean } = {},
): Promise<VisibleActivity> {
  const { where, params } = visibleSql(viewer);
  params.push(id);
  const row = await q.one<VisibleActivity>(
    `select a.id, a.tenant_id, a.created_user_id, a.start_date, a.end_date from activities a where a.id = $${params.length} and ${where}${options.lock ? ' for update of a' : ''}`,
    params,
  );
  if (!row) throw notFound('Activity');
  return row;
}

/** An activity the caller may change: one they see and, for a field agent, one they created. */
export async function changeableActivity(q: Queryable, viewer: Viewer, id: string) {
  const activity = await visibleActivity(q, viewer, id, { lock: true });
  if (viewer.ownUserId && activity.created_user_id !== viewer.ownUserId)
    throw forbidden('Only the creator or a manager may change this activity.');
  return activity;
}
