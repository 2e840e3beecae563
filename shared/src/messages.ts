/** Every user-facing text of the product, defined once (platform spec section 8, sales spec section 8). */

export const MESSAGES = {
  // Network and agent indicators
  appOnline: 'Application is currently online.',
  appOffline: 'Application is currently offline.',
  searchPlaceholder: 'Search...',

  // Top bar (spec 2.6): labels of the tenant selector, agent indicator, bell, fullscreen toggle and user menu
  agentOnline: 'Agent online',
  agentOffline: 'Agent offline',
  selectTenant: 'Select a tenant',
  resetTenant: 'Reset',
  resetTenantTitle: 'Back to your home tenant',
  notifications: 'Notifications',
  markAllRead: 'Mark all as read',
  noNotifications: 'No unread notifications',
  enterFullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  search: 'Search',
  userMenu: 'User menu',
  profile: 'Profile',
  changePassword: 'Change password',
  logOut: 'Log out',
  endImpersonation: 'End impersonation',

  // Location and geolocation
  enableLocation: 'Enable location access in-order to update activity status and start or stop your day!',
  gpsUnavailable: 'Unable to log GPS Position! Please activate your GPS.',
  geoDenied: 'User denied the request for Geolocation.',
  geoUnavailable: 'Location information is unavailable.',
  geoTimeout: 'The request to get user location timed out.',
  geoUnknown: 'An unknown error occurred.',
  geoNotSupported: 'no geolocation available for device',
  noPosition: 'No position available',
  noActivityAssignment: 'No activity assignment found',

  // Offline behaviours
  offlineFileUpdate: 'Unable to update activity files offline',
  /** Sales spec 4: users whose role does not sync offline work are told so. */
  syncNotRequired: 'No sync is required.',
  /** Ours: what a field user is told when a change is kept on the device to be sent later. */
  savedOnDevice: 'Saved on this device. It is sent as soon as you are back online.',
  changesRefused: 'The server refused these changes made offline:',
  syncNow: 'Send now',
  discardChange: 'Discard',
  noKeptDay: 'You are offline, and this device has not kept your day yet. It is kept once you have been online.',
  activityNotFound: 'Activity not found',
  offline: 'Offline',
  offlineLower: 'offline',
  invalidCredentials: 'Invalid credentials',
  userNotFound: 'User not found',
  impersonationFailed: 'Impersonation Failed',
  impersonationFailedNoUser: 'Impersonation Failed, User Not Found',
  noDataInState: 'No Data in state',

  // Leads
  leadInsertedOffline: 'Lead inserted successfully offline.',
  leadUpdated: 'lead updated successfully',
  leadNotFound: 'lead not found',
  unknownError: 'Unkown Error.',
  leadExists: 'Unable to create lead, lead already exists.',
  leadDuplicateDetail: 'Duplicate email or phone number.',
  /** Ours: the same duplicate rule when an existing lead is edited. */
  leadExistsOnSave: 'Unable to save lead, another lead already has this e-mail or phone number.',

  // Registration and reports
  registrationSuccessful: 'Registration successful',
  reportGenerated: 'Report generated successfully',
  csvReportGenerated: 'CSV Report generated successfully',
  reportWithErrors: 'Report generated with Errors',
  updateAvailable: 'Update Available',

  // Server answers (the spec leaves these to us)
  ok: 'OK',
  validationFailed: 'Some fields are not valid.',
  unauthenticated: 'You are not signed in or your session has ended.',
  tokenExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  tenantForbidden: 'You may not act for the selected tenant.',
  notFound: 'Not found.',
  conflict: 'This conflicts with existing data.',
  serverError: 'Something went wrong on our side. Please try again.',
  loginFailed: 'The e-mail address or password is not correct.',
  accountLocked: 'Too many failed sign-in attempts. Try again later.',
  passwordResetSent: 'If an account exists for that address, we have sent a link to reset its password.',
  resetTokenInvalid: 'This reset link is not valid or has expired.',
  verifyTokenInvalid: 'This verification link is not valid or has expired.',
  passwordReused: 'Choose a password you have not used recently.',
  currentPasswordWrong: 'The current password is not correct.',
  refreshInvalid: 'This session can no longer be refreshed. Please sign in again.',
  impersonationNotAllowed: 'You may not impersonate this user.',
  userExists: 'A user with this e-mail address, user name or mobile number already exists.',
  tenantHasChildren: 'This tenant still has sub-tenants. Move or delete them first.',
  tenantHasUsers: 'This tenant still has users. Move or delete them first.',
  roleInUse: 'This role is held by users. Remove it from them first.',
  userOutranksYou: 'This user holds permissions you do not have, so you cannot change their account.',
  throttleUnavailable: 'Signing in is briefly unavailable. Try again in a moment.',
  apiUserOutranksYou: 'This API user holds permissions you do not have, so you cannot revoke or delete it.',
  roleOutranksYou: 'This role holds permissions you do not have, so you cannot change it.',
  roleOwnedAbove: 'This role belongs to a tenant above the one you act for; only its administrators can change it.',
  ssoNotConfigured: 'Single sign-on is not configured.',
  geocoderUnavailable: 'Address lookup is not available right now.',

  // Shell pages: sign-in, account recovery, impersonation and the public pages of platform spec 2.1
  signedInRedirecting: 'Signed in. Taking you to your start page...',
  forgotPasswordIntro: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  passwordsDoNotMatch: 'The passwords do not match.',
  confirmPasswordRequired: 'Repeat the new password.',
  currentPasswordRequired: 'Enter your current password.',
  passwordChanged: 'Your password has been changed.',
  passwordResetDone: 'Your password has been changed. Sign in with the new password.',
  passwordMustChange: 'Your password must be changed before you continue.',
  userPasswordChanged: 'The password has been changed and the user has been signed out everywhere.',
  ownPasswordElsewhere: 'To change your own password, use the change password page of your profile.',
  profileSaved: 'Your profile has been saved.',
  accountVerifying: 'Verifying your account...',
  accountVerified: 'Your account is verified.',
  linkIncomplete: 'This link is incomplete. Open the link from the e-mail again.',
  tokenLoginFailed: 'This sign-in link is not valid or has expired.',
  signingIn: 'Signing you in...',
  signingOut: 'Signing you out...',
  authorizing: 'Completing the sign-in for the requesting application...',
  authorizeNoRedirect: 'The sign-in request does not say where to return.',
  redirectNotRegistered: 'This address is not registered to receive sign-ins.',
  impersonating: 'Starting impersonation...',
  impersonationNeedsAdmin: 'Only an administrator who is signed in as themselves can impersonate a user.',
  endingImpersonation: 'Ending impersonation...',
  ssoRedirecting: 'Taking you to single sign-on...',
  ssoNotConfiguredDetail: 'Ask your administrator to set up single sign-on, or sign in with your e-mail address and password.',
  notAuthorized: 'You do not have permission to open this page.',
  attemptedPage: 'The page you tried to open:',
  comingSoon: 'This page is coming soon.',
  pageNotFound: 'This page does not exist.',
  offlinePage: 'This page needs an internet connection.',
  offlineDetail: 'Check your connection, then try again. Pages that work offline stay available from the menu.',
  stillOffline: 'You are still offline.',
  noDocument: 'No document to show.',
  noDocumentDetail: 'Open a document from the page that lists it.',
  documentNotAllowed: 'This document address is not allowed. Only documents of this application can be shown.',
  loadFailed: 'This could not be loaded.',
  tenantNotListed: 'A tenant below your own',

  // Shell pages: field labels, button captions and headings
  email: 'Email',
  password: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  firstName: 'First name',
  lastName: 'Last name',
  mobile: 'Mobile',
  name: 'Name',
  userName: 'User name',
  roles: 'Roles',
  tenants: 'Tenants',
  signIn: 'Sign in',
  signInTitle: 'Sign in to your account',
  singleSignOn: 'Sign in with single sign-on',
  forgotPassword: 'Forgot your password?',
  forgotPasswordTitle: 'Reset your password',
  sendResetLink: 'Send reset link',
  backToSignIn: 'Back to sign in',
  resetPasswordTitle: 'Choose a new password',
  updatePasswordTitle: 'Update your password',
  changeUserPasswordTitle: "Change a user's password",
  savePassword: 'Save password',
  verifyTitle: 'Account verification',
  impersonateTitle: 'Impersonate',
  editProfile: 'Edit profile',
  save: 'Save',
  backToProfile: 'Back to profile',
  backToUsers: 'Back to users',
  goHome: 'Go to the dashboard',
  retry: 'Try again',
  continue: 'Continue',
  selectedTenant: 'Working in',
  subTenants: 'Tenants below',
  unreadNotifications: 'Unread notifications',
  activitiesAndAgents: 'Activities and agents',
  areaFailedToLoad: 'This part of the product failed to load.',
  greetingWidget: 'Greeting',
  dashboardWidgets: 'Dashboard widgets',
  dashboardWidgetsHint: 'Choose what the dashboard shows. The choice is kept on this device.',
  allWidgetsHidden: 'Every dashboard widget is hidden.',
  chooseWidgets: 'Choose widgets',
  showAllWidgets: 'Show all',
  assignedActivities: 'Assigned activities',
  unassignedActivities: 'Unassigned activities',
  assignedAgents: 'Assigned agents',
  unassignedAgents: 'Unassigned agents',
  previewTitle: 'Document preview',
  pdfTitle: 'PDF document',
  openInNewTab: 'Open in a new tab',

  // Network allow-list and API users (administration)
  ipNotAllowed: 'Sign-in from this network address is not allowed for your organisation.',
  apiKeyIpNotAllowed: 'This API key may not be used from this network address.',
  ipAddressExists: 'This address or range is already on the list of this tenant.',
  apiKeyInvalid: 'This API key is not valid, has been revoked or has expired.',
  userSessionRequired: 'This call needs a signed-in user; an API key cannot make it.',
  apiUserNameTaken: 'An API user with this name already exists in this tenant.',
  apiUserCreated: 'API user created. Copy the key now: it is shown only this once.',

  // Administration: templates, locations, settings and tenant products
  templateBodyRequired: 'Write the text of the template.',
  templateDocumentRequired: 'A Word template needs a Word document.',
  templateDocumentNotWord: 'A Word template takes a Word document (.doc, .docx, .dot or .dotx).',
  templateDocumentEmpty: 'The document is empty.',
  templateOneDocumentOnly: "Send one file, in the field 'document'.",
  tenantOutsideScope: 'Choose a tenant inside the tenant you are acting for.',
  productNotInCatalogue: 'This product is not in the catalogue.',
  productInOtherCategory: 'This product belongs to another category.',

  // Administration: users
  users: 'Users',
  deletedUsers: 'Deleted users',
  addUser: 'Add user',
  createUser: 'Create user',
  editAction: 'Edit',
  deleteAction: 'Delete',
  restoreAction: 'Restore',
  cancelAction: 'Cancel',
  rowActions: 'Actions',
  emailAddress: 'E-mail address',
  tenant: 'Tenant',
  createdOn: 'Created',
  deletedOn: 'Deleted',
  allRoles: 'All roles',
  allTenants: 'All tenants',
  filterByRole: 'Filter by role',
  filterByTenant: 'Filter by tenant',
  usersView: 'Show users as',
  listView: 'List',
  gridView: 'Grid',
  sortBy: 'Sort by',
  searchUsers: 'Search name, user name, e-mail or mobile',
  noUsers: 'No users to show.',
  noDeletedUsers: 'No deleted users.',
  confirmDeleteUsersDetail: 'They are signed out everywhere and can no longer sign in. They can be restored from the deleted users.',
  confirmRestoreUsersDetail: 'They can sign in again with the password they had.',
  temporaryPassword: 'Temporary password',
  confirmTemporaryPassword: 'Issue a temporary password?',
  confirmTemporaryPasswordDetail: "The user's current password stops working and they are signed out everywhere. They must choose a new password when they next sign in.",
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
  sortAscending: 'Ascending order',
  sortDescending: 'Descending order',

  // Administration: roles and tenants
  loading: 'Loading...',
  newRole: 'New role',
  editRole: 'Edit role',
  backToRoles: 'Back to roles',
  description: 'Description',
  permissions: 'Permissions',
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
  systemRoleReadOnly: 'Only a global administrator can change a system role.',
  roleReadOnly: 'You can see this role but not change it: it belongs to a tenant above yours or holds permissions you do not have.',
  permissionsHint: 'Tick what holders of this role may do. A permission does not include the ones listed under it. Only permissions you hold yourself can be granted.',
  permissionNotHeld: 'You do not hold this permission, so you cannot grant it.',
  permissionUnknown: 'The server does not know this permission yet, so it cannot be granted.',
  noPermissionsToShow: 'No part of the product that brings permissions has loaded.',
  tenantsTitle: 'Tenants',
  newTenant: 'New tenant',
  editTenant: 'Edit tenant',
  backToTenants: 'Back to tenants',
  addSubTenant: 'Add sub-tenant',
  tenantType: 'Type',
  parentTenant: 'Parent tenant',
  noParentTenant: 'None (top level)',
  shortCode: 'Short code',
  location: 'Location',
  locationRequired: 'Location required',
  locationRequiredHint: 'Agents of this tenant must share their location to update activities and to start or stop their day.',
  latitude: 'Latitude',
  longitude: 'Longitude',
  coordinatesBoth: 'Enter both latitude and longitude, or neither.',
  coordinatesHint: 'Empty coordinates are taken from the tenant above.',
  currencyCode: 'Currency code',
  currencySymbol: 'Currency symbol',
  banks: 'Banks',
  banksReadOnly: 'Banks are kept on the company (or a tenant above it) and are listed here for reference.',
  fromTenantAbove: 'from a tenant above',
  noBanks: 'No banks are kept for this tenant or the tenants above it.',
  yes: 'Yes',
  no: 'No',
  noTenants: 'No tenants to show.',
  tenantCreated: 'The tenant has been created.',
  tenantSaved: 'The tenant has been saved.',
  tenantDeleted: 'The tenant has been deleted.',
  tenantNotDeleted: 'The tenant could not be deleted.',
  tenantDeleteDetail: 'A tenant that still has sub-tenants or users cannot be deleted. This cannot be undone.',
  parentOutsideActing: 'A tenant above the one you are acting for',
  topLevelNeedsGlobalAdmin: 'Only a global administrator can make a tenant top-level. Choose a parent tenant.',
  outsideActing: 'Outside your acting tenant',
  tenantOutsideActing: 'This tenant is outside the tenant you are acting for. Select a tenant above it in the top bar to change it.',
  tenantProductsTitle: 'Tenant products',
  tenantProducts: 'Products',
  chooseTenant: 'Choose a tenant',
  chooseTenantForProducts: 'Choose the tenant whose products to set.',
  productsSaved: 'The products have been saved.',
  catalogueEmpty: 'The product catalogue is empty.',
  selectAllInCategory: 'All',
  mapTilesUnavailable: 'Map tiles could not be loaded; enter the coordinates below.',
  mapPickHint: 'Click the map or drag the marker to set the coordinates.',
  mapLabel: 'Map: click to set the position',
  // The points map (route plans, agent actions, positions): what it says when the map cannot be shown
  pointsMapUnavailable: 'Map tiles could not be loaded: the map shows country outlines, and the points are listed below in order.',
  pointsInOrder: 'Points in order',
  pointNumber: 'No.',
  noPointsToShow: 'No points to show.',

  // Administration: templates, locations, settings, access
  templates: 'Templates',
  newTemplate: 'New template',
  editTemplate: 'Edit template',
  createTemplate: 'Create template',
  backToTemplates: 'Back to templates',
  noTemplates: 'No templates to show.',
  searchTemplates: 'Search template names and subjects',
  templateType: 'Type',
  templateSubject: 'Subject',
  templateBodyHtml: 'HTML',
  templateBodyText: 'Text',
  templateBodyWhatsApp: 'WhatsApp message',
  templateDocument: 'Document',
  templateStoredDocument: 'Current document',
  templateHasDocument: 'This template also has a document.',
  templateDocumentHint: 'A Word document (.doc, .docx, .dot or .dotx) of at most 10 MB. It is sent when the template is saved.',
  templateDocumentReplaceHint: 'Choose a file only to replace the current document. It is sent when the template is saved.',
  chooseDocument: 'Choose a document',
  mergeFields: 'Merge fields',
  mergeFieldsHint: 'Click a field to insert it where the cursor is. It is filled in with the client or lead the template is used for.',
  mergeFieldsClient: 'Client',
  mergeFieldsLead: 'Lead',
  mergeFieldsFailed: 'The merge fields could not be loaded.',
  templatePreview: 'Preview',
  templatePreviewHint: 'With sample data',
  templatePreviewEmpty: 'Write the text to see it here.',
  templateCreated: 'The template has been created.',
  templateSaved: 'The template has been saved.',
  templateDeleted: 'The template has been deleted.',
  templateDeleteDetail: 'The template and its document are removed. This cannot be undone.',
  updatedOn: 'Updated',
  status: 'Status',
  active: 'Active',
  inactive: 'Inactive',
  never: 'Never',
  undoAction: 'Undo',
  removeAction: 'Remove',
  revokeAction: 'Revoke',
  copyAction: 'Copy',
  copiedAction: 'Copied',
  locations: 'Locations',
  newLocation: 'New location',
  editLocation: 'Edit location',
  createLocation: 'Create location',
  backToLocations: 'Back to locations',
  noLocations: 'No locations to show.',
  searchLocations: 'Search names, addresses and tenants',
  address: 'Address',
  coordinates: 'Coordinates',
  locationActiveHint: 'Inactive locations stay on record but are not offered for new work.',
  locationCreated: 'The location has been created.',
  locationSaved: 'The location has been saved.',
  locationDeleted: 'The location has been deleted.',
  locationDeleteDetail: 'This cannot be undone.',
  settings: 'Settings',
  settingsIntro: 'The settings of the tenant you are acting for. A setting it does not set itself comes from the tenant above it, or else from the product.',
  timeZone: 'Time zone',
  dateFormat: 'Date format',
  defaultPageSize: 'Rows per page in lists',
  sessionTimeoutMinutes: 'Sign out after inactivity (minutes)',
  sessionTimeoutHint: 'Between 5 and 1440 minutes.',
  mapTileUrl: 'Map tile address',
  mapTileUrlHint: 'Leave empty for the built-in map; otherwise an http(s) address with {z}, {x} and {y}.',
  settingOwn: 'Set for this tenant',
  settingDefault: 'Product default',
  settingInherit: 'Inherit instead',
  settingWillInherit: 'After saving, this setting is inherited again.',
  settingBecomesOwn: 'Saving makes this the tenant’s own value.',
  settingsSaved: 'The settings have been saved.',
  settingsUnchanged: 'Nothing has changed.',
  ipAddresses: 'IP addresses',
  newIpAddress: 'New IP address',
  editIpAddress: 'Edit IP address',
  addIpAddress: 'Add to the list',
  backToIpAddresses: 'Back to IP addresses',
  noIpAddresses: 'No addresses are listed: sign-in is allowed from any address.',
  searchIpAddresses: 'Search addresses, descriptions and tenants',
  ipAddressOrRange: 'Address or range (CIDR)',
  ipAllowListExplained: 'Once a tenant has active entries, its users (and those of the tenants below it) cannot sign in from any address outside them.',
  ipAllowListLockoutGuard: 'A change that would stop you signing in from the address you are using now is refused.',
  ipAddressActiveHint: 'Only active entries allow sign-in.',
  ipAddressAdded: 'The address has been added to the list.',
  ipAddressSaved: 'The address has been saved.',
  ipAddressRemoved: 'The address has been removed from the list.',
  ipAddressNotRemoved: 'The address could not be removed.',
  ipAddressRemoveDetail: 'Sign-in from this address or range is no longer allowed unless another active entry includes it.',
  apiUsers: 'API users',
  apiUsersIntro: 'Named keys with which other systems call the API. A key acts only with the permissions it was given.',
  newApiUser: 'New API user',
  createApiUser: 'Create API user and key',
  backToApiUsers: 'Back to API users',
  noApiUsers: 'No API users to show.',
  searchApiUsers: 'Search names, key prefixes and tenants',
  apiUserNameHint: 'Name the system that will use the key, so it can be recognised later.',
  apiUserPermissionsHint: 'Tick what the key may do. A permission does not include the ones listed under it. Only permissions you hold yourself can be granted.',
  noGrantablePermissions: 'You hold no permissions that can be granted.',
  apiKeyExpiresOptional: 'Expires (optional)',
  apiKeyExpiresHint: 'Leave empty for a key that does not expire. It can be revoked at any time.',
  apiKeyPrefix: 'Key',
  apiKeyLastUsed: 'Last used',
  apiKeyExpires: 'Expires',
  apiKeyShownOnce: 'Copy this key now. It cannot be shown again.',
  apiKeyShownOnceDetail: 'Only a fingerprint of the key is kept. If it is lost, revoke this API user and create a new one.',
  apiKeyCopiedDone: 'I have copied the key',
  apiUserCreatedShort: 'The API user has been created.',
  apiUserActive: 'Active',
  apiUserRevoked: 'Revoked',
  apiUserExpired: 'Expired',
  apiUserRevokeDetail: 'Calls with this key are refused from now on. This cannot be undone.',
  apiUserRevokedDone: 'The key has been revoked.',
  apiUserDeleteDetail: 'The API user and its record of use are removed. This cannot be undone.',
  apiUserDeleteActiveDetail: 'Its key stops working at once, and the API user and its record of use are removed. This cannot be undone.',
  apiUserDeleted: 'The API user has been deleted.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The user menu's note while an administrator acts as another user. */
export const impersonatingMessage = (name: string) => `Impersonating ${name}`;

/** What the notification bell announces besides its label. */
export const unreadCountMessage = (count: number) => `${count} unread`;

/** The home dashboard's greeting. */
export const greetingMessage = (name: string) => `Welcome, ${name}`;

/** '{name} generated successfully', the spreadsheet-export toast. */
export const exportedMessage = (name: string) => `${name} generated successfully`;

/** A wait in words: seconds below a minute (sign-in waits start at one second), whole minutes above. */
const waitInWords = (seconds: number) => {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const m = Math.ceil(s / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
};

/** An account that must wait after repeated failed sign-ins (ACCOUNT_LOCKED). */
export const signInWaitMessage = (retryAfterSeconds: number) =>
  `Too many failed sign-in attempts. Try again in ${waitInWords(retryAfterSeconds)}.`;

/** A client address that made too many failed or guessed attempts (RATE_LIMITED). */
export const tooManyAttemptsMessage = (retryAfterSeconds: number) =>
  `Too many attempts from your network. Try again in ${waitInWords(retryAfterSeconds)}.`;

/** A part of the product whose code failed (a remote down, a chunk that could not be fetched). */
export const areaUnavailableMessage = (area: string) => `${area} is unavailable right now`;

/** Why a change to the allow-list was refused: it would shut out the address the caller is using. */
export const selfLockoutMessage = (address: string) =>
  `This change would stop you signing in from your current address (${address}). Add an entry that includes it first.`;

/** An upload refused for its size. */
export const fileTooLargeMessage = (maxBytes: number) => `The file is too large: the limit is ${Math.floor(maxBytes / (1024 * 1024))} MB.`;

/** A name already used by another item of the same kind in the same tenant. */
export const nameTakenMessage = (what: string) => `A ${what} with this name already exists in this tenant.`;

// Administration: users

/** The question before deleting users: the user's name for one, the count for several. */
export const deleteUsersQuestion = (count: number, name?: string) => (count === 1 ? (name ? `Delete ${name}?` : 'Delete this user?') : `Delete ${count} users?`);
export const restoreUsersQuestion = (count: number, name?: string) => (count === 1 ? (name ? `Restore ${name}?` : 'Restore this user?') : `Restore ${count} users?`);
export const usersDeletedMessage = (count: number) => (count === 1 ? 'The user has been deleted.' : `${count} users have been deleted.`);
export const usersRestoredMessage = (count: number) => (count === 1 ? 'The user has been restored.' : `${count} users have been restored.`);
export const deleteSelectedLabel = (count: number) => `Delete selected (${count})`;
export const restoreSelectedLabel = (count: number) => `Restore selected (${count})`;
/** The accessible name of a row's action, e.g. "Delete Lerato Dube". */
export const userActionLabel = (action: string, name: string) => `${action} ${name}`;
export const selectUserLabel = (name: string) => `Select ${name}`;
export const temporaryPasswordTitle = (name: string) => `Temporary password for ${name}`;
export const signInHistoryWindow = (days: number) => `The last ${days} days, newest first.`;
export const noSignInsMessage = (days: number) => `No sign-ins in the last ${days} days.`;

// Administration: roles and tenants

export const deleteRoleQuestion = (name: string) => `Delete the role '${name}'?`;
export const deleteTenantQuestion = (name: string) => `Delete the tenant '${name}'?`;
/** A tenant type that cannot sit under its parent's type (the server's own wording). */
export const tenantTypeUnderParentMessage = (type: string, parentType: string) => `A ${type} cannot sit under a ${parentType}.`;
/** A type change that would leave sub-tenants at the same or a higher level. */
export const tenantTypeAboveChildrenMessage = (childType: string) => `A ${childType} sits under this tenant, so it must stay above a ${childType}.`;
/** The currency a tenant uses when it sets none of its own. */
export const inheritedCurrencyMessage = (symbol: string, code: string | null) => `When empty, the tenant uses ${symbol}${code ? ` (${code})` : ''} from the tenant above.`;
/** A permission tree's hint for remotes that failed to load. */
export const permissionsNotListedMessage = (areas: string) =>
  `The permissions of ${areas} are not listed because that part of the product failed to load. The role keeps the ones it has.`;
/** Products a tenant offers that have since left the catalogue: saving removes them. */
export const productsLeftCatalogueMessage = (names: string) => `No longer in the catalogue, so saving removes them: ${names}.`;
export const productsChosenMessage = (chosen: number, total: number) => `${chosen} of ${total} chosen`;

// Administration: templates, locations, settings, access

export const deleteTemplateQuestion = (name: string) => `Delete the template '${name}'?`;
export const deleteLocationQuestion = (name: string) => `Delete the location '${name}'?`;
export const removeIpAddressQuestion = (cidr: string) => `Remove ${cidr} from the list?`;
export const revokeApiUserQuestion = (name: string) => `Revoke the key of '${name}'?`;
export const deleteApiUserQuestion = (name: string) => `Delete the API user '${name}'?`;
/** The accessible name of a merge field's button. */
export const insertMergeFieldLabel = (label: string) => `Insert ${label}`;
export const downloadDocumentLabel = (fileName: string) => `Download ${fileName}`;
/** Characters written of those allowed, e.g. under a WhatsApp message. */
export const charactersUsedMessage = (used: number, max: number) => `${used.toLocaleString()} of ${max.toLocaleString()} characters`;
/** A file's size in bytes, KB or MB. */
export const fileSizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
/** Where an inherited setting comes from. */
export const inheritedFromMessage = (tenantName: string) => `Inherited from ${tenantName}`;
/** How an address or range typed in another spelling is kept. */
export const storedAsMessage = (cidr: string) => `Saved as ${cidr}`;
export const apiKeyTitle = (name: string) => `The key of '${name}'`;

/** Offline work of field users (ours; the spec names only the sync's roles and timings). */
export const changesWaitingMessage = (count: number) =>
  count === 1 ? '1 change made offline is waiting to be sent.' : `${count} changes made offline are waiting to be sent.`;
export const lastSyncedMessage = (time: string) => `Last sent and refreshed at ${time}.`;
export const offlineDayMessage = (time: string) => `You are offline. This is your day as it was at ${time}; what you change is saved on this device.`;
