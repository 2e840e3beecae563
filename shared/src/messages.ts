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

export const retryLaterMessage = (retryAfterSeconds: number) =>
  `Too many failed sign-in attempts. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`;

/** A part of the product whose code failed (a remote down, a chunk that could not be fetched). */
export const areaUnavailableMessage = (area: string) => `${area} is unavailable right now`;
