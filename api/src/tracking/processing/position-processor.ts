/**
 * Processing at ingest (issue 18 item 3): the writer hands each stored batch to `process` inside its
 * transaction, so a position is acknowledged only once its events, trips, stops, notifications and
 * the device's state are stored with it; `afterCommit` then pushes it live.
 *
 * A batch costs a constant number of statements whatever its size: at most one read of device states
 * not in memory, two reads of geofences not in memory (or stale), one read of event action rules not
 * in memory (or stale), one insert of events with their notifications, one of the rules' firings with
 * what they do, one of crashes, one of trips, one of stops, one write of the states.
 *
 * Derived attributes (distance, totalDistance, hours, motion) are not written back into the
 * position rows, as Traccar does before it inserts: here the writer inserts first, and updating every
 * row of the largest table a second time would double its writes and leave a dead row per position.
 * They live in the device's state instead, and in the trips and stops (odometer at both ends, engine
 * hours of a stop); the event text of a position is derived from it and the one before
 * (shared/tracking/position-event-text).
 */
import type { TrackingLivePosition } from '@meridian/shared/contract/tracking-live';
import type { Queryable } from '../../db/database';
import type { PositionProcessor, StoredPosition } from '../position';
import { eventRow, insertEvents, type EventRow } from './device-event-rows';
import { movesState, processPosition } from './device-step';
import {
  DeviceStateConflict,
  copyState,
  createDeviceStateCache,
  initialDeviceState,
  readDeviceStates,
  writeDeviceStates,
  type DeviceState,
} from './device-state';
import { crashOf, insertCrashes, type CrashRow } from './crash-detection';
import { createEventRuleIndex, matchingRules } from './event-rules';
import { createGeofenceIndex } from './geofence-index';
import { createLivePushes, type LiveRealtime } from './live-pushes';
import { positionMotion } from './motion';
import { booleanAttribute } from './odometer';
import { processingConfig, type ProcessingConfig } from './processing-config';
import { firingRow, insertFirings, type FiredNotification, type FiringRow } from './rule-firings';
import { insertStops, insertTrips, stopRecord, tripRecord, type StopRecord, type TripRecord } from './trips-and-stops';

export interface TrackingPositionProcessor extends PositionProcessor {
  /**
   * Call after changing geofences or their links: the named devices' fences (every device's without
   * ids) are read again on their next position. Other processes see the change within the TTL.
   */
  invalidateGeofences(deviceIds?: readonly string[]): void;
  /** Call after changing event actions: every tenant's rules are read again on its devices' next position. */
  invalidateEventRules(): void;
  /** Sends the positions waiting for their live push and stops the timers. */
  close(): void;
}

/** Notifications stored but not yet pushed, should `afterCommit` never come for them, are let go past this many. */
const UNPUSHED_NOTIFICATIONS_MAX = 10_000;

function byDevice(positions: readonly StoredPosition[]) {
  const groups = new Map<string, StoredPosition[]>();
  for (const position of positions) {
    const group = groups.get(position.deviceId);
    if (group) group.push(position);
    else groups.set(position.deviceId, [position]);
  }
  return groups;
}

function livePosition(position: StoredPosition, config: ProcessingConfig): TrackingLivePosition {
  const ignition = booleanAttribute(position.attributes, 'ignition');
  return {
    deviceId: position.deviceId,
    latitude: position.latitude,
    longitude: position.longitude,
    speed: position.speed,
    course: position.course,
    fixTime: position.fixTime.toISOString(),
    attributes: { ...(ignition === null ? {} : { ignition }), motion: positionMotion(position, config) },
  };
}

/** How the outbox is told of the e-mails rules put in it: kept (no SMTP) or pending, and a kick after commit. */
export interface RuleMail {
  status: 'pending' | 'kept';
  kick(): void;
}

type Unpushed = FiredNotification;

export function createPositionProcessor({
  realtime,
  log,
  config,
  mail = { status: 'kept', kick: () => undefined },
}: {
  /** Unused: every statement runs on the writer's transaction. Kept so the writer wires every processor alike. */
  db?: unknown;
  realtime: LiveRealtime | null;
  log: (msg: string) => void;
  config?: Partial<ProcessingConfig>;
  mail?: RuleMail;
}): TrackingPositionProcessor {
  const settings = processingConfig(config);
  const states = createDeviceStateCache(settings.stateCacheSize);
  const geofences = createGeofenceIndex({ ttlMs: settings.geofenceTtlMs, log });
  const rules = createEventRuleIndex({ ttlMs: settings.eventRuleTtlMs });
  const live = createLivePushes({ realtime, log, intervalMs: settings.livePositionIntervalMs });
  const unpushed = new Map<number, Unpushed[]>();

  async function statesOf(q: Queryable, deviceIds: string[]) {
    const cached = new Map<string, DeviceState>();
    const missing: string[] = [];
    for (const id of deviceIds) {
      const state = states.get(id);
      if (state) cached.set(id, state);
      else missing.push(id);
    }
    const loaded = await readDeviceStates(q, missing);
    return { cached, loaded };
  }

  return {
    async process(q, positions) {
      if (positions.length === 0) return;
      const groups = byDevice(positions);
      const deviceIds = [...groups.keys()];
      const { cached, loaded } = await statesOf(q, deviceIds);
      await geofences.load(q, deviceIds);
      await rules.load(q, [...new Set(positions.map((position) => position.tenantId))]);

      const changed = new Map<string, DeviceState>();
      const events: EventRow[] = [];
      const firings: FiringRow[] = [];
      const crashes: CrashRow[] = [];
      const trips: TripRecord[] = [];
      const stops: StopRecord[] = [];
      for (const [deviceId, group] of groups) {
        const before = cached.get(deviceId) ?? loaded.get(deviceId) ?? initialDeviceState();
        if (!group.some((position) => movesState(before, position))) continue;
        const state = copyState(before);
        const { deviceName, fences } = geofences.fencesOf(deviceId);
        for (const position of group) {
          const device = { deviceId, tenantId: position.tenantId };
          const outcome = processPosition(state, position, fences, settings);
          const tenantRules = rules.rulesOf(position.tenantId);
          for (const event of outcome.events) {
            const row = eventRow({ ...device, deviceName }, event);
            events.push(row);
            for (const rule of matchingRules(tenantRules, deviceId, event, position.attributes, state.geofenceIds))
              firings.push(firingRow(rule, { ...device, deviceName }, event, row.message !== null));
          }
          const crash = crashOf(position, outcome.events, settings.crashImpactThresholdG);
          if (crash) crashes.push(crash);
          for (const trip of outcome.trips) trips.push(tripRecord(device, trip));
          for (const stop of outcome.stops) stops.push(stopRecord(device, stop));
        }
        state.revision = before.revision + 1;
        changed.set(deviceId, state);
      }

      const notifications: Unpushed[] = (await insertEvents(q, events)).map((notification) => ({ notification, userIds: [] }));
      // After the events: a firing and a crash point at the event they came from.
      notifications.push(...(await insertFirings(q, firings, mail.status)));
      await insertCrashes(q, crashes);
      await insertTrips(q, trips);
      await insertStops(q, stops);
      try {
        await writeDeviceStates(q, changed);
      } catch (error) {
        // Whatever this process holds for them is stale: the retried batch reads them again.
        if (error instanceof DeviceStateConflict) for (const id of error.deviceIds) states.delete(id);
        throw error;
      }

      // The cache takes the new states only once they are stored: a batch rolled back leaves it as it was.
      q.onCommit(() => {
        for (const [id, state] of loaded) states.set(id, state);
        for (const [id, state] of changed) states.set(id, state);
        for (const told of notifications) {
          const positionId = told.notification.messageData.positionId;
          unpushed.set(positionId, [...(unpushed.get(positionId) ?? []), told]);
        }
        if (firings.some((firing) => firing.mails.length > 0)) mail.kick();
        while (unpushed.size > UNPUSHED_NOTIFICATIONS_MAX) unpushed.delete(unpushed.keys().next().value as number);
      });
    },

    afterCommit(positions) {
      try {
        for (const position of positions) {
          if (!position.outdated) live.position(position.tenantId, livePosition(position, settings));
          const notifications = unpushed.get(position.id);
          if (!notifications) continue;
          unpushed.delete(position.id);
          for (const { notification, userIds } of notifications) live.notification(notification, userIds);
        }
      } catch (error) {
        log(`tracking: live push failed: ${(error as Error).message}`);
      }
    },

    invalidateGeofences(deviceIds) {
      geofences.invalidate(deviceIds);
    },

    invalidateEventRules() {
      rules.invalidate();
    },

    close() {
      live.flush();
      live.close();
    },
  };
}
