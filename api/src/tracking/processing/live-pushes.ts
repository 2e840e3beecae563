/**
 * Live pushes over the socket once a batch has committed. Positions are throttled per tenant: each
 * device's newest position is kept and a tenant's devices go out together at most once per interval,
 * so a live map of 10,000 devices reporting every second gets about one message a second, not
 * 10,000. The first position after a quiet interval goes out at once. Notifications go out at once.
 * A failed push is logged, never thrown: what it was about is stored already.
 */
import type { TrackingLivePosition, TrackingNotification } from '@meridian/shared/contract/tracking-live';
import type { Realtime } from '../../realtime/realtime';

export type LiveRealtime = Pick<Realtime, 'toTenantSubtree'> & Partial<Pick<Realtime, 'toUser'>>;

interface TenantQueue {
  pending: Map<string, TrackingLivePosition>;
  lastSentAt: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface LivePushes {
  position(tenantId: string, position: TrackingLivePosition): void;
  /** To the tenants above the device, or to the named users alone (an event action's notification). */
  notification(notification: TrackingNotification, userIds?: readonly string[]): void;
  /** Sends what is waiting and stops the timers (shutdown). */
  flush(): void;
  close(): void;
}

export function createLivePushes({
  realtime,
  log,
  intervalMs,
}: {
  realtime: LiveRealtime | null;
  log: (msg: string) => void;
  intervalMs: number;
}): LivePushes {
  const tenants = new Map<string, TenantQueue>();

  const failed = (what: string) => (error: unknown) =>
    log(`tracking: live ${what} push failed: ${(error as Error)?.message ?? String(error)}`);

  function send<E extends 'tracking:positions' | 'tracking:notification'>(
    tenantId: string,
    event: E,
    payload: E extends 'tracking:positions' ? TrackingLivePosition[] : TrackingNotification,
  ) {
    if (!realtime) return;
    try {
      void realtime.toTenantSubtree(tenantId, event, payload as never).catch(failed(event));
    } catch (error) {
      failed(event)(error);
    }
  }

  function sendPositions(tenantId: string, queue: TenantQueue) {
    queue.timer = null;
    if (queue.pending.size === 0) {
      // Nothing came in for a whole interval: the tenant's queue is dropped until the next position.
      tenants.delete(tenantId);
      return;
    }
    const positions = [...queue.pending.values()];
    queue.pending = new Map();
    queue.lastSentAt = Date.now();
    send(tenantId, 'tracking:positions', positions);
    // Waits out the interval: what arrives meanwhile goes in the next message.
    queue.timer = setTimeout(() => sendPositions(tenantId, queue), intervalMs);
    queue.timer.unref?.();
  }

  return {
    position(tenantId, position) {
      let queue = tenants.get(tenantId);
      if (!queue) tenants.set(tenantId, (queue = { pending: new Map(), lastSentAt: -Infinity, timer: null }));
      const known = queue.pending.get(position.deviceId);
      // A position that arrives late never replaces a newer one of the same device.
      if (!known || known.fixTime <= position.fixTime) queue.pending.set(position.deviceId, position);
      if (queue.timer === null) {
        const target = queue;
        queue.timer = setTimeout(() => sendPositions(tenantId, target), Math.max(0, queue.lastSentAt + intervalMs - Date.now()));
        queue.timer.unref?.();
      }
    },
    notification(notification, userIds = []) {
      if (userIds.length === 0) return send(notification.tenantId, 'tracking:notification', notification);
      for (const userId of userIds) {
        try {
          realtime?.toUser?.(userId, 'tracking:notification', notification);
        } catch (error) {
          failed('tracking:notification')(error);
        }
      }
    },
    flush() {
      for (const [tenantId, queue] of tenants) {
        if (queue.timer) clearTimeout(queue.timer);
        queue.timer = null;
        if (queue.pending.size > 0) send(tenantId, 'tracking:positions', [...queue.pending.values()]);
      }
      tenants.clear();
    },
    close() {
      for (const queue of tenants.values()) if (queue.timer) clearTimeout(queue.timer);
      tenants.clear();
    },
  };
}
