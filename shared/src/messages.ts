/** Every user-facing text of the product, defined once (platform spec section 8, sales spec section 8). */

export const MESSAGES = {
  // Network and agent indicators
  appOnline: 'Application is currently online.',
  appOffline: 'Application is currently offline.',
  searchPlaceholder: 'Search...',
  searching: 'Searching…',
  moreOfTopBar: 'More: tenant, search and status',
  nothingFound: 'Nothing found that you may see.',

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
  /** Ours: what still works offline, for a screen that names nothing more particular (offlineNoticeMessage). */
  offlineStillWorks: 'Pages that work offline still open from the menu',
  /** Ours: beside a state shown from the device's copy rather than the server's. */
  keptOnDevice: '(saved on this device)',
  /** Ours: beside something made offline that the sync has not sent yet. */
  waitingToSend: 'Waiting to send',
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
  /** Ours: a socket request (a report run) the server did not acknowledge in time. */
  serverNoAnswer: 'The server did not answer. Please try again.',
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
  offlinePageDetail: 'Check your connection. This page opens by itself once you are back online.',
  offlinePageStillWorks: 'Meanwhile your start page, and the pages that work offline from its menu, open without a connection.',
  goToStartPage: 'Go to your start page',
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
  areaUnavailableDetail: 'Its pages could not be fetched just now. The rest of Meridian keeps working; try again in a moment.',
  areaStillUnavailable: 'It is still unavailable. The rest of Meridian keeps working; try again in a moment.',
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
  editAction: 'Edit',
  deleteAction: 'Delete',
  cancelAction: 'Cancel',
  rowActions: 'Actions',
  emailAddress: 'E-mail address',
  tenant: 'Tenant',
  createdOn: 'Created',
  listView: 'List',
  gridView: 'Grid',
  sortBy: 'Sort by',
  sortAscending: 'Ascending order',
  sortDescending: 'Descending order',

  // Administration: roles and tenants
  loading: 'Loading...',
  description: 'Description',
  systemRoleReadOnly: 'Only a global administrator can change a system role.',
  location: 'Location',
  latitude: 'Latitude',
  longitude: 'Longitude',
  mapTilesUnavailable: 'Map tiles could not be loaded; enter the coordinates below.',
  mapLabel: 'Map: click to set the position',
  // The points map (route plans, agent actions, positions): what it says when the map cannot be shown
  pointsMapUnavailable: 'Map tiles could not be loaded: the map shows country outlines, and the points are listed below in order.',
  pointsInOrder: 'Points in order',
  pointNumber: 'No.',
  noPointsToShow: 'No points to show.',

  // Administration: templates, locations, settings, access
  updatedOn: 'Updated',
  status: 'Status',
  removeAction: 'Remove',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The user menu's note while an administrator acts as another user. */
export const impersonatingMessage = (name: string) => `Impersonating ${name}`;
export const impersonationBannerText = (name: string, administrator: string) =>
  `You are working as ${name} (impersonated by ${administrator}). What you do here is done as them.`;

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

// Lists and their row actions (several areas)

export const deleteSelectedLabel = (count: number) => `Delete selected (${count})`;
/** The accessible name of a row's action, e.g. "Delete Lerato Dube". */
export const searchFailedFor = (kind: string) => `${kind} could not be searched just now.`;
export const userActionLabel = (action: string, name: string) => `${action} ${name}`;

// Files

/** A file's size in bytes, KB or MB. */
export const fileSizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Offline work of field users (ours; the spec names only the sync's roles and timings). */
export const changesWaitingMessage = (count: number) =>
  count === 1 ? '1 change made offline is waiting to be sent.' : `${count} changes made offline are waiting to be sent.`;
export const lastSyncedMessage = (time: string) => `Last sent and refreshed at ${time}.`;
/**
 * The one sentence a screen shows when it could not load because the device is offline: that it is
 * offline, what still works there (a clause without its full stop), and that it clears by itself.
 */
export const offlineNoticeMessage = (stillWorks: string) => `You are offline. ${stillWorks}. This page refreshes when you are back online.`;
export const offlineDayMessage = (time: string) =>
  `You are offline. This is your day as it was at ${time}; what you change is saved on this device.`;
