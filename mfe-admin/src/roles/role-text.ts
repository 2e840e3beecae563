/** The texts of the role screens and their permission tree. */

export const ROLE_TEXT = {
  newRole: 'New role',
  editRole: 'Edit role',
  backToRoles: 'Back to roles',
  roleKind: 'Kind',
  systemRole: 'System role',
  tenantRole: 'Tenant role',
  noRoles: 'No roles to show.',
  searchRoles: 'Search role names',
  roleCreated: 'The role has been created.',
  roleSaved: 'The role has been saved.',
  roleDeleted: 'The role has been deleted.',
  roleNotDeleted: 'The role could not be deleted.',
  roleDeleteDetail: 'A role still held by users cannot be deleted. This cannot be undone.',
  roleReadOnly: 'You can see this role but not change it: it belongs to a tenant above yours or holds permissions you do not have.',
  permissionsHint:
    'Tick what holders of this role may do. Ticking a permission ticks the ones listed under it too; untick any of them you do not want. Only permissions you hold yourself can be granted.',
  searchPermissions: 'Search permissions',
  permissionNotHeld: 'You do not hold this permission, so you cannot grant it.',
  noPermissionsToShow: 'No part of the product that brings permissions has loaded.',
} as const;

export const deleteRoleQuestion = (name: string) => `Delete the role '${name}'?`;
export const noPermissionMatchesMessage = (search: string) => `No permission matches '${search}'.`;
/** A permission tree's hint for remotes that failed to load. */
export const permissionsNotListedMessage = (areas: string) =>
  `The permissions of ${areas} are not listed because that part of the product failed to load. The role keeps the ones it has.`;
