/**
 * Shared policies of the areas, named once: the API's visibility rules and the remotes' buttons both
 * read them.
 */
import { can, type PermissionHolder } from '../access';
import { normaliseRoleName, ROLE_GROUPS } from '../roles';
import { activities } from './sales';
import { grantOf } from './area';

/** Roles that run others' work rather than a day in the field. */
const MANAGING_ROLES: ReadonlySet<string> = new Set([...ROLE_GROUPS.admin, ...ROLE_GROUPS.manager]);

/** Roles that see the whole acting subtree: administrators, managers and team leaders (over their team). */
const SUBTREE_ROLES: ReadonlySet<string> = new Set([...ROLE_GROUPS.admin, ...ROLE_GROUPS.manager, 'team leader']);

/** Who is asking: a user's roles, and on the server whether they are a global administrator or an API key. */
export interface WorkViewer extends Pick<PermissionHolder, 'roles'> {
  isGlobalAdmin?: boolean;
  apiKey?: unknown;
}

/** A person (not a global administrator, not an API key) whose roles include none of `roles`. */
const personWithNoneOf = (viewer: WorkViewer, roles: ReadonlySet<string>) =>
  !viewer.isGlobalAdmin && !viewer.apiKey && !viewer.roles.some((role) => roles.has(normaliseRoleName(role.name)));

/**
 * A field agent (a loan or credit officer, with no managing role) sees only their own work: the
 * activities assigned to them or created by them, and changes only those they created.
 */
export const seesOwnWorkOnly = (viewer: WorkViewer) => personWithNoneOf(viewer, SUBTREE_ROLES);

/** A manager may change others' activities and assignments, and update in bulk: not a field agent, and an activity editor. */
export const managesOthersActivities = (holder: PermissionHolder & WorkViewer) =>
  !seesOwnWorkOnly(holder) && can(holder, grantOf(activities, 'edit') ?? []);

/**
 * Works in the field (loan and credit officers, team leaders): starts and stops a day, so the top bar
 * shows whether their day is running. Administrators and managers hold no such day.
 */
export const worksInTheField = (viewer: WorkViewer) => personWithNoneOf(viewer, MANAGING_ROLES);
