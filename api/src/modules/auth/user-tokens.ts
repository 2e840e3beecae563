/** Single-use, expiring tokens mailed to users (password reset, account verification). Only hashes are stored. */
import { AUTH_LIMITS } from '@meridian/shared/constants';
import type { Queryable } from '../../db/database';
import type { AppContext } from '../../context';
import { randomToken, tokenHash } from '../../auth/passwords';

export type UserTokenPurpose = 'reset' | 'verify';

const TTL_MS: Record<UserTokenPurpose, number> = { reset: AUTH_LIMITS.resetTokenTtlMs, verify: AUTH_LIMITS.verifyTokenTtlMs };

export async function issueUserToken(q: Queryable, userId: string, purpose: UserTokenPurpose) {
  const token = randomToken();
  // A new token replaces any earlier unused one of the same purpose.
  await q.query(`update user_tokens set used_at = now() where user_id = $1 and purpose = $2 and used_at is null`, [userId, purpose]);
  await q.query(
    `insert into user_tokens (token_hash, user_id, purpose, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [tokenHash(token), userId, purpose, TTL_MS[purpose] / 1000],
  );
  return token;
}

/** Marks the token used and answers its user, or null when it is unknown, used or expired. */
export async function consumeUserToken(q: Queryable, token: string, purpose: UserTokenPurpose): Promise<string | null> {
  const row = await q.one<{ user_id: string }>(
    `update user_tokens set used_at = now() where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now() returning user_id`,
    [tokenHash(token), purpose],
  );
  return row?.user_id ?? null;
}

export async function mailVerificationLink(ctx: AppContext, q: Queryable, user: { id: string; email: string; firstName: string }) {
  const token = await issueUserToken(q, user.id, 'verify');
  await ctx.mailer.enqueue(q, {
    to: user.email,
    kind: 'verify',
    subject: 'Verify your Meridian account',
    text: `Hello ${user.firstName},\n\nConfirm your e-mail address by opening this link:\n${ctx.config.publicUrl}/account/verification/${user.id}/${token}\n\nThe link works once and expires in 7 days.`,
  });
}

export async function mailResetLink(ctx: AppContext, q: Queryable, user: { id: string; email: string; firstName: string }) {
  const token = await issueUserToken(q, user.id, 'reset');
  await ctx.mailer.enqueue(q, {
    to: user.email,
    kind: 'reset',
    subject: 'Reset your Meridian password',
    text: `Hello ${user.firstName},\n\nChoose a new password by opening this link:\n${ctx.config.publicUrl}/reset-password/${token}\n\nThe link works once and expires in 30 minutes. If you did not ask for this, ignore this e-mail.`,
  });
}
