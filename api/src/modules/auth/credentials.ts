/** Password changes with history, and the sign-in throttle (per account and per client address). */
import { AUTH_LIMITS } from '@meridian/shared/constants';
import { MESSAGES, signInWaitMessage } from '@meridian/shared/messages';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import type { Queryable } from '../../db/database';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { fieldError, tooManyRequests } from '../../http/errors';
import { addressRefused, secondsToWait, type Throttle } from '../../http/throttle';

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
  await q.query(`insert into password_history (user_id, password_hash, changed_by_user_id, expired) values ($1, $2, $3, $4)`, [
    userId,
    hash,
    change.changedByUserId,
    change.expire,
  ]);
}

export const accountKey = (login: string) => login.trim().toLowerCase();

export interface LoginCandidate {
  id: string;
  tenant_id: string;
  password_hash: string | null;
  first_name: string;
  email_address: string;
}

/** The user a login names, typed as e-mail address or user name. */
export const findByLogin = (q: Queryable, key: string) =>
  q.one<LoginCandidate>(
    `select id, tenant_id, password_hash, first_name, email_address from users
     where (lower(email_address) = $1 or lower(user_name) = $1) and deleted_at is null`,
    [key],
  );

/**
 * Who a sign-in attempt counts against: the user, however the login was typed (e-mail address or
 * user name share one count), or the typed login when no user has it, so that unknown accounts
 * answer exactly like known ones.
 */
export const signInAccount = (key: string, userId: string | null) => (userId ? `sign-in:user:${userId}` : `sign-in:login:${key}`);
const signInAddress = (address: string) => `sign-in:address:${address}`;

/**
 * The wait after an account's n-th failure in a row: none before AUTH_LIMITS.maxFailedLogins, then
 * 1 s, 2 s, 4 s ... up to signInMaxDelayMs. Short at first, so an attacker cannot shut a user out for
 * long with a few requests; growing, so guessing stays far below ASVS's 100 attempts an hour.
 */
export const signInDelayMs = (failures: number) =>
  failures < AUTH_LIMITS.maxFailedLogins
    ? 0
    : Math.min(AUTH_LIMITS.signInMaxDelayMs, AUTH_LIMITS.signInFirstDelayMs * 2 ** (failures - AUTH_LIMITS.maxFailedLogins));

/**
 * Checked before the password, so a correct one is refused too while the account waits (otherwise
 * the wait would not slow guessing). An address past its limit is refused for every account
 * (password spraying: a few guesses at each of many accounts).
 */
export async function assertSignInAllowed(throttle: Throttle, addressLimit: number, account: string, address: string) {
  const fromAddress = await throttle.peek(signInAddress(address));
  if (fromAddress.count >= addressLimit) throw addressRefused(fromAddress.resetMs);
  const wait = await throttle.heldFor(account);
  if (wait > 0) throw tooManyRequests(signInWaitMessage(secondsToWait(wait)), secondsToWait(wait), ERROR_CODES.ACCOUNT_LOCKED);
}

/** Counts a failure; true when it put the account on hold (a lock-out, as the login report counts them). */
export async function recordSignInFailure(throttle: Throttle, account: string, address: string): Promise<boolean> {
  const [{ count }] = await Promise.all([
    throttle.hit(account, AUTH_LIMITS.failureWindowMs),
    throttle.hit(signInAddress(address), AUTH_LIMITS.addressWindowMs),
  ]);
  const delay = signInDelayMs(count);
  if (delay > 0) await throttle.hold(account, delay);
  return delay > 0;
}

/** A successful sign-in (or password reset) forgets the account's failures; the address's count stays. */
export const clearSignInFailures = (throttle: Throttle, account: string) => throttle.clear(account);
