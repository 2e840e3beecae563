/** API keys: minting, the hash that is stored instead of them, and the record of their use. */
import crypto from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_PREFIX_LENGTH } from '@meridian/shared/contract/api-user';
import type { Queryable } from '../../db/database';
import type { ApiKeyCaller } from '../../auth/principal';
import { randomToken, tokenHash } from '../../auth/passwords';

/** A new key with 256 random bits; the prefix only helps people tell keys apart. */
export function mintApiKey() {
  const prefix = crypto.randomBytes(API_KEY_PREFIX_LENGTH / 2).toString('hex');
  const key = `mk_${prefix}_${randomToken()}`;
  return { key, prefix, hash: tokenHash(key) };
}

/** The stored hash of a well-formed key, or null for anything else, which then costs no lookup. */
export const apiKeyHash = (credential: string) => (API_KEY_PATTERN.test(credential) ? tokenHash(credential) : null);

const USE_RECORD_INTERVAL_MS = 60_000;

/**
 * lastUsedAt tells administrators whether a key is still in use; minute precision is plenty, so it
 * is written at most once a minute per key instead of on every call (the SQL condition keeps it so
 * across API processes too).
 */
export async function recordApiKeyUse(q: Queryable, apiKey: ApiKeyCaller) {
  if (apiKey.lastUsedAt !== null && Date.now() - apiKey.lastUsedAt < USE_RECORD_INTERVAL_MS) return;
  await q.query(
    `update api_users set last_used_at = now() where id = $1 and (last_used_at is null or last_used_at < now() - make_interval(secs => $2))`,
    [apiKey.id, USE_RECORD_INTERVAL_MS / 1000],
  );
}
