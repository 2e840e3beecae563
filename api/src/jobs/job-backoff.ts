/**
 * The wait before a failed job's next attempt: exponential in the attempts made, capped, with "equal
 * jitter" (half the wait fixed, half random) so jobs that failed together do not all come back together.
 */
export interface BackoffPolicy {
  /** The wait after the first failure, before jitter. */
  baseMs: number;
  /** No wait is longer. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 30_000, capMs: 60 * 60_000 };

/** After `attempts` failed attempts (1 or more); `random` in [0, 1). */
export function retryDelayMs(attempts: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}
