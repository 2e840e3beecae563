/**
 * The refresh token of a browser page travels only as a cookie (security finding 11): HttpOnly, so no
 * script of the page (nor an injected one) can read it; SameSite=Strict, so no other site's page
 * makes the browser send it; scoped to the refresh path, so no other call carries it; Secure, so it
 * never crosses plain http (except to this machine in development, COOKIE_SECURE=auto).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BROWSER_CLIENT_HEADER, type AuthSession } from '@meridian/shared/contract/auth';
import type { Config } from '../../config';
import type { IssuedSession } from './sessions';

export const REFRESH_COOKIE = 'meridian_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth/refresh';
/**
 * A Secure cookie is named `__Secure-…` (ASVS 5.0 V3.3.1): browsers then refuse it unless it is Secure
 * and set over https, so a plain-http page or a sibling subdomain cannot plant one. `__Host-` would
 * also demand Path=/ and so send the refresh token with every call; the refresh path is worth more.
 */
const SECURE_REFRESH_COOKIE = `__Secure-${REFRESH_COOKIE}`;
const cookieName = (secure: boolean) => (secure ? SECURE_REFRESH_COOKIE : REFRESH_COOKIE);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const isLoopback = (hostname: string) => LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost');

/** Secure unless configured off, or (auto) the request is plain http to this machine, where browsers may drop it. */
function secureFor(config: Config, request: FastifyRequest) {
  if (config.cookieSecure !== 'auto') return config.cookieSecure === 'always';
  return request.protocol === 'https' || !isLoopback(request.hostname.toLowerCase());
}

const cookieOptions = (config: Config, request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: REFRESH_COOKIE_PATH,
  secure: secureFor(config, request),
});

/**
 * A browser page: its fetches carry Fetch Metadata (Sec-Fetch-Mode), which page scripts can neither
 * set nor remove, so a script injected into the page cannot pose as a device to get the refresh token
 * in a body. BROWSER_CLIENT_HEADER covers browsers that send no Fetch Metadata (plain http to a host
 * other than this machine, older browsers): the product's own client always sends it.
 */
export const isBrowserPage = (request: FastifyRequest) =>
  request.headers['sec-fetch-mode'] !== undefined || request.headers[BROWSER_CLIENT_HEADER.name] === BROWSER_CLIENT_HEADER.value;

export const presentedRefreshCookie = (request: FastifyRequest, config: Config): string | null =>
  request.cookies[cookieName(secureFor(config, request))] ?? null;

export function clearRefreshCookie(reply: FastifyReply, config: Config, request: FastifyRequest) {
  const options = cookieOptions(config, request);
  reply.clearCookie(cookieName(options.secure), options);
}

/** The session as this client takes it: a browser page gets the refresh token as the cookie, anyone else in the body. */
export function deliverSession(request: FastifyRequest, reply: FastifyReply, config: Config, issued: IssuedSession): AuthSession {
  if (!isBrowserPage(request)) return { ...issued.session, refreshToken: issued.refreshToken };
  const options = cookieOptions(config, request);
  reply.setCookie(cookieName(options.secure), issued.refreshToken, { ...options, maxAge: config.refreshTokenTtlSeconds });
  return issued.session;
}
