/**
 * A throttled store for live positions (vehicles, devices, field agents on a live map).
 *
 * Positions can arrive many times a second; redrawing a map for each one costs more than it shows.
 * As Traccar's web client does above a few updates a second, updates are merged per item (the newest
 * position wins, by the position's own time, so one that arrives late never moves a marker back) and
 * handed to subscribers at a steady rate, all changed items in one batch. Pure TypeScript: no map, no
 * React, so it is tested with fake timers and used by any remote.
 */

export interface LivePosition {
  /** The item the position belongs to (a device, vehicle or agent id). */
  id: string;
  lat: number;
  lng: number;
  /** When the position was taken, in epoch milliseconds: decides which of two updates is newer. */
  time: number;
}

/** The items that changed since the last flush, each with its newest position. */
export type LivePositionsListener<P extends LivePosition> = (changed: ReadonlyMap<string, P>) => void;

export interface LivePositionsStore<P extends LivePosition> {
  /** Takes one update; an update older than what is already known for its item is dropped. */
  update(position: P): void;
  /** The newest known position of every item (flushed or not yet). */
  latest(): ReadonlyMap<string, P>;
  /** Called at most once per interval, and only when something changed; returns the unsubscribe. */
  subscribe(listener: LivePositionsListener<P>): () => void;
  /** Stops the timer and drops every listener (a live map that closes). */
  close(): void;
}

/** Four redraws a second: smooth enough to follow a vehicle, cheap enough for hundreds of them. */
export const LIVE_FLUSH_MS = 250;

export function createLivePositions<P extends LivePosition = LivePosition>(options: { flushMs?: number } = {}): LivePositionsStore<P> {
  const flushMs = options.flushMs ?? LIVE_FLUSH_MS;
  const known = new Map<string, P>();
  let pending = new Map<string, P>();
  const listeners = new Set<LivePositionsListener<P>>();
  let timer: ReturnType<typeof setInterval> | null = null;

  const flush = () => {
    if (pending.size === 0) return;
    const changed = pending;
    pending = new Map();
    for (const listener of [...listeners]) listener(changed);
  };
  // The timer runs only while someone listens, so an unused store keeps no process or page busy.
  const startTimer = () => {
    timer ??= setInterval(flush, flushMs);
  };
  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  return {
    update(position) {
      const current = known.get(position.id);
      if (current && current.time > position.time) return;
      known.set(position.id, position);
      pending.set(position.id, position);
    },
    latest: () => known,
    subscribe(listener) {
      listeners.add(listener);
      startTimer();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopTimer();
      };
    },
    close() {
      listeners.clear();
      stopTimer();
      pending = new Map();
    },
  };
}
