/** The `result.code` of a failed answer (see envelope.ts). Free of zod, so the sign-in page can read it without the schema library. */
export const ERROR_CODES = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  TENANT_FORBIDDEN: 'TENANT_FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** A service the server relies on (the geocoder) answered with a failure. */
  BAD_GATEWAY: 'BAD_GATEWAY',
  SERVER_ERROR: 'SERVER_ERROR',
  /** Sign-in (or an API key's call) from an address outside the organisation's allow-list. */
  IP_NOT_ALLOWED: 'IP_NOT_ALLOWED',
  /** An API key on a call that only a signed-in user may make. */
  USER_SESSION_REQUIRED: 'USER_SESSION_REQUIRED',
  /** Starting or stopping the day, or updating an activity, without a usable position where the tenant requires location. */
  LOCATION_REQUIRED: 'LOCATION_REQUIRED',
  /** Signed in with a temporary or expired password: only changing it (and reading one's profile, signing out) answers. */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  /** 410: what the call names existed but is over for good (an expired share link). */
  EXPIRED: 'EXPIRED',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
