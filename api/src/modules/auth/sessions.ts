/**
 * Sessions and refresh-token families. Each refresh token is single use: using it issues the next
 * one in the same family; presenting a used one again means it was stolen, and the whole family
 * (the session, with every access token it issued) is revoked. One exception, the grace window of the
 * browser's cookie refresh: a token rotated less than `refreshReuseGraceSeconds` ago may be presented
 * once more and is answered with a fresh token of the same family, because two tabs of one browser
 * refreshing at once present the same cookie, and signing the user out for that would punish an
 * ordinary race, not a theft. The trade-off (ASVS 3.5.2 / OAuth 2.0 Security BCP 4.14 want any reuse
 * detected): a thief who presents a cookie within those seconds of its rotation, and before the
 * browser's own second presentation, gets a token of the family too; a second replay, or any after
 * the window, still revokes the family. A device presenting its own token gets no grace.
 *
 * Sessions also form families among themselves: a session derived from another one (token exchange,
 * the authorize flow, an impersonation) names it as parent and ends with it. Revoking a session
 * revokes its descendants, and a session whose parent is revoked is refused on load and on refresh.
 */
import type { AuthSession } from '@meridian/shared/contract/auth';
import { MESSAGES } from '@meridian/shared/messages';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { randomToken, tokenHash } from '../../auth/passwords';
import { forbidden, unauthenticated } from '../../http/errors';
import { loadUser } from '../users/user-read';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** A session as issued: the answer (without the refresh token) and the refresh token, which the route delivers as the client takes it. */
export interface IssuedSession {
  session: Omit<AuthSession, 'refreshToken'>;
  refreshToken: string;
}

/** Where a new session comes from, when it is not a fresh sign-in. */
export interface SessionOrigin {
  /** The administrator acting, while impersonating. */
  impersonatorId: string | null;
  /** The administrator's own session, while impersonating. */
  impersonatorSessionId: string | null;
  /** The session this one derives from and ends with. */
  parentSessionId: string | null;
}

const SIGN_IN: SessionOrigin = { impersonatorId: null, impersonatorSessionId: null, parentSessionId: null };

/** A session counts only while neither it nor its parent is revoked and its user exists. */
const LIVE_SESSION_SQL = `
select s.user_id, s.impersonator_id, s.impersonator_session_id from sessions s
  join users u on u.id = s.user_id and u.deleted_at is null
  left join sessions parent on parent.id = s.parent_session_id
where s.id = $1 and s.revoked_at is null and parent.revoked_at is null`;

interface LiveSession {
  user_id: string;
  impersonator_id: string | null;
  impersonator_session_id: string | null;
}

const liveSession = (q: Queryable, sessionId: string) => q.one<LiveSession>(LIVE_SESSION_SQL, [sessionId]);

async function newRefreshToken(ctx: AppContext, q: Queryable, sessionId: string) {
  const token = randomToken();
  await q.query(`insert into refresh_tokens (token_hash, session_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))`, [
    tokenHash(token),
    sessionId,
    ctx.config.refreshTokenTtlSeconds,
  ]);
  return token;
}

async function sessionAnswer(
  ctx: AppContext,
  q: Queryable,
  userId: string,
  sessionId: string,
  impersonatorId: string | null,
): Promise<IssuedSession['session']> {
  const [user, access, impersonator] = await Promise.all([
    loadUser(q, userId),
    ctx.tokens.sign({ sub: userId, sid: sessionId, ...(impersonatorId ? { act: { sub: impersonatorId } } : {}) }),
    impersonatorId
      ? q.one<{ Id: string; userName: string }>(`select id as "Id", user_name as "userName" from users where id = $1`, [impersonatorId])
      : null,
  ]);
  return { user: user!, token: access.token, sessionId, expiresAt: access.expiresAt.toISOString(), impersonator };
}

/** A new access token and the next refresh token of an existing, live session. */
async function issueFor(ctx: AppContext, sessionId: string, session: LiveSession): Promise<IssuedSession> {
  return ctx.db.tx(async (q) => {
    const refreshToken = await newRefreshToken(ctx, q, sessionId);
    return { session: await sessionAnswer(ctx, q, session.user_id, sessionId, session.impersonator_id), refreshToken };
  });
}

export async function startSession(
  ctx: AppContext,
  userId: string,
  client: ClientInfo,
  origin: SessionOrigin = SIGN_IN,
): Promise<IssuedSession> {
  return ctx.db.tx(async (q) => {
    // A parent revoked meanwhile gets no child (the load-time check covers a revocation racing this insert).
    const session = await q.one<{ id: string }>(
      `insert into sessions (user_id, impersonator_id, impersonator_session_id, parent_session_id, ip, user_agent)
       select $1, $2, $3, $4, $5, $6
       where $4::uuid is null or exists (select 1 from sessions p where p.id = $4::uuid and p.revoked_at is null)
       returning id`,
      [
        userId,
        origin.impersonatorId,
        origin.impersonatorSessionId,
        origin.parentSessionId,
        client.ip,
        client.userAgent?.slice(0, 300) ?? null,
      ],
    );
    if (!session) throw unauthenticated();
    const refreshToken = await newRefreshToken(ctx, q, session.id);
    return { session: await sessionAnswer(ctx, q, userId, session.id, origin.impersonatorId), refreshToken };
  });
}

/**
 * A session of the same user (and, while impersonating, the same administrator) derived from a live
 * one: token exchange and the authorize flow. It ends with its parent (security finding 4).
 */
export async function deriveSession(ctx: AppContext, parentSessionId: string, client: ClientInfo): Promise<IssuedSession> {
  const parent = await liveSession(ctx.db, parentSessionId);
  if (!parent) throw unauthenticated();
  return startSession(ctx, parent.user_id, client, {
    impersonatorId: parent.impersonator_id,
    impersonatorSessionId: parent.impersonator_session_id,
    parentSessionId,
  });
}

/** Revokes the sessions `where` picks (its parameters from $2 on) and every session derived from them, at any depth; answers the ids revoked. */
async function revokeFamilies(q: Queryable, where: string, params: unknown[], reason: string) {
  return q.query<{ id: string }>(
    `with recursive family(id) as (
       select id from sessions where ${where} and revoked_at is null
       union
       select child.id from sessions child join family f on child.parent_session_id = f.id where child.revoked_at is null
     )
     update sessions set revoked_at = now(), revoked_reason = $1 where id in (select id from family) and revoked_at is null returning id`,
    [reason, ...params],
  );
}

/** Forgets every loaded principal and closes the sockets of the sessions just revoked. */
function announceRevoked(ctx: AppContext, rows: { id: string }[]) {
  ctx.principals.invalidate();
  for (const row of rows) ctx.realtime.endSession(row.id);
}

export async function revokeSession(ctx: AppContext, sessionId: string, reason: string) {
  const rows = await revokeFamilies(ctx.db, 'id = $2', [sessionId], reason);
  announceRevoked(ctx, rows);
}

export async function revokeAllSessions(ctx: AppContext, q: Queryable, userId: string, reason: string) {
  const rows = await revokeFamilies(q, 'user_id = $2', [userId], reason);
  q.onCommit(() => announceRevoked(ctx, rows));
}

/** After a user changes their own password, every other session of theirs ends (ASVS 5.0 V7.4.3); this one goes on. */
export async function revokeOtherSessions(ctx: AppContext, q: Queryable, userId: string, keptSessionId: string, reason: string) {
  const rows = await revokeFamilies(q, 'user_id = $2 and id <> $3', [userId, keptSessionId], reason);
  q.onCommit(() => announceRevoked(ctx, rows));
}

/** The session of a token rotated within the grace window and not replayed yet, now marked replayed. */
async function replayWithinGrace(ctx: AppContext, hash: string) {
  if (ctx.config.refreshReuseGraceSeconds <= 0) return null;
  const row = await ctx.db.one<{ session_id: string }>(
    `update refresh_tokens set replayed_at = now()
     where token_hash = $1 and used_at is not null and replayed_at is null and expires_at > now()
       and used_at > now() - make_interval(secs => $2)
     returning session_id`,
    [hash, ctx.config.refreshReuseGraceSeconds],
  );
  return row?.session_id ?? null;
}

/** The user of a refresh token that could still be used (or replayed within the grace), read without using it up. */
export async function refreshTokenOwner(ctx: AppContext, presented: string, allowGraceReplay: boolean): Promise<string | null> {
  const row = await ctx.db.one<{ user_id: string }>(
    `select s.user_id from refresh_tokens rt join sessions s on s.id = rt.session_id
     where rt.token_hash = $1 and rt.expires_at > now() and s.revoked_at is null
       and (rt.used_at is null or ($3 and rt.replayed_at is null and rt.used_at > now() - make_interval(secs => $2)))`,
    [tokenHash(presented), ctx.config.refreshReuseGraceSeconds, allowGraceReplay],
  );
  return row?.user_id ?? null;
}

/** Uses up a refresh token and issues the next; `allowGraceReplay` for the browser's cookie, which its tabs share. */
export async function rotateRefreshToken(ctx: AppContext, presented: string, allowGraceReplay: boolean): Promise<IssuedSession> {
  const hash = tokenHash(presented);
  const claimed = await ctx.db.one<{ session_id: string }>(
    `update refresh_tokens set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning session_id`,
    [hash],
  );
  const sessionId = claimed?.session_id ?? (allowGraceReplay ? await replayWithinGrace(ctx, hash) : null);
  if (!sessionId) {
    const reused = await ctx.db.one<{ session_id: string }>(
      `select session_id from refresh_tokens where token_hash = $1 and used_at is not null`,
      [hash],
    );
    if (reused) await revokeSession(ctx, reused.session_id, 'refresh token reused');
    throw unauthenticated(MESSAGES.refreshInvalid);
  }
  const session = await liveSession(ctx.db, sessionId);
  if (!session) throw unauthenticated(MESSAGES.refreshInvalid);
  return issueFor(ctx, sessionId, session);
}

/**
 * Ends an impersonation from its own session: revokes it (with anything derived from it) and issues
 * the administrator's own session afresh, which the server kept all along (the browser holds none of
 * the administrator's tokens). Answers null when the administrator's session has ended meanwhile.
 */
export async function returnToImpersonator(ctx: AppContext, impersonationSessionId: string): Promise<IssuedSession | null> {
  const impersonation = await liveSession(ctx.db, impersonationSessionId);
  if (!impersonation?.impersonator_session_id) throw forbidden();
  await revokeSession(ctx, impersonationSessionId, 'impersonation ended');
  const adminSessionId = impersonation.impersonator_session_id;
  const admin = await liveSession(ctx.db, adminSessionId);
  return admin ? issueFor(ctx, adminSessionId, admin) : null;
}

/** The administrator ends, from their own session, the impersonations of one user they started from it. */
export async function endImpersonationsOf(ctx: AppContext, adminSessionId: string, impersonatedId: string) {
  const rows = await ctx.db.query<{ id: string }>(
    `select id from sessions where impersonator_session_id = $1 and user_id = $2 and revoked_at is null`,
    [adminSessionId, impersonatedId],
  );
  for (const row of rows) await revokeSession(ctx, row.id, 'impersonation ended');
}
