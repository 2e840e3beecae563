/** Authentication calls of platform spec 7.2. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BROWSER_CLIENT_HEADER,
  authorizeSchema,
  biometricSchema,
  forgotPasswordSchema,
  impersonateSchema,
  logImpersonationSchema,
  loginSchema,
  resetPasswordSchema,
  tokenLoginSchema,
  verificationSchema,
  verifySchema,
  authSessionSchema,
  authUrlSchema,
  authorizeAnswerSchema,
} from '@meridian/shared/contract/auth';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { LOCKED_OUT_REASON } from '@meridian/shared/contract/standard-report';
import { isInRoleGroup } from '@meridian/shared/contract/roles';
import { MESSAGES } from '@meridian/shared/messages';
import type { AppContext } from '../../context';
import { verifyPassword } from '../../auth/passwords';
import { loadPrincipal, mayActIn } from '../../auth/principal';
import { AppError, badRequest, fieldError, forbidden, notFound, unauthenticated } from '../../http/errors';
import { ok } from '../../http/envelope';
import {
  accountKey,
  assertSignInAllowed,
  clearSignInFailures,
  findByLogin,
  recordSignInFailure,
  setPassword,
  signInAccount,
  type LoginCandidate,
} from './credentials';
import { createResetRequests } from './reset-requests';
import { assertNotGuessing, recordUnknownCredential, screenRefreshToken } from '../../auth/credential-guessing';
import {
  deriveSession,
  endImpersonationsOf,
  refreshTokenOwner,
  returnToImpersonator,
  revokeAllSessions,
  revokeSession,
  rotateRefreshToken,
  startSession,
  type ClientInfo,
  type IssuedSession,
  type SessionOrigin,
} from './sessions';
import { clearRefreshCookie, deliverSession, presentedRefreshCookie } from './refresh-cookie';
import { consumeUserToken } from './user-tokens';
import { assertSignInNetworkAllowed, ipNotAllowed, userNetworkAllows } from '../ip-addresses/allow-list';
import { outranksOrEquals, privilegesOf } from '../users/user-rank';
import { answers } from '../../http/route-answers';

const publicRoute = { public: true } as const;
const selfRoute = { tenantFree: true } as const;
const clientOf = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** A client that presented its refresh token itself (path or body) gets the next one the same way, never as a cookie. */
const inBody = (issued: IssuedSession) => ({ ...issued.session, refreshToken: issued.refreshToken });

const recordLogin = (ctx: AppContext, user: Pick<LoginCandidate, 'id' | 'tenant_id'> | null, client: ClientInfo, failure: string | null) =>
  ctx.db.query(`insert into login_history (user_id, tenant_id, success, reason, ip, user_agent) values ($1, $2, $3, $4, $5, $6)`, [
    user?.id ?? null,
    user?.tenant_id ?? null,
    failure === null,
    failure,
    client.ip,
    client.userAgent ?? null,
  ]);

/**
 * Every way to a new or refreshed session passes the network allow-list of the user's organisation
 * (ip-addresses/allow-list.ts): login, refresh, biometric, token login, authorize and impersonation.
 */
export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const resetRequests = createResetRequests(ctx, (msg) => app.log.warn(msg));
    app.addHook('onClose', () => resetRequests.close());
    const startAllowedSession = async (userId: string, request: FastifyRequest, origin?: SessionOrigin) => {
      await assertSignInNetworkAllowed(ctx.db, userId, request.ip);
      return startSession(ctx, userId, clientOf(request), origin);
    };
    /** A session of the caller's session family (token exchange, authorize): it ends with the session it came from. */
    const deriveAllowedSession = async (principal: { userId: string; sessionId: string }, request: FastifyRequest) => {
      await assertSignInNetworkAllowed(ctx.db, principal.userId, request.ip);
      return deriveSession(ctx, principal.sessionId, clientOf(request));
    };

    /**
     * Checked before the token is used up, so a refusal leaves the session intact for an allowed network.
     * Only the cookie refresh allows the grace replay (sessions.ts): tabs share one cookie; a device holds its own token.
     */
    const refreshAllowedSession = async (presented: string, request: FastifyRequest, allowGraceReplay = false) => {
      await screenRefreshToken(ctx, request.ip, presented);
      const owner = await refreshTokenOwner(ctx, presented, allowGraceReplay);
      if (owner) await assertSignInNetworkAllowed(ctx.db, owner, request.ip);
      return rotateRefreshToken(ctx, presented, allowGraceReplay);
    };

    app.post(
      '/auth/login',
      { config: publicRoute, schema: { tags: ['auth'], body: loginSchema, response: answers(authSessionSchema) } },
      async (request, reply) => {
        const key = accountKey(request.body.email);
        const user = await findByLogin(ctx.db, key);
        const account = signInAccount(key, user?.id ?? null);
        await assertSignInAllowed(ctx.throttle, ctx.config.addressLimits.signInFailures, account, request.ip);
        const valid = await verifyPassword(user?.password_hash ?? null, request.body.password);
        const client = clientOf(request);
        if (!user || !valid) {
          const lockedOut = await recordSignInFailure(ctx.throttle, account, client.ip);
          await recordLogin(ctx, user, client, lockedOut ? LOCKED_OUT_REASON : 'bad credentials');
          throw unauthenticated(MESSAGES.loginFailed);
        }
        // Only after the password: before it, the refusal would tell anyone that the account exists.
        if (!(await userNetworkAllows(ctx.db, user.id, client.ip))) {
          await recordLogin(ctx, user, client, 'network not allowed');
          throw ipNotAllowed();
        }
        await clearSignInFailures(ctx.throttle, account);
        await ctx.db.query(`update users set last_login_at = now() where id = $1`, [user.id]);
        await recordLogin(ctx, user, client, null);
        return ok(deliverSession(request, reply, ctx.config, await startSession(ctx, user.id, client)));
      },
    );

    app.get(
      '/auth/refresh/:refreshToken',
      {
        config: publicRoute,
        schema: { tags: ['auth'], params: z.object({ refreshToken: z.string().min(10).max(200) }), response: answers(authSessionSchema) },
      },
      async (request) => ok(inBody(await refreshAllowedSession(request.params.refreshToken, request))),
    );

    app.post(
      '/auth/biometric',
      { config: publicRoute, schema: { tags: ['auth'], body: biometricSchema, response: answers(authSessionSchema) } },
      async (request) => ok(inBody(await refreshAllowedSession(request.body.refreshToken, request))),
    );

    /**
     * The browser's refresh: the token comes from the HttpOnly cookie and the next one goes back into it.
     * The custom header is the CSRF guard on top of SameSite=Strict: a form or link of another site
     * cannot set it. A refused cookie is cleared, so the browser stops presenting it.
     */
    app.post(
      '/auth/refresh',
      { config: publicRoute, schema: { tags: ['auth'], response: answers(authSessionSchema) } },
      async (request, reply) => {
        if (request.headers[BROWSER_CLIENT_HEADER.name] !== BROWSER_CLIENT_HEADER.value) throw forbidden();
        const presented = presentedRefreshCookie(request, ctx.config);
        try {
          if (!presented) throw unauthenticated(MESSAGES.refreshInvalid);
          return ok(deliverSession(request, reply, ctx.config, await refreshAllowedSession(presented, request, true)));
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 401) clearRefreshCookie(reply, ctx.config, request);
          throw error;
        }
      },
    );

    app.get(
      '/auth/logout',
      { config: { ...selfRoute, duringPasswordChange: true }, schema: { tags: ['auth'], response: answers(noDataSchema) } },
      async (request, reply) => {
        await revokeSession(ctx, request.principal.sessionId, 'logout');
        clearRefreshCookie(reply, ctx.config, request);
        return ok(null, 'Signed out.');
      },
    );

    /** Token exchange (security finding 4): the new session belongs to the presented token's session and ends with it. */
    app.post(
      '/auth/token',
      { config: publicRoute, schema: { tags: ['auth'], body: tokenLoginSchema, response: answers(authSessionSchema) } },
      async (request, reply) => {
        const claims = await ctx.tokens.verify(request.body.token);
        const { principal } = await loadPrincipal(ctx.db, claims, null);
        const owner = await ctx.db.one(`select 1 from users where id = $1 and lower(email_address) = $2`, [
          principal.userId,
          accountKey(request.body.email),
        ]);
        if (!owner) throw unauthenticated();
        return ok(deliverSession(request, reply, ctx.config, await deriveAllowedSession(principal, request)));
      },
    );

    app.post(
      '/auth/impersonate',
      { config: selfRoute, schema: { tags: ['auth'], body: impersonateSchema, response: answers(authSessionSchema) } },
      async (request, reply) => {
        const admin = request.principal;
        if (!isInRoleGroup(admin.roles, 'admin') || admin.impersonatorId) throw forbidden(MESSAGES.impersonationNotAllowed);
        const target = await ctx.db.one<{ id: string; path: string }>(
          `select u.id, t.path from users u join tenants t on t.id = u.tenant_id where lower(u.user_name) = $1 and u.deleted_at is null`,
          [request.body.userName.trim().toLowerCase()],
        );
        // Outside the administrator's subtree the user does not exist for them.
        if (!target || !mayActIn(admin, target.path)) throw notFound('User');
        // The same rank rule as every other action on an account (users/user-rank.ts).
        const targetPrivileges = (await privilegesOf(ctx.db, [target.id])).get(target.id)!;
        if (target.id === admin.userId || !outranksOrEquals(admin, targetPrivileges)) throw forbidden(MESSAGES.impersonationNotAllowed);
        // The administrator's own session stays on the server (the browser keeps none of its tokens) and
        // is the impersonation's parent: it ends with it, and ending the impersonation returns to it.
        const issued = await startAllowedSession(target.id, request, {
          impersonatorId: admin.userId,
          impersonatorSessionId: admin.sessionId,
          parentSessionId: admin.sessionId,
        });
        await ctx.db.query(
          `insert into impersonation_log (admin_id, impersonated_id, state, session_id, ip) values ($1, $2, 'started', $3, $4)`,
          [admin.userId, target.id, issued.session.sessionId, request.ip],
        );
        request.log.info({ adminId: admin.userId, impersonatedId: target.id }, 'impersonation started');
        return ok(deliverSession(request, reply, ctx.config, issued));
      },
    );

    /**
     * Records a start or an end. An end sent by the impersonation revokes it and answers the
     * administrator's own session (kept on the server), with its refresh token back in the cookie; an
     * end sent by the administrator revokes their impersonations of that user.
     */
    app.post(
      '/auth/logImpersonation',
      { config: selfRoute, schema: { tags: ['auth'], body: logImpersonationSchema, response: answers(authSessionSchema.nullable()) } },
      async (request, reply) => {
        const { adminId, impersonateId, state } = request.body;
        const p = request.principal;
        const isTheAdmin = p.userId === adminId && !p.impersonatorId;
        const isTheImpersonation = p.userId === impersonateId && p.impersonatorId === adminId;
        if (!isTheAdmin && !isTheImpersonation) throw forbidden();
        await ctx.db.query(`insert into impersonation_log (admin_id, impersonated_id, state, session_id, ip) values ($1, $2, $3, $4, $5)`, [
          adminId,
          impersonateId,
          state,
          isTheImpersonation ? p.sessionId : null,
          request.ip,
        ]);
        if (state !== 'ended') return ok(null, `Impersonation ${state}.`);
        if (isTheAdmin) {
          await endImpersonationsOf(ctx, p.sessionId, impersonateId);
          return ok(null, 'Impersonation ended.');
        }
        await assertSignInNetworkAllowed(ctx.db, adminId, request.ip);
        const admin = await returnToImpersonator(ctx, p.sessionId);
        if (!admin) {
          clearRefreshCookie(reply, ctx.config, request);
          throw unauthenticated();
        }
        return ok(deliverSession(request, reply, ctx.config, admin), 'Impersonation ended.');
      },
    );

    app.post(
      '/auth/forgot-password',
      { config: publicRoute, schema: { tags: ['auth'], body: forgotPasswordSchema, response: answers(noDataSchema) } },
      async (request) => {
        // Recorded and answered at once, alike for every login: the mail (if any) is prepared afterwards.
        await resetRequests.record(request.body.email, request.ip);
        return ok(null, MESSAGES.passwordResetSent);
      },
    );

    app.post(
      '/auth/reset-password',
      { config: publicRoute, schema: { tags: ['auth'], body: resetPasswordSchema, response: answers(noDataSchema) } },
      async (request) => {
        await assertNotGuessing(ctx, request.ip);
        const userId = await ctx.db.tx(async (q) => {
          const owner = await consumeUserToken(q, request.body.token, 'reset');
          if (!owner) {
            await recordUnknownCredential(ctx, request.ip);
            throw fieldError('token', MESSAGES.resetTokenInvalid);
          }
          await setPassword(q, owner, request.body.password, { changedByUserId: owner, expire: false });
          await revokeAllSessions(ctx, q, owner, 'password reset');
          return owner;
        });
        // Whoever proved they hold the mailbox need not wait out failures from before.
        await clearSignInFailures(ctx.throttle, signInAccount('', userId));
        return ok(null, 'Your password has been changed. Sign in with the new password.');
      },
    );

    const verifyWith = async (address: string, token: string, userId?: string) => {
      await assertNotGuessing(ctx, address);
      await ctx.db.tx(async (q) => {
        const owner = await consumeUserToken(q, token, 'verify');
        if (!owner || (userId && owner !== userId)) {
          await recordUnknownCredential(ctx, address);
          throw fieldError('token', MESSAGES.verifyTokenInvalid);
        }
        await q.query(`update users set email_verified_at = coalesce(email_verified_at, now()) where id = $1`, [owner]);
      });
      return ok(null, 'Your account is verified.');
    };
    app.post(
      '/auth/verify',
      { config: publicRoute, schema: { tags: ['auth'], body: verifySchema, response: answers(noDataSchema) } },
      (request) => verifyWith(request.ip, request.body.token),
    );
    app.post(
      '/auth/verification',
      { config: publicRoute, schema: { tags: ['auth'], body: verificationSchema, response: answers(noDataSchema) } },
      (request) => verifyWith(request.ip, request.body.token, request.body.userId),
    );

    app.get(
      '/auth/auth-url/:provider',
      {
        config: publicRoute,
        schema: { tags: ['auth'], params: z.object({ provider: z.string().max(40) }), response: answers(authUrlSchema) },
      },
      async (request) => {
        const name = request.params.provider.toLowerCase();
        // Own keys only: `constructor` or `__proto__` would find Object.prototype's members.
        const url = Object.hasOwn(ctx.config.authProviders, name) ? ctx.config.authProviders[name] : undefined;
        if (!url) throw notFound(`Single sign-on provider '${request.params.provider}'`);
        return ok({ provider: request.params.provider.toLowerCase(), url });
      },
    );

    app.post(
      '/auth/authorize',
      { config: selfRoute, schema: { tags: ['auth'], body: authorizeSchema, response: answers(authorizeAnswerSchema) } },
      async (request) => {
        const target = new URL(request.body.redirectUri);
        // Same origin and path as a registered address; the query (state and the like) is the client's own.
        const registered = ctx.config.oauthRedirectUris.some((uri) => {
          const allowed = new URL(uri);
          return allowed.origin === target.origin && allowed.pathname === target.pathname;
        });
        if (!registered)
          throw badRequest('This address is not registered to receive sign-ins.', { redirectUri: ['Not a registered address.'] });
        // Only the access token leaves; its session ends with the caller's.
        const { session } = await deriveAllowedSession(request.principal, request);
        target.searchParams.set('success', 'true');
        target.searchParams.set('token', session.token);
        return ok({ redirectUrl: target.toString() });
      },
    );
  };
