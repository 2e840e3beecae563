/** Authentication calls of platform spec 7.2. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authorizeSchema, biometricSchema, forgotPasswordSchema, impersonateSchema, logImpersonationSchema, loginSchema,
  resetPasswordSchema, tokenLoginSchema, verificationSchema, verifySchema,
} from '@meridian/shared/contract/auth';
import { isGlobalAdministrator, isInRoleGroup } from '@meridian/shared/contract/roles';
import { MESSAGES } from '@meridian/shared/messages';
import type { AppContext } from '../../context';
import { tokenHash, verifyPassword } from '../../auth/passwords';
import { loadPrincipal, mayActIn } from '../../auth/principal';
import { badRequest, fieldError, forbidden, notFound, unauthenticated } from '../../http/errors';
import { ok } from '../../http/envelope';
import { accountKey, assertNotLocked, clearFailedLogins, recordFailedLogin, setPassword } from './credentials';
import { revokeAllSessions, revokeSession, rotateRefreshToken, startSession, type ClientInfo } from './sessions';
import { consumeUserToken, mailResetLink } from './user-tokens';
import { assertSignInNetworkAllowed, ipNotAllowed, userNetworkAllows } from '../ip-addresses/allow-list';

const publicRoute = { public: true } as const;
const selfRoute = { tenantFree: true } as const;
const clientOf = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

interface LoginCandidate { id: string; tenant_id: string; password_hash: string | null; first_name: string; email_address: string }

const findByLogin = (ctx: AppContext, key: string) =>
  ctx.db.one<LoginCandidate>(
    `select id, tenant_id, password_hash, first_name, email_address from users
     where (lower(email_address) = $1 or lower(user_name) = $1) and deleted_at is null`,
    [key],
  );

/** The user of a refresh token that could still be used, read without using it up. */
const refreshTokenOwner = async (ctx: AppContext, presented: string) =>
  (await ctx.db.one<{ user_id: string }>(
    `select s.user_id from refresh_tokens rt join sessions s on s.id = rt.session_id
     where rt.token_hash = $1 and rt.used_at is null and rt.expires_at > now() and s.revoked_at is null`,
    [tokenHash(presented)],
  ))?.user_id ?? null;

const recordLogin = (ctx: AppContext, user: Pick<LoginCandidate, 'id' | 'tenant_id'> | null, client: ClientInfo, failure: string | null) =>
  ctx.db.query(`insert into login_history (user_id, tenant_id, success, reason, ip, user_agent) values ($1, $2, $3, $4, $5, $6)`,
    [user?.id ?? null, user?.tenant_id ?? null, failure === null, failure, client.ip, client.userAgent ?? null]);

/**
 * Every way to a new or refreshed session passes the network allow-list of the user's organisation
 * (ip-addresses/allow-list.ts): login, refresh, biometric, token login, authorize and impersonation.
 */
export const authRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  const startAllowedSession = async (userId: string, request: FastifyRequest, impersonatorId: string | null = null) => {
    await assertSignInNetworkAllowed(ctx.db, userId, request.ip);
    return startSession(ctx, userId, clientOf(request), impersonatorId);
  };

  /** Checked before the token is used up, so a refusal leaves the session intact for an allowed network. */
  const refreshAllowedSession = async (presented: string, request: FastifyRequest) => {
    const owner = await refreshTokenOwner(ctx, presented);
    if (owner) await assertSignInNetworkAllowed(ctx.db, owner, request.ip);
    return rotateRefreshToken(ctx, presented);
  };

  app.post('/auth/login', { config: publicRoute, schema: { tags: ['auth'], body: loginSchema } }, async (request) => {
    const key = accountKey(request.body.email);
    await assertNotLocked(ctx.db, key);
    const user = await findByLogin(ctx, key);
    const valid = await verifyPassword(user?.password_hash ?? null, request.body.password);
    const client = clientOf(request);
    if (!user || !valid) {
      await recordFailedLogin(ctx.db, key);
      await recordLogin(ctx, user, client, 'bad credentials');
      throw unauthenticated(MESSAGES.loginFailed);
    }
    // Only after the password: before it, the refusal would tell anyone that the account exists.
    if (!(await userNetworkAllows(ctx.db, user.id, client.ip))) {
      await recordLogin(ctx, user, client, 'network not allowed');
      throw ipNotAllowed();
    }
    await clearFailedLogins(ctx.db, key);
    await ctx.db.query(`update users set last_login_at = now() where id = $1`, [user.id]);
    await recordLogin(ctx, user, client, null);
    return ok(await startSession(ctx, user.id, client));
  });

  app.get('/auth/refresh/:refreshToken', { config: publicRoute, schema: { tags: ['auth'], params: z.object({ refreshToken: z.string().min(10).max(200) }) } },
    async (request) => ok(await refreshAllowedSession(request.params.refreshToken, request)));

  app.post('/auth/biometric', { config: publicRoute, schema: { tags: ['auth'], body: biometricSchema } },
    async (request) => ok(await refreshAllowedSession(request.body.refreshToken, request)));

  app.get('/auth/logout', { config: selfRoute, schema: { tags: ['auth'] } }, async (request) => {
    await revokeSession(ctx, request.principal.sessionId, 'logout');
    return ok(null, 'Signed out.');
  });

  app.post('/auth/token', { config: publicRoute, schema: { tags: ['auth'], body: tokenLoginSchema } }, async (request) => {
    const claims = await ctx.tokens.verify(request.body.token);
    const { principal } = await loadPrincipal(ctx.db, claims, null);
    const owner = await ctx.db.one(`select 1 from users where id = $1 and lower(email_address) = $2`, [principal.userId, accountKey(request.body.email)]);
    if (!owner) throw unauthenticated();
    return ok(await startAllowedSession(principal.userId, request, principal.impersonatorId));
  });

  app.post('/auth/impersonate', { config: selfRoute, schema: { tags: ['auth'], body: impersonateSchema } }, async (request) => {
    const admin = request.principal;
    if (!isInRoleGroup(admin.roles, 'admin') || admin.impersonatorId) throw forbidden(MESSAGES.impersonationNotAllowed);
    const target = await ctx.db.one<{ id: string; path: string; roles: string[] }>(
      `select u.id, t.path, (select coalesce(json_agg(r.name), '[]') from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles
       from users u join tenants t on t.id = u.tenant_id where lower(u.user_name) = $1 and u.deleted_at is null`,
      [request.body.userName.trim().toLowerCase()],
    );
    // Outside the administrator's subtree the user does not exist for them.
    if (!target || !mayActIn(admin, target.path)) throw notFound('User');
    const targetRoles = target.roles.map((name) => ({ name }));
    if (target.id === admin.userId || (isGlobalAdministrator(targetRoles) && !admin.isGlobalAdmin)) throw forbidden(MESSAGES.impersonationNotAllowed);
    const session = await startAllowedSession(target.id, request, admin.userId);
    await ctx.db.query(`insert into impersonation_log (admin_id, impersonated_id, state, session_id, ip) values ($1, $2, 'started', $3, $4)`,
      [admin.userId, target.id, session.sessionId, request.ip]);
    request.log.info({ adminId: admin.userId, impersonatedId: target.id }, 'impersonation started');
    return ok(session);
  });

  app.post('/auth/logImpersonation', { config: selfRoute, schema: { tags: ['auth'], body: logImpersonationSchema } }, async (request) => {
    const { adminId, impersonateId, state } = request.body;
    const p = request.principal;
    const isTheAdmin = p.userId === adminId && !p.impersonatorId;
    const isTheImpersonation = p.userId === impersonateId && p.impersonatorId === adminId;
    if (!isTheAdmin && !isTheImpersonation) throw forbidden();
    await ctx.db.query(`insert into impersonation_log (admin_id, impersonated_id, state, session_id, ip) values ($1, $2, $3, $4, $5)`,
      [adminId, impersonateId, state, isTheImpersonation ? p.sessionId : null, request.ip]);
    if (state === 'ended' && isTheImpersonation) await revokeSession(ctx, p.sessionId, 'impersonation ended');
    return ok(null, `Impersonation ${state}.`);
  });

  app.post('/auth/forgot-password', { config: publicRoute, schema: { tags: ['auth'], body: forgotPasswordSchema } }, async (request) => {
    const user = await findByLogin(ctx, accountKey(request.body.email));
    if (user) {
      await ctx.db.tx((q) => mailResetLink(ctx, q, { id: user.id, email: user.email_address, firstName: user.first_name }));
      ctx.mailer.kick();
    }
    return ok(null, MESSAGES.passwordResetSent);
  });

  app.post('/auth/reset-password', { config: publicRoute, schema: { tags: ['auth'], body: resetPasswordSchema } }, async (request) => {
    await ctx.db.tx(async (q) => {
      const userId = await consumeUserToken(q, request.body.token, 'reset');
      if (!userId) throw fieldError('token', MESSAGES.resetTokenInvalid);
      await setPassword(q, userId, request.body.password, { changedByUserId: userId, expire: false });
      await revokeAllSessions(ctx, q, userId, 'password reset');
      const row = await q.one<{ email_address: string; user_name: string }>(`select email_address, user_name from users where id = $1`, [userId]);
      await clearFailedLogins(q, accountKey(row!.email_address));
      await clearFailedLogins(q, accountKey(row!.user_name));
    });
    return ok(null, 'Your password has been changed. Sign in with the new password.');
  });

  const verifyWith = async (token: string, userId?: string) => {
    await ctx.db.tx(async (q) => {
      const owner = await consumeUserToken(q, token, 'verify');
      if (!owner || (userId && owner !== userId)) throw fieldError('token', MESSAGES.verifyTokenInvalid);
      await q.query(`update users set email_verified_at = coalesce(email_verified_at, now()) where id = $1`, [owner]);
    });
    return ok(null, 'Your account is verified.');
  };
  app.post('/auth/verify', { config: publicRoute, schema: { tags: ['auth'], body: verifySchema } }, (request) => verifyWith(request.body.token));
  app.post('/auth/verification', { config: publicRoute, schema: { tags: ['auth'], body: verificationSchema } },
    (request) => verifyWith(request.body.token, request.body.userId));

  app.get('/auth/auth-url/:provider', { config: publicRoute, schema: { tags: ['auth'], params: z.object({ provider: z.string().max(40) }) } }, async (request) => {
    const url = ctx.config.authProviders[request.params.provider.toLowerCase()];
    if (!url) throw notFound(`Single sign-on provider '${request.params.provider}'`);
    return ok({ provider: request.params.provider.toLowerCase(), url });
  });

  app.post('/auth/authorize', { config: selfRoute, schema: { tags: ['auth'], body: authorizeSchema } }, async (request) => {
    const target = new URL(request.body.redirectUri);
    // Same origin and path as a registered address; the query (state and the like) is the client's own.
    const registered = ctx.config.oauthRedirectUris.some((uri) => {
      const allowed = new URL(uri);
      return allowed.origin === target.origin && allowed.pathname === target.pathname;
    });
    if (!registered) throw badRequest('This address is not registered to receive sign-ins.', { redirectUri: ['Not a registered address.'] });
    const session = await startAllowedSession(request.principal.userId, request, request.principal.impersonatorId);
    target.searchParams.set('success', 'true');
    target.searchParams.set('token', session.token);
    return ok({ redirectUrl: target.toString() });
  });
};
