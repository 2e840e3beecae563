/**
 * A short-lived cache of loaded principals, keyed by session and acting tenant, so a burst of
 * requests from one session costs one identity lookup instead of one each. Anything that changes
 * who may do what (sign-out, revocation, user, role or tenant edits) clears it at once in this
 * process, and in every other API process through the realtime adapter (Redis) when configured;
 * without Redis, another process may serve a stale entry for at most the TTL.
 */
import type { Principal } from './principal';

interface Entry {
  principal: Principal;
  scopeTenant: { id: string; path: string } | null;
  expiresAt: number;
}

export interface PrincipalCache {
  get(sessionId: string, tenantHeader: string | null): Omit<Entry, 'expiresAt'> | null;
  set(sessionId: string, tenantHeader: string | null, value: Omit<Entry, 'expiresAt'>): void;
  /**
   * The cached entry, else `loader`'s, cached. Concurrent callers of one key share one load, so an
   * entry expiring under load costs one lookup, not one per waiting request.
   */
  load(sessionId: string, tenantHeader: string | null, loader: () => Promise<Omit<Entry, 'expiresAt'>>): Promise<Omit<Entry, 'expiresAt'>>;
  /** Clears every entry here and asks other processes to do the same. */
  invalidate(): void;
  /** Clears every entry here only (called when another process broadcasts). */
  clearLocal(): void;
  onBroadcast(send: () => void): void;
}

const MAX_ENTRIES = 10_000;

export function createPrincipalCache(ttlMs: number): PrincipalCache {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Omit<Entry, 'expiresAt'>>>();
  // Bumped by every invalidation, so that a load begun before it never stores what it read.
  let generation = 0;
  let broadcast: () => void = () => undefined;
  const key = (sessionId: string, tenantHeader: string | null) => `${sessionId}|${tenantHeader ?? ''}`;
  const clear = () => {
    generation++;
    entries.clear();
    loading.clear();
  };
  const cache: PrincipalCache = {
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
    async load(sessionId, tenantHeader, loader) {
      const cached = cache.get(sessionId, tenantHeader);
      if (cached) return cached;
      const k = key(sessionId, tenantHeader);
      const pending = loading.get(k);
      if (pending) return pending;
      const started = generation;
      const load = loader().then(
        (value) => {
          if (loading.get(k) === load) loading.delete(k);
          if (generation === started) cache.set(sessionId, tenantHeader, value);
          return value;
        },
        (error: unknown) => {
          if (loading.get(k) === load) loading.delete(k);
          throw error;
        },
      );
      loading.set(k, load);
      return load;
    },
    invalidate() {
      clear();
      broadcast();
    },
    clearLocal: clear,
    onBroadcast(send) {
      broadcast = send;
    },
  };
  return cache;
}
