import { STATUS_POLLING } from '@meridian/shared/constants';
import { nextCheckDelay, startPolling } from './status-polling';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('nextCheckDelay: the status polling schedule of spec sections 4 and 9', () => {
  it('waits 5 minutes before the first check', () => {
    expect(nextCheckDelay(0, true)).toBe(5 * MINUTE);
  });

  it('checks every 30 seconds normally', () => {
    expect(nextCheckDelay(0, false)).toBe(30 * SECOND);
  });

  it('keeps 30 seconds up to and including 5 failures in a row', () => {
    for (const failures of [1, 2, 3, 4, 5]) expect(nextCheckDelay(failures, false)).toBe(30 * SECOND);
  });

  it('backs off to 15 minutes after more than 5 failures in a row', () => {
    expect(nextCheckDelay(6, false)).toBe(15 * MINUTE);
    expect(nextCheckDelay(50, false)).toBe(15 * MINUTE);
  });

  it('uses the shared constants', () => {
    expect(nextCheckDelay(0, false)).toBe(STATUS_POLLING.intervalMs);
    expect(nextCheckDelay(0, true)).toBe(STATUS_POLLING.initialMs);
    expect(nextCheckDelay(STATUS_POLLING.failuresBeforeBackoff + 1, false)).toBe(STATUS_POLLING.afterFailuresMs);
  });
});

describe('startPolling', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Lets the check's promise chain settle under fake timers. */
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };

  it('runs the first check after the initial delay, then every 30 s while checks succeed', async () => {
    const check = jest.fn(async () => true);
    const poller = startPolling(check);

    await jest.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(check).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(30 * SECOND);
    expect(check).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(30 * SECOND);
    expect(check).toHaveBeenCalledTimes(3);
    poller.stop();
  });

  it('slows to 15 minutes after the sixth failure in a row, and returns to 30 s after a success', async () => {
    let succeed = false;
    const check = jest.fn(async () => succeed);
    const poller = startPolling(check, { runImmediately: true });
    await settle();
    expect(check).toHaveBeenCalledTimes(1);

    // Failures 2 to 6 come 30 s apart; after the 6th the next waits 15 minutes.
    for (let n = 2; n <= 6; n += 1) {
      await jest.advanceTimersByTimeAsync(30 * SECOND);
      expect(check).toHaveBeenCalledTimes(n);
    }
    expect(poller.consecutiveFailures).toBe(6);
    await jest.advanceTimersByTimeAsync(15 * MINUTE - 1);
    expect(check).toHaveBeenCalledTimes(6);
    succeed = true;
    await jest.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(7);
    expect(poller.consecutiveFailures).toBe(0);
    await jest.advanceTimersByTimeAsync(30 * SECOND);
    expect(check).toHaveBeenCalledTimes(8);
    poller.stop();
  });

  it('counts a check that throws as a failure', async () => {
    const poller = startPolling(
      async () => {
        throw new Error('boom');
      },
      { runImmediately: true },
    );
    await settle();
    expect(poller.consecutiveFailures).toBe(1);
    poller.stop();
  });

  it('checkNow runs at once, abandons the check under way and restarts the schedule', async () => {
    const signals: AbortSignal[] = [];
    const check = jest.fn((signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<boolean>(() => {}); // never settles by itself
    });
    const poller = startPolling(check, { runImmediately: true });
    poller.checkNow();
    expect(check).toHaveBeenCalledTimes(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    poller.stop();
    expect(signals[1]!.aborted).toBe(true);
  });

  it('stop ends the schedule for good', async () => {
    const check = jest.fn(async () => true);
    const poller = startPolling(check);
    poller.stop();
    await jest.advanceTimersByTimeAsync(60 * MINUTE);
    expect(check).not.toHaveBeenCalled();
    poller.checkNow();
    expect(check).not.toHaveBeenCalled();
  });
});
