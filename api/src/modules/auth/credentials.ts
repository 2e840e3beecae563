/** Password changes with history, and the per-account sign-in throttle. */
import { AUTH_LIMITS } from '@meridian/shared/constants';
import { MESSAGES, retryLaterMessage } from '@meridian/shared/messages';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import type { Queryable } from '../../db/database';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { fieldError, tooManyRequests } from '../../http/errors';

export interface PasswordChange {
  changedByUserId: string | null;
  /** The new password is already expired: the user must choose another at next sign-in. */
  expire: boolean;
}

/** Refuses any of the last few passwords, then stores the new hash and records it in the history. */
export async function setPassword(q: Queryable, userId: string, password: string, change: PasswordChange) {
  const recent = await q.query<{ password_hash: string }>(
    `select password_hash from password_history where user_id = $1 order by date_created desc limit $2`,
    [userId, AUTH_LIMITS.passwordHistoryDepth],
  );
  for (const { password_hash } of recent) {
    if (await verifyPassword(password_hash, password)) throw fieldError('password', MESSAGES.passwordReused);
  }
  const hash = await hashPassword(password);
  await q.query(
    `update users set password_hash = $2, password_changed_at = now(), must_change_password = $3,
       password_expires_at = case when $3 then now() else null end, date_modified = now() where id = $1`,
    [userId, hash, change.expire],
  );
  await q.query(
    `insert into password_history (user_id, password_hash, changed_by_user_id, expired) values ($1, $2, $3, $4)`,
    [userId, hash, change.changedByUserId, change.expire],
  );
}

export const accountKey = (login: string) => login.trim().toLowerCase();

/** A locked account answers 429 with when to retry, whether or not the account exists. */
export async function assertNotLocked(q: Queryable, key: string) {
  const row = await q.one<{ retry_after: number }>(
    `select ceil(extract(epoch from locked_until - now()))::int as retry_after from login_throttle
     where account_key = $1 and locked_until > now()`,
    [key],
  );
  if (row) throw tooManyRequests(retryLaterMessage(row.retry_after), row.retry_after, ERROR_CODES.ACCOUNT_LOCKED);
}

export async function recordFailedLogin(q: Queryable, key: string) {
  await q.query(
    `insert into login_throttle as lt (account_key, failures, window_started_at) values ($1, 1, now())
     on conflict (account_key) do update set
       failures = case when lt.window_started_at < now() - make_interval(secs => $2) then 1 else lt.failures + 1 end,
       window_started_at = case when lt.window_started_at < now() - make_interval(secs => $2) then now() else lt.window_started_at end`,
    [key, AUTH_LIMITS.failureWindowMs / 1000],
  );
  await q.query(
    `update login_throttle set locked_until = now() + make_interval(secs => $3), failures = 0, window_started_at = now()
     where account_key = $1 and failures >= $2`,
    [key, AUTH_LIMITS.maxFailedLogins, AUTH_LIMITS.lockMs / 1000],
  );
}

export const clearFailedLogins = (q: Queryable, key: string) => q.query(`delete from login_throttle where account_key = $1`, [key]);
