/** The texts of the user screens: the lists, the form, temporary passwords and the sign-in history. */

export const USER_TEXT = {
  deletedUsers: 'Deleted users',
  addUser: 'Add user',
  createUser: 'Create user',
  restoreAction: 'Restore',
  deletedOn: 'Deleted',
  allRoles: 'All roles',
  allTenants: 'All tenants',
  filterByRole: 'Filter by role',
  filterByTenant: 'Filter by tenant',
  usersView: 'Show users as',
  searchUsers: 'Search name, user name, e-mail or mobile',
  noUsers: 'No users to show.',
  noDeletedUsers: 'No deleted users.',
  confirmDeleteUsersDetail: 'They are signed out everywhere and can no longer sign in. They can be restored from the deleted users.',
  confirmRestoreUsersDetail: 'They can sign in again with the password they had.',
  temporaryPassword: 'Temporary password',
  impersonate: 'Sign in as',
  confirmTemporaryPassword: 'Issue a temporary password?',
  confirmTemporaryPasswordDetail:
    "The user's current password stops working and they are signed out everywhere. They must choose a new password when they next sign in.",
  issueTemporaryPassword: 'Issue password',
  temporaryPasswordShownOnce: 'Copy this password now and give it to the user: it is shown only this once.',
  userCreated: 'The user has been created.',
  userSaved: 'The user has been saved.',
  emailAddressTaken: 'This e-mail address is already in use.',
  userNameTaken: 'This user name is already in use.',
  mobileTaken: 'This mobile number is already in use.',
  userPasswordOptional: 'Password (optional)',
  userPasswordHint: 'Leave it empty and the user is e-mailed a link to choose their own password.',
  homeTenantHint: "The first tenant is the user's home tenant.",
  chooseRoles: 'Choose roles',
  chooseTenants: 'Choose tenants',
  userIsDeleted: 'This user is deleted. Restore them from the deleted users before changing them.',
  choicesFailed: 'The roles or tenants to choose from could not be loaded.',
  signInHistory: 'Sign-in history',
  signInSucceeded: 'Signed in',
  signInRefused: 'Refused',
  signInWhen: 'When',
  signInOutcome: 'Outcome',
  signInReason: 'Reason',
  ipAddress: 'IP address',
  device: 'Device',
} as const;

/** The question before deleting users: the user's name for one, the count for several. */
export const deleteUsersQuestion = (count: number, name?: string) =>
  count === 1 ? (name ? `Delete ${name}?` : 'Delete this user?') : `Delete ${count} users?`;
export const restoreUsersQuestion = (count: number, name?: string) =>
  count === 1 ? (name ? `Restore ${name}?` : 'Restore this user?') : `Restore ${count} users?`;
export const usersDeletedMessage = (count: number) => (count === 1 ? 'The user has been deleted.' : `${count} users have been deleted.`);
export const usersRestoredMessage = (count: number) => (count === 1 ? 'The user has been restored.' : `${count} users have been restored.`);
export const restoreSelectedLabel = (count: number) => `Restore selected (${count})`;
export const selectUserLabel = (name: string) => `Select ${name}`;
export const temporaryPasswordTitle = (name: string) => `Temporary password for ${name}`;
export const signInHistoryWindow = (days: number) => `The last ${days} days, newest first.`;
export const noSignInsMessage = (days: number) => `No sign-ins in the last ${days} days.`;
