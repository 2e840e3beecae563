/**
 * A short-lived cache of loaded principals, keyed by session and acting tenant, so a burst of
 * requests from one session costs one identity lookup instead of one each. Anything that changes
 * who may do what (sign-out, revocation, user, role or tenant edits) clears it at once in this
 * process, and in every other API process through the realtime adapter (Redis) when configured;
 * without Redis, another process may serve a stale entry for at most the TTL.
 */
import type { Principal } from './principal';

interface Entry { principal: Principal; scopeTenant: { id: string; path: string } | null; expiresAt: number }

export interface PrincipalCache {
  get(sessionId: string, tenantHeader: string | null): Omit<Entry, 'expiresAt'> | null;
  set(sessionId: string, tenantHeader: string | null, value: Omit<Entry, 'expiresAt'>): void;
  /** Clears every entry here and asks other processes to do the same. */
  invalidate(): void;
  /** Clears every entry here only (called when another process broadcasts). */
  clearLocal(): void;
  onBroadcast(send: () => void): void;
}

const MAX_ENTRIES = 10_000;

export function createPrincipalCache(ttlMs: number): PrincipalCache {
  const entries = new Map<string, Entry>();
  let broadcast: () => void = () => undefined;
  const key = (sessionId: string, tenantHeader: string | null) => `${sessionId}|${tenantHeader ?? ''}`;
  return {
    get(sessionId, tenantHeader) {
      const entry = entries.get(key(sessionId, tenantHeader));
      if (!entry) return null;
      if (entry.expiresAt < Date.now()) {
        entries.delete(key(sessionId, tenantHeader));
        return null;
      }
      return entry;
    },
    set(sessionId, tenantHeader, value) {
      if (ttlMs <= 0) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key(sessionId, tenantHeader), { ...value, expiresAt: Date.now() + ttlMs });
    },
    invalidate() {
      entries.clear();
      broadcast();
    },
    clearLocal: () => entries.clear(),
    onBroadcast(send) {
      broadcast = send;
    },
  };
}
