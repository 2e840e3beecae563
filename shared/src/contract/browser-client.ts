/**
 * The header a browser page of this product sends on every API call. It marks the caller as a page
 * that takes the refresh token as a cookie, and POST /api/auth/refresh demands it: a cross-site form
 * or link cannot set it, and a cross-origin script must ask (CORS preflight) to set it.
 */
export const BROWSER_CLIENT_HEADER = { name: 'x-requested-with', value: 'meridian' } as const;
