/**
 * The guessing throttle: unknown credentials presented from one client address (API keys, password
 * reset and verification tokens, refresh tokens) are counted, and past the limit the address is
 * refused with 429 until its window ends. Genuine clients present a stale token now and then; only
 * a guesser presents many. Callers elsewhere are not affected.
 */
import { AUTH_LIMITS } from '@meridian/shared/constants';
import type { AppContext } from '../context';
import { addressRefused } from '../http/throttle';
import { tokenHash } from './passwords';

const addressKey = (address: string) => `guess:address:${address}`;

/** Refuses an address that has presented too many unknown credentials, before the one it presents now is looked up. */
export async function assertNotGuessing(ctx: AppContext, address: string) {
  const { count, resetMs } = await ctx.throttle.peek(addressKey(address));
  if (count >= ctx.config.addressLimits.invalidTokens) throw addressRefused(resetMs);
}

export async function recordUnknownCredential(ctx: AppContext, address: string) {
  await ctx.throttle.hit(addressKey(address), AUTH_LIMITS.addressWindowMs);
}

/**
 * For the refresh and biometric calls: refuses a guessing address, and counts a refresh token that
 * was never issued. A used or expired one is not counted: a genuine client presents those (a second
 * tab, a laptop back from a week away), and a used one is already answered by revoking its family.
 */
export async function screenRefreshToken(ctx: AppContext, address: string, presented: string) {
  await assertNotGuessing(ctx, address);
  const issued = await ctx.db.one(`select 1 from refresh_tokens where token_hash = $1`, [tokenHash(presented)]);
  if (!issued) await recordUnknownCredential(ctx, address);
}
