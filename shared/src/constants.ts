/** Business constants and limits (platform spec section 9, sales spec section 9), defined once. */

export const TENANT_TYPE = { GROUP: 1, COMPANY: 2, BRANCH: 3, TEAM: 4 } as const;
export type TenantTypeValue = (typeof TENANT_TYPE)[keyof typeof TENANT_TYPE];
export const TENANT_TYPE_NAMES: Record<TenantTypeValue, string> = { 1: 'Group', 2: 'Company', 3: 'Branch', 4: 'Team' };

export const TEMPLATE_TYPE = { HTML: 1, WORD: 2, TEXT: 3, WHATSAPP: 4 } as const;

/** Agent action codes: the online indicator uses 0/1, activity files use 2/3. */
export const AGENT_ACTION = { OFFLINE: 0, ONLINE: 1, FILE_ADDED: 2, FILE_REMOVED: 3 } as const;

export const ACTIVE_STATUS = 1;
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

export const PAGING_DEFAULTS = { page: 1, size: 10000, search: '%%' } as const;
/** The API clamps any requested page size to this unless configured otherwise (MAX_PAGE_SIZE). */
export const DEFAULT_MAX_PAGE_SIZE = 1000;

export const GEO = {
  earthRadiusMeters: 6371000,
  movementThresholdMeters: 50,
  invalidCoordinate: 999,
  reuseFreshMs: 60 * 60 * 1000,
  reuseStaleMs: 6 * 60 * 60 * 1000,
  staleAccuracy: 9999,
  highAccuracy: true,
  timeoutMs: 5000,
  maximumAgeMs: 5000,
  normalisedDecimals: 4,
  displayedDecimals: 6,
  defaultBattery: 0,
} as const;

export const STATUS_POLLING = {
  intervalMs: 30_000,
  initialMs: 5 * 60_000,
  afterFailuresMs: 15 * 60_000,
  failuresBeforeBackoff: 5,
} as const;

export const OFFLINE_SYNC_RETRY = { afterCompleteMs: 360_000, afterErrorMs: 60_000, whileOfflineMs: 240_000 } as const;

export const LOGIN_REDIRECT_DELAY = { offlineMs: 50, onlineMs: 900 } as const;
export const REPORT_OPEN_DELAY_MS = 1000;
export const WIDE_SCREEN_BREAKPOINT_PX = 992;
/** Up to this width the screen is a phone's (antd's `md` breakpoint starts just above). */
export const PHONE_SCREEN_MAX_PX = 767;
export const AVATAR_SIZE = 45;
export const CHUNK_TIMEOUT_MS = 120_000;
export const MONEY = { decimals: 2, defaultCurrencyPrefix: 'R' } as const;
export const FIRST_YEAR = 1980;
export const LIST_CUT_OFF = 1000;

/** Local browser storage keys. */
export const STORAGE_KEYS = {
  impersonationStatus: 'impersonationStatus',
  userTenant: 'userTenant',
  showGeofence: 'tracking_map_show_geo_fence',
  theme: 'theme',
  /** Ours: the dashboard widgets the user has hidden on this device. */
  hiddenDashboardWidgets: 'meridian.dashboard.hidden',
} as const;

/** Authentication limits (server side; the spec leaves them to us). */
export const AUTH_LIMITS = {
  /**
   * Sign-in failures of one account (known or not, however the login is typed) before each further
   * failure makes it wait: 1 s after the 5th, doubling per failure up to signInMaxDelayMs. A short,
   * growing wait instead of a long lock: an attacker cannot shut a user out for long with a few
   * requests, and cannot try more than 24 passwords in any hour on an account (ASVS 5.0 V6.3.1 asks
   * for at most 100; api/test/throttles.test.ts simulates it).
   */
  maxFailedLogins: 5,
  signInFirstDelayMs: 1000,
  signInMaxDelayMs: 5 * 60_000,
  /** An account's failure count is forgotten this long after its first failure (or at a successful sign-in). */
  failureWindowMs: 60 * 60_000,
  /** Failed sign-ins from one client address, across all accounts, before it must wait out the window (password spraying). */
  signInFailuresPerAddress: 50,
  addressWindowMs: 15 * 60_000,
  /**
   * Reset mails to one account: enough for a user who mistypes, loses or waits for one; too few to
   * flood a mailbox. Each new link voids the previous one, so more would not help anyone.
   */
  resetMailsPerAccount: 3,
  resetMailWindowMs: 60 * 60_000,
  /** Password-reset requests from one client address (per addressWindowMs), known accounts or not. */
  resetRequestsPerAddress: 10,
  /**
   * Unknown credentials presented from one client address (per addressWindowMs): API keys, reset and
   * verification tokens, refresh tokens. A real client presents a few stale ones; a guesser, many.
   */
  invalidTokensPerAddress: 30,
  passwordHistoryDepth: 5,
  resetTokenTtlMs: 30 * 60_000,
  verifyTokenTtlMs: 7 * 24 * 60 * 60_000,
  passwordMinLength: 8,
  passwordMaxLength: 128,
} as const;
