/**
 * What the back office tells ingest and processing when it changes what they may keep in memory:
 * geofences and their device links (processing's geofence cache), and devices (the listeners find a
 * device by its uniqueId); and that a command waits for a device a listener may be connected to. The routes announce a change once its transaction has committed
 * (`q.onCommit`); whoever keeps a cache subscribes here and drops it.
 *
 * In this process only: a listener running as its own process (the geo service) must expire its
 * caches by age as well, or hear of changes through Redis.
 */

type Listener<T> = (change: T) => void;

function channel<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    /** Subscribes; answers the unsubscribe. */
    on(listener: Listener<T>) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(change: T) {
      // A failing listener must not fail the write that was already committed, nor keep others from hearing.
      for (const listener of listeners) {
        try {
          listener(change);
        } catch {
          // The listener's own concern; its cache expires by age in any case.
        }
      }
    },
  };
}

/** A geofence was created, changed or deleted, or a device-geofence link made or removed. */
export interface GeofencesChange {
  tenantId: string;
  geofenceIds: string[];
  deviceIds: string[];
}

/** A device was created, changed (its uniqueId, its tenant, disabled) or deleted. */
export interface DevicesChange {
  deviceIds: string[];
  /** Every uniqueId the change touched, old and new. */
  uniqueIds: string[];
}

/** Commands were queued for these devices: a listener holding one's connection sends it at once. */
export interface CommandsQueued {
  deviceIds: string[];
}

/** An event action (rule) was created, changed or deleted: processing reads the rules again. */
export interface EventActionsChange {
  tenantId: string;
}

export const geofencesChanged = channel<GeofencesChange>();
export const commandsQueued = channel<CommandsQueued>();
export const eventActionsChanged = channel<EventActionsChange>();
export const devicesChanged = channel<DevicesChange>();
