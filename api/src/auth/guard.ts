/**
 * Default-deny: every route needs a valid access token unless its config says `public: true`, and
 * every route's `permissions` are checked here, on the server, before its handler runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { loadPrincipal, parseTenantHeader, requirePermission, resolveScope, type Principal, type TenantScope } from './principal';
import { unauthenticated } from '../http/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** Any one of these hierarchies is required (global administrators pass). */
    permissions?: string[];
    /** The route acts on the caller alone; x-tenant-id is not checked. */
    tenantFree?: boolean;
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

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [kind, value] = header.split(' ');
  return kind?.toLowerCase() === 'bearer' && value ? value : null;
}

export function installGuard(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('principal', null as unknown as Principal);
  app.decorateRequest('scope', null as unknown as TenantScope);
  app.decorateRequest('scopeFailure', null);

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public || !request.routeOptions.url) return;
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const claims = await ctx.tokens.verify(token);
    let tenantHeader: string | null = null;
    try {
      tenantHeader = parseTenantHeader(request.headers['x-tenant-id']);
    } catch (error) {
      if (!config.tenantFree) throw error;
      request.scopeFailure = error;
    }
    let loaded = ctx.principals.get(claims.sid, tenantHeader);
    if (!loaded || loaded.principal.userId !== claims.sub) {
      loaded = await loadPrincipal(ctx.db, claims, tenantHeader);
      ctx.principals.set(claims.sid, tenantHeader, loaded);
    }
    const { principal, scopeTenant } = loaded;
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
