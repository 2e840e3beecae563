/**
 * The polling schedule of the top bar's status checks (platform spec sections 4 and 9): the first
 * check waits 5 minutes, then one every 30 s, and every 15 minutes once more than 5 checks in a row
 * have failed. A success returns to 30 s. The connectivity check and the agent indicator share it.
 */
import { STATUS_POLLING } from '@meridian/shared/constants';

/**
 * Milliseconds to wait before the next check. Pure, so the schedule is tested without timers.
 * `isFirst` wins over the failure count: nothing has failed before the first check.
 */
export function nextCheckDelay(consecutiveFailures: number, isFirst: boolean): number {
  if (isFirst) return STATUS_POLLING.initialMs;
  if (consecutiveFailures > STATUS_POLLING.failuresBeforeBackoff) return STATUS_POLLING.afterFailuresMs;
  return STATUS_POLLING.intervalMs;
}

/** One status check: resolves true when it succeeded, false when it failed (it never throws). */
export type StatusCheck = (signal: AbortSignal) => Promise<boolean>;

export interface PollingOptions {
  /** Check at once instead of waiting for the initial delay (used where no status is known before the first answer). */
  runImmediately?: boolean;
  /** The schedule; the spec's by default. */
  delay?: (consecutiveFailures: number, isFirst: boolean) => number;
}

export interface Poller {
  /** Checks now (a browser event, say): a check under way is abandoned and the schedule restarts after this one. */
  checkNow(): void;
  /** Stops for good: no further timer, and a check under way is aborted and its outcome ignored. */
  stop(): void;
  /** Failed checks in a row so far (for tests and diagnostics). */
  readonly consecutiveFailures: number;
}

export function startPolling(check: StatusCheck, { runImmediately = false, delay = nextCheckDelay }: PollingOptions = {}): Poller {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: AbortController | null = null;
  let stopped = false;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const schedule = (ms: number) => {
    clearTimer();
    if (!stopped) timer = setTimeout(run, ms);
  };

  function run() {
    if (stopped) return;
    clearTimer();
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    let outcome: Promise<boolean>;
    try {
      outcome = check(controller.signal);
    } catch {
      outcome = Promise.resolve(false);
    }
    void outcome
      .catch(() => false)
      .then((succeeded) => {
        // A newer check (or stop) superseded this one: its outcome no longer counts.
        if (stopped || inFlight !== controller) return;
        inFlight = null;
        failures = succeeded ? 0 : failures + 1;
        schedule(delay(failures, false));
      });
  }

  if (runImmediately) run();
  else schedule(delay(0, true));

  return {
    checkNow: run,
    stop() {
      stopped = true;
      clearTimer();
      inFlight?.abort();
      inFlight = null;
    },
    get consecutiveFailures() {
      return failures;
    },
  };
}
