/**
 * The permissions of the activities screens (sales spec section 6), as the API checks them
 * (api/modules/activities/activity-access.ts): reading needs SALES/ACTIVITIES (or .../ACTIVITIES),
 * creating .../CREATE, editing .../EDIT (SALES/ACTIVITIES allows both), the calendar .../CALENDAR,
 * one's own work SALES/AGENTS/MYWORK. A field agent (no managing role) sees and changes only their own
 * activities, and cannot update in bulk or act on others' assignments. Buttons for what the user may
 * not do are hidden; the server refuses them either way.
 */
import { can, type PermissionHolder } from '@meridian/shared/contract/access';
import { normaliseRoleName, ROLE_GROUPS } from '@meridian/shared/contract/roles';
import { permissionsOf, useSession, type SessionState } from '@meridian/shared/session/session-store';

export const ACTIVITY_PERMISSIONS = {
  read: ['SALES/ACTIVITIES', 'SALES/ACTIVITIES/ACTIVITIES'],
  create: ['SALES/ACTIVITIES/CREATE', 'SALES/ACTIVITIES'],
  edit: ['SALES/ACTIVITIES/EDIT', 'SALES/ACTIVITIES'],
  /** The route of one activity's page. */
  view: ['SALES/ACTIVITIES'],
  calendar: ['SALES/ACTIVITIES/CALENDAR'],
  myWork: ['SALES/AGENTS/MYWORK'],
  /** Updating an assignment's status or files. */
  updateAssignment: ['SALES/ACTIVITIES/EDIT', 'SALES/ACTIVITIES', 'SALES/AGENTS/MYWORK'],
  /** Looking up clients and leads to link. */
  searchClients: ['CLIENTS'],
  searchLeads: ['SALES/LEADS'],
} as const;

export type ActivityAbility = keyof typeof ACTIVITY_PERMISSIONS;

/** Roles that see the whole acting subtree (the API's SUBTREE_ROLES). */
const SUBTREE_ROLES: ReadonlySet<string> = new Set([...ROLE_GROUPS.admin, ...ROLE_GROUPS.manager, 'team leader']);

/** True for a field agent, who sees and changes only their own activities (the API's ownWorkOnly). */
const isFieldAgentOnly = (holder: PermissionHolder) =>
  !holder.roles.some((role) => SUBTREE_ROLES.has(normaliseRoleName(role.name)));

/** A manager may change others' activities and assignments, and update in bulk. */
const isActivityManager = (holder: PermissionHolder) => !isFieldAgentOnly(holder) && can(holder, ACTIVITY_PERMISSIONS.edit);

const holderOf = (state: SessionState) => permissionsOf(state);

export const useCanActivities = (ability: ActivityAbility) => useSession((state) => can(holderOf(state), ACTIVITY_PERMISSIONS[ability]));
export const useIsActivityManager = () => useSession((state) => isActivityManager(holderOf(state)));
export const useOwnUserId = () => useSession((state) => state.user?.Id ?? null);
