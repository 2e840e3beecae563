/** Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane). */
import { hash, verify } from '@node-rs/argon2';
import crypto from 'node:crypto';

/** 2 is Argon2id in @node-rs/argon2's Algorithm enum (a const enum, not importable under isolatedModules). */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Verify against a real hash even when there is none, so an unknown account costs the same time.
  const target = passwordHash ?? (await dummyHash);
  try {
    const matches = await verify(target, password);
    return matches && passwordHash !== null;
  } catch {
    return false;
  }
}

const dummyHash = hash(crypto.randomBytes(16).toString('hex'), OPTIONS);

/** A readable temporary password that satisfies the password rules. */
export function temporaryPassword(): string {
  const body = crypto.randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  return `Tmp-${body}7a`;
}

/** Random single-use secrets (refresh, reset, verify tokens) and the hash we store instead of them. */
export const randomToken = () => crypto.randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
