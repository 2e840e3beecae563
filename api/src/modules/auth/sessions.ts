/**
 * Sessions and refresh-token families. Each refresh token is single use: using it issues the next
 * one in the same family; presenting a used one again means it was stolen, and the whole family
 * (the session, with every access token it issued) is revoked.
 */
import type { AuthSession } from '@meridian/shared/contract/auth';
import { MESSAGES } from '@meridian/shared/messages';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { randomToken, tokenHash } from '../../auth/passwords';
import { unauthenticated } from '../../http/errors';
import { loadUser } from '../users/user-read';

export interface ClientInfo { ip: string; userAgent: string | undefined }

async function newRefreshToken(ctx: AppContext, q: Queryable, sessionId: string) {
  const token = randomToken();
  await q.query(
    `insert into refresh_tokens (token_hash, session_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))`,
    [tokenHash(token), sessionId, ctx.config.refreshTokenTtlSeconds],
  );
  return token;
}

async function sessionAnswer(ctx: AppContext, q: Queryable, userId: string, sessionId: string, impersonatorId: string | null, refreshToken: string): Promise<AuthSession> {
  const [user, access, impersonator] = await Promise.all([
    loadUser(q, userId),
    ctx.tokens.sign({ sub: userId, sid: sessionId, ...(impersonatorId ? { act: { sub: impersonatorId } } : {}) }),
    impersonatorId ? q.one<{ Id: string; userName: string }>(`select id as "Id", user_name as "userName" from users where id = $1`, [impersonatorId]) : null,
  ]);
  return { user: user!, token: access.token, refreshToken, sessionId, expiresAt: access.expiresAt.toISOString(), impersonator };
}

export async function startSession(ctx: AppContext, userId: string, client: ClientInfo, impersonatorId: string | null = null): Promise<AuthSession> {
  return ctx.db.tx(async (q) => {
    const session = await q.one<{ id: string }>(
      `insert into sessions (user_id, impersonator_id, ip, user_agent) values ($1, $2, $3, $4) returning id`,
      [userId, impersonatorId, client.ip, client.userAgent?.slice(0, 300) ?? null],
    );
    const refreshToken = await newRefreshToken(ctx, q, session!.id);
    return sessionAnswer(ctx, q, userId, session!.id, impersonatorId, refreshToken);
  });
}

export async function revokeSession(ctx: AppContext, sessionId: string, reason: string) {
  await ctx.db.query(`update sessions set revoked_at = now(), revoked_reason = $2 where id = $1 and revoked_at is null`, [sessionId, reason]);
  ctx.principals.invalidate();
  ctx.realtime.endSession(sessionId);
}

export async function revokeAllSessions(ctx: AppContext, q: Queryable, userId: string, reason: string) {
  const rows = await q.query<{ id: string }>(
    `update sessions set revoked_at = now(), revoked_reason = $2 where user_id = $1 and revoked_at is null returning id`,
    [userId, reason],
  );
  q.onCommit(() => {
    ctx.principals.invalidate();
    for (const row of rows) ctx.realtime.endSession(row.id);
  });
}

export async function rotateRefreshToken(ctx: AppContext, presented: string): Promise<AuthSession> {
  const hash = tokenHash(presented);
  const claimed = await ctx.db.one<{ session_id: string }>(
    `update refresh_tokens set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning session_id`,
    [hash],
  );
  if (!claimed) {
    const reused = await ctx.db.one<{ session_id: string }>(`select session_id from refresh_tokens where token_hash = $1 and used_at is not null`, [hash]);
    if (reused) await revokeSession(ctx, reused.session_id, 'refresh token reused');
    throw unauthenticated(MESSAGES.refreshInvalid);
  }
  const session = await ctx.db.one<{ user_id: string; impersonator_id: string | null }>(
    `select s.user_id, s.impersonator_id from sessions s join users u on u.id = s.user_id
     where s.id = $1 and s.revoked_at is null and u.deleted_at is null`,
    [claimed.session_id],
  );
  if (!session) throw unauthenticated(MESSAGES.refreshInvalid);
  return ctx.db.tx(async (q) => {
    const refreshToken = await newRefreshToken(ctx, q, claimed.session_id);
    return sessionAnswer(ctx, q, session.user_id, claimed.session_id, session.impersonator_id, refreshToken);
  });
}
