/**
 * Default-deny: every route needs a valid access token (or API key) unless its config says
 * `public: true`, and every route's `permissions` are checked here, on the server, before its
 * handler runs.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { looksLikeApiKey } from '@meridian/shared/contract/api-user';
import { can } from '@meridian/shared/contract/access';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';
import type { AppContext } from '../context';
import {
  apiKeyInvalid,
  isExpired,
  loadPrincipal,
  parseTenantHeader,
  requirePermission,
  resolveScope,
  type ApiKeyCaller,
  type LoadedPrincipal,
  type Principal,
  type TenantScope,
} from './principal';
import { AppError, unauthenticated } from '../http/errors';
import { assertNotGuessing, recordUnknownCredential } from './credential-guessing';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** Any one of these hierarchies is required (global administrators pass). */
    permissions?: string[];
    /** The route acts on the caller alone; x-tenant-id is not checked. */
    tenantFree?: boolean;
    /** Answers a caller who must first change a temporary or expired password (change password, profile, sign out). */
    duringPasswordChange?: boolean;
  }
  interface FastifyRequest {
    principal: Principal;
    scope: TenantScope;
    /** On tenant-free routes: why the x-tenant-id scope is not usable, raised only if a handler needs it. */
    scopeFailure: unknown;
  }
}

/** The acting-tenant scope on a tenant-free route that needs it for some of its work. */
export function requireScope(request: FastifyRequest): TenantScope {
  if (request.scopeFailure) throw request.scopeFailure;
  return request.scope;
}

/**
 * 403, not 401: the key is valid, so asking the client to sign in again (what 401 means to it)
 * would not help; this kind of caller may not make this call.
 */
export const userSessionRequired = () => new AppError(403, ERROR_CODES.USER_SESSION_REQUIRED, MESSAGES.userSessionRequired);

const passwordChangeRequired = () => new AppError(403, ERROR_CODES.PASSWORD_CHANGE_REQUIRED, MESSAGES.passwordMustChange);

/** For handlers that must act as a person, not as an API key (for example minting further keys). */
export function requireSignedInUser(request: FastifyRequest) {
  if (request.principal.apiKey) throw userSessionRequired();
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [kind, value] = header.split(' ');
  return kind?.toLowerCase() === 'bearer' && value ? value : null;
}

const NO_PERMISSIONS = { roles: [], permissions: [] };

/**
 * A key has exactly its permissions and nothing more, so it is accepted only where a permission is
 * checked. Routes without one are either about the caller as a person (profile, password, devices,
 * notifications, positions, sessions, impersonation) or open to anyone signed in.
 */
const routeAcceptsApiKeys = (config: FastifyContextConfig) =>
  !config.tenantFree && !!config.permissions && !can(NO_PERMISSIONS, config.permissions);

function assertApiKeyMayCall(ctx: AppContext, apiKey: ApiKeyCaller, config: FastifyContextConfig, address: string) {
  // The cache may hold a key for a few seconds; expiry is checked on every call regardless.
  if (isExpired(apiKey)) throw apiKeyInvalid();
  ctx.callers.networkPolicy().assertApiKeyMayCallFrom(apiKey, address);
  if (!routeAcceptsApiKeys(config)) throw userSessionRequired();
}

async function sessionCaller(ctx: AppContext, token: string, tenantHeader: string | null): Promise<LoadedPrincipal> {
  const claims = await ctx.tokens.verify(token);
  const shared = await ctx.principals.load(claims.sid, tenantHeader, () => loadPrincipal(ctx.db, claims, tenantHeader));
  if (shared.principal.userId === claims.sub) return shared;
  return loadPrincipal(ctx.db, claims, tenantHeader);
}

const isUnauthenticated = (error: unknown) => error instanceof AppError && error.statusCode === 401;

async function apiKeyCaller(ctx: AppContext, key: string, tenantHeader: string | null, address: string): Promise<LoadedPrincipal> {
  const apiKeys = ctx.callers.apiKeys();
  const hash = apiKeys.hashOf(key);
  // Keyed by the hash, so the cache never holds the key itself.
  const cacheKey = `api-key:${hash}`;
  const cached = hash ? ctx.principals.get(cacheKey, tenantHeader) : null;
  if (cached) return cached;
  // Unknown, revoked or expired keys count against the address (credential-guessing.ts).
  await assertNotGuessing(ctx, address);
  if (!hash) {
    await recordUnknownCredential(ctx, address);
    throw apiKeyInvalid();
  }
  const loaded = await apiKeys.load(ctx.db, hash, tenantHeader).catch(async (error: unknown) => {
    if (isUnauthenticated(error)) await recordUnknownCredential(ctx, address);
    throw error;
  });
  await apiKeys.recordUse(ctx.db, loaded.principal.apiKey!);
  ctx.principals.set(cacheKey, tenantHeader, loaded);
  return loaded;
}

export function installGuard(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('principal', null as unknown as Principal);
  app.decorateRequest('scope', null as unknown as TenantScope);
  app.decorateRequest('scopeFailure', null);

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public || !request.routeOptions.url) return;
    const credential = bearerToken(request);
    if (!credential) throw unauthenticated();
    let tenantHeader: string | null = null;
    try {
      tenantHeader = parseTenantHeader(request.headers['x-tenant-id']);
    } catch (error) {
      if (!config.tenantFree) throw error;
      request.scopeFailure = error;
    }
    const { principal, scopeTenant } = looksLikeApiKey(credential)
      ? await apiKeyCaller(ctx, credential, tenantHeader, request.ip)
      : await sessionCaller(ctx, credential, tenantHeader);
    if (principal.apiKey) assertApiKeyMayCall(ctx, principal.apiKey, config, request.ip);
    if (principal.passwordChangeRequired && !config.duringPasswordChange) throw passwordChangeRequired();
    request.principal = principal;
    try {
      request.scope = resolveScope(principal, scopeTenant);
    } catch (error) {
      // Self-only routes work whatever tenant is selected; they raise this only when they need the scope.
      if (!config.tenantFree) throw error;
      request.scopeFailure ??= error;
    }
    if (config.permissions) requirePermission(principal, config.permissions);
  });
}
