/** Access tokens: HS256 JWTs whose own exp sets their expiry. */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { AccessTokenClaims } from '@meridian/shared/contract/auth';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';
import type { Database } from '../db/database';
import { unauthenticated } from '../http/errors';

export interface TokenService {
  sign(claims: { sub: string; sid: string; act?: { sub: string } }): Promise<{ token: string; expiresAt: Date }>;
  verify(token: string): Promise<AccessTokenClaims>;
}

/**
 * The signing secret comes from JWT_SECRET, or is generated once and kept in the database so that
 * every API process on the same database (and every restart) signs with the same key.
 */
async function resolveSecret(db: Database, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = crypto.randomBytes(48).toString('base64url');
  await db.query(`insert into system_settings (key, value) values ('jwt_secret', $1) on conflict (key) do nothing`, [generated]);
  const row = await db.one<{ value: string }>(`select value from system_settings where key = 'jwt_secret'`);
  return new TextEncoder().encode(row!.value);
}

const VERIFIED_CACHE_SIZE = 10_000;

export async function createTokenService(db: Database, configuredSecret: string | null, ttlSeconds: number): Promise<TokenService> {
  const secret = await resolveSecret(db, configuredSecret);
  // A signature that verified once verifies forever; only expiry changes. Revocation is not a
  // property of the token but of its session, which the guard checks on every request.
  const verified = new Map<string, AccessTokenClaims>();
  return {
    async sign({ sub, sid, act }) {
      const now = Math.floor(Date.now() / 1000);
      // exp counts whole seconds: rounded up, a token lives at least its time to live (rounded down,
      // one signed late in a second lived up to a second less: with a 1 s life, a few milliseconds).
      const exp = Math.ceil(Date.now() / 1000 + ttlSeconds);
      const jwt = new SignJWT({ sid, ...(act ? { act } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime(exp);
      return { token: await jwt.sign(secret), expiresAt: new Date(exp * 1000) };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
        throw unauthenticated(MESSAGES.tokenExpired, ERROR_CODES.TOKEN_EXPIRED);
      }
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw unauthenticated();
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
        verified.set(token, payload as unknown as AccessTokenClaims);
        return payload as unknown as AccessTokenClaims;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthenticated(MESSAGES.tokenExpired, ERROR_CODES.TOKEN_EXPIRED);
        throw unauthenticated();
      }
    },
  };
}
