/**
 * Counters and waits for the throttles (sign-in, password-reset requests, credential guessing).
 * With REDIS_URL they live in Redis, so every API process behind a load balancer sees one count;
 * without it (the embedded default, one process) they live in this process's memory.
 *
 * Keys name client addresses and typed logins, so the store keeps only a hash of each key.
 */
import crypto from 'node:crypto';
import type { createClient as CreateRedisClient } from 'redis';
import { MESSAGES, tooManyAttemptsMessage } from '@meridian/shared/messages';
import { serviceUnavailable, tooManyRequests } from './errors';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again (0 when there is no count). */
  resetMs: number;
}

export interface Throttle {
  /** Counts one more event on `key`. The window is fixed: it ends `windowMs` after the key's first event. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's count in its current window, without adding to it. */
  peek(key: string): Promise<WindowCount>;
  /** Makes `key` wait `ms` from now (a later call replaces the wait). */
  hold(key: string, ms: number): Promise<void>;
  /** Milliseconds `key` must still wait; 0 when it need not. */
  heldFor(key: string): Promise<number>;
  /** Forgets the key's count and wait. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface ThrottleOptions {
  /** Keeps this deployment's keys apart from anything else in the same Redis. */
  keyPrefix: string;
  log: (msg: string) => void;
}

const hashed = (key: string) => crypto.createHash('sha256').update(key).digest('base64url').slice(0, 32);

export async function createThrottle(redisUrl: string | null, options: ThrottleOptions): Promise<Throttle> {
  return redisUrl ? createRedisThrottle(redisUrl, options) : createMemoryThrottle();
}

/**
 * Enough for every address and account under attack at once on one machine; past it, expired entries
 * are swept, and if none are, the oldest go first (a count lost that way errs towards letting a
 * legitimate user in, never towards locking one out).
 */
const MEMORY_MAX_ENTRIES = 100_000;

export function createMemoryThrottle(now: () => number = Date.now): Throttle {
  const counts = new Map<string, { count: number; endsAt: number }>();
  const holds = new Map<string, number>();

  function bound<V>(map: Map<string, V>, endOf: (value: V) => number) {
    if (map.size < MEMORY_MAX_ENTRIES) return;
    const t = now();
    for (const [key, value] of map) if (endOf(value) <= t) map.delete(key);
    for (const key of map.keys()) {
      if (map.size < MEMORY_MAX_ENTRIES) break;
      map.delete(key);
    }
  }
  const liveCount = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.endsAt <= now()) counts.delete(key);
    return entry && entry.endsAt > now() ? entry : null;
  };

  return {
    async hit(key, windowMs) {
      const entry = liveCount(key);
      if (entry) {
        entry.count += 1;
        return { count: entry.count, resetMs: entry.endsAt - now() };
      }
      bound(counts, (e) => e.endsAt);
      counts.set(key, { count: 1, endsAt: now() + windowMs });
      return { count: 1, resetMs: windowMs };
    },
    async peek(key) {
      const entry = liveCount(key);
      return entry ? { count: entry.count, resetMs: entry.endsAt - now() } : { count: 0, resetMs: 0 };
    },
    async hold(key, ms) {
      bound(holds, (until) => until);
      holds.delete(key);
      holds.set(key, now() + ms);
    },
    async heldFor(key) {
      const until = holds.get(key);
      if (until === undefined) return 0;
      if (until <= now()) holds.delete(key);
      return Math.max(0, until - now());
    },
    async clear(key) {
      counts.delete(key);
      holds.delete(key);
    },
    async close() {
      counts.clear();
      holds.clear();
    },
  };
}

/** A start with a wrong or dead REDIS_URL stops with a message instead of waiting for ever. */
const CONNECT_TIMEOUT_MS = 5000;

async function connectWithin(client: ReturnType<typeof CreateRedisClient>, ms: number) {
  const connecting = client.connect();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`throttle: Redis (REDIS_URL) did not answer within ${ms / 1000} s`)), ms);
  });
  try {
    await Promise.race([connecting, late]);
  } catch (error) {
    connecting.catch(() => undefined);
    client.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function createRedisThrottle(redisUrl: string, { keyPrefix, log }: ThrottleOptions): Promise<Throttle> {
  // Without the offline queue a command fails at once while Redis is away, instead of hanging the
  // request: the caller answers 503 rather than letting throttled attempts through unchecked.
  // The Redis client is loaded only where REDIS_URL is set: an embedded start does without it.
  const { createClient } = await import('redis');
  const client = createClient({ url: redisUrl, disableOfflineQueue: true });
  // The client reconnects by itself; say once that Redis went away and once that it is back.
  let reachable = true;
  client.on('error', (error: Error) => {
    if (reachable) log(`throttle: Redis unreachable, throttled calls fail until it is back (${error.message})`);
    reachable = false;
  });
  client.on('ready', () => {
    if (!reachable) log('throttle: Redis reachable again');
    reachable = true;
  });
  await connectWithin(client, CONNECT_TIMEOUT_MS);
  const countKey = (key: string) => `${keyPrefix}n:${hashed(key)}`;
  const holdKey = (key: string) => `${keyPrefix}h:${hashed(key)}`;
  const remaining = (pttl: unknown) => Math.max(0, Number(pttl));

  /** A Redis failure is the service being briefly unavailable (503), not a server bug, and says so. */
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch {
      throw serviceUnavailable(MESSAGES.throttleUnavailable);
    }
  };

  const throttle: Throttle = {
    async hit(key, windowMs) {
      const name = countKey(key);
      // SET NX starts the window with its expiry; INCR keeps that expiry; all three in one transaction.
      const [, count, pttl] = await client
        .multi()
        .set(name, '0', { condition: 'NX', expiration: { type: 'PX', value: windowMs } })
        .incr(name)
        .pTTL(name)
        .exec();
      return { count: Number(count), resetMs: remaining(pttl) };
    },
    async peek(key) {
      const name = countKey(key);
      const [count, pttl] = await client.multi().get(name).pTTL(name).exec();
      return count === null ? { count: 0, resetMs: 0 } : { count: Number(count), resetMs: remaining(pttl) };
    },
    async hold(key, ms) {
      await client.set(holdKey(key), '1', { expiration: { type: 'PX', value: Math.max(1, Math.ceil(ms)) } });
    },
    async heldFor(key) {
      return remaining(await client.pTTL(holdKey(key)));
    },
    async clear(key) {
      await client.del([countKey(key), holdKey(key)]);
    },
    async close() {
      await client.close().catch(() => undefined);
    },
  };
  return {
    hit: (key, windowMs) => guarded(() => throttle.hit(key, windowMs)),
    peek: (key) => guarded(() => throttle.peek(key)),
    hold: (key, ms) => guarded(() => throttle.hold(key, ms)),
    heldFor: (key) => guarded(() => throttle.heldFor(key)),
    clear: (key) => guarded(() => throttle.clear(key)),
    close: () => throttle.close(),
  };
}

/** Whole seconds to wait, never 0: Retry-After: 0 would invite the client to retry at once. */
export const secondsToWait = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** 429 RATE_LIMITED with when to retry, for a client address past one of its limits. */
export const addressRefused = (resetMs: number) => tooManyRequests(tooManyAttemptsMessage(secondsToWait(resetMs)), secondsToWait(resetMs));
