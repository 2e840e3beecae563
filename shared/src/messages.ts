/** Every user-facing text of the product, defined once (platform spec section 8, sales spec section 8). */

export const MESSAGES = {
  // Network and agent indicators
  appOnline: 'Application is currently online.',
  appOffline: 'Application is currently offline.',
  searchPlaceholder: 'Search...',

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
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** '{name} generated successfully', the spreadsheet-export toast. */
export const exportedMessage = (name: string) => `${name} generated successfully`;

export const retryLaterMessage = (retryAfterSeconds: number) =>
  `Too many failed sign-in attempts. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`;
