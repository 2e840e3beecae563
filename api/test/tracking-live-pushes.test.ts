/**
 * Live pushes of tracking: positions throttled per tenant (each device's newest, at most one message
 * a second per tenant), notifications at once, and a failing socket never throwing into ingest.
 */
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TrackingLivePosition, TrackingNotification } from '@meridian/shared/contract/tracking-live';
import { createLivePushes, type LiveRealtime } from '../src/tracking/processing/live-pushes';

interface Sent {
  at: number;
  tenantId: string;
  event: string;
  payload: unknown;
}

function fakeRealtime(fail: 'no' | 'reject' | 'throw' = 'no') {
  const sent: Sent[] = [];
  const realtime: LiveRealtime = {
    toTenantSubtree(tenantId, event, payload) {
      if (fail === 'throw') throw new Error('socket gone');
      sent.push({ at: Date.now(), tenantId, event, payload });
      return fail === 'reject' ? Promise.reject(new Error('redis down')) : Promise.resolve();
    },
  };
  return { realtime, sent };
}

const at = (deviceId: string, second: number): TrackingLivePosition => ({
  deviceId,
  latitude: -26.2 + second / 1e5,
  longitude: 28.04,
  speed: 20,
  course: 90,
  fixTime: new Date(Date.UTC(2026, 2, 2, 8, 0, second)).toISOString(),
  attributes: { ignition: true, motion: true },
});

describe('live tracking pushes', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  test('10,000 devices reporting every second reach a tenant as one message a second with each device’s newest position', () => {
    const { realtime, sent } = fakeRealtime();
    const live = createLivePushes({ realtime, log: () => undefined, intervalMs: 1000 });
    for (let second = 0; second < 5; second++) {
      for (let device = 0; device < 10_000; device++) live.position('tenant-a', at(`d${device}`, second));
      mock.timers.tick(1000);
    }
    live.close();
    assert.equal(sent.length, 5);
    assert.ok(sent.every((s) => s.event === 'tracking:positions' && s.tenantId === 'tenant-a'));
    const last = sent.at(-1)!.payload as TrackingLivePosition[];
    assert.equal(last.length, 10_000);
    assert.equal(last[0]!.fixTime, at('d0', 4).fixTime);
    for (let i = 1; i < sent.length; i++) assert.ok(sent[i]!.at - sent[i - 1]!.at >= 1000);
  });

  test('the first position after a quiet spell goes out at once; those within the second wait for the next message', () => {
    const { realtime, sent } = fakeRealtime();
    const live = createLivePushes({ realtime, log: () => undefined, intervalMs: 1000 });
    live.position('tenant-a', at('d1', 0));
    mock.timers.tick(0);
    assert.equal(sent.length, 1);
    live.position('tenant-a', at('d1', 1));
    live.position('tenant-a', at('d1', 2));
    mock.timers.tick(999);
    assert.equal(sent.length, 1);
    mock.timers.tick(1);
    assert.equal(sent.length, 2);
    assert.deepEqual(
      (sent[1]!.payload as TrackingLivePosition[]).map((p) => p.fixTime),
      [at('d1', 2).fixTime],
    );
    live.close();
  });

  test('a position that arrives late does not replace a newer one of the same device', () => {
    const { realtime, sent } = fakeRealtime();
    const live = createLivePushes({ realtime, log: () => undefined, intervalMs: 1000 });
    live.position('tenant-a', at('d1', 5));
    live.position('tenant-a', at('d1', 3));
    mock.timers.tick(0);
    assert.equal((sent[0]!.payload as TrackingLivePosition[])[0]!.fixTime, at('d1', 5).fixTime);
    live.close();
  });

  test('each tenant is throttled on its own', () => {
    const { realtime, sent } = fakeRealtime();
    const live = createLivePushes({ realtime, log: () => undefined, intervalMs: 1000 });
    live.position('tenant-a', at('a1', 0));
    live.position('tenant-b', at('b1', 0));
    mock.timers.tick(0);
    assert.deepEqual(sent.map((s) => s.tenantId).sort(), ['tenant-a', 'tenant-b']);
    live.close();
  });

  test('notifications go out at once', () => {
    const { realtime, sent } = fakeRealtime();
    const live = createLivePushes({ realtime, log: () => undefined, intervalMs: 1000 });
    const notification = {
      Id: 'n1',
      tenantId: 'tenant-a',
      itemType: 'geofenceEnter',
      message: 'Truck 12 entered Depot',
    } as TrackingNotification;
    live.notification(notification);
    assert.deepEqual(
      sent.map((s) => [s.event, s.payload]),
      [['tracking:notification', notification]],
    );
  });

  test('a push that fails is logged, never thrown', async () => {
    for (const fail of ['reject', 'throw'] as const) {
      const logged: string[] = [];
      const live = createLivePushes({ realtime: fakeRealtime(fail).realtime, log: (msg) => logged.push(msg), intervalMs: 1000 });
      live.position('tenant-a', at('d1', 0));
      assert.doesNotThrow(() => mock.timers.tick(0));
      assert.doesNotThrow(() => live.notification({ tenantId: 'tenant-a' } as TrackingNotification));
      // A rejected push is logged once it settles (setImmediate is not mocked).
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(logged.length, 2, `${fail}: ${logged.join(' | ')}`);
      assert.match(logged[0]!, /live tracking:positions push failed/);
      live.close();
    }
  });
});
