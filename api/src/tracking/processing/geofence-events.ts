/**
 * geofenceEnter and geofenceExit (Traccar's GeofenceEventHandler): the fences a valid position lies
 * in, compared with those the device was in. A position without a valid fix says nothing about
 * where the device is, so it keeps the set as it was. A fence that is no longer linked (or deleted)
 * leaves the set without an exit: the device did not move out of it.
 */
import type { StoredPosition } from '../position';
import type { DeviceState } from './device-state';
import type { IndexedFence } from './geofence-index';
import type { DetectedEvent } from './position-events';

export interface GeofenceEvent extends DetectedEvent {
  type: 'geofenceEnter' | 'geofenceExit';
  geofenceId: string;
  geofenceName: string;
}

export function geofenceEvents(state: DeviceState, position: StoredPosition, fences: readonly IndexedFence[]): GeofenceEvent[] {
  if (fences.length === 0 && state.geofenceIds.length === 0) return [];
  const linked = new Set(fences.map((fence) => fence.id));
  const before = new Set(state.geofenceIds.filter((id) => linked.has(id)));
  if (!position.valid) {
    state.geofenceIds = [...before];
    return [];
  }
  const inside = fences.filter((fence) => fence.contains(position.latitude, position.longitude));
  const at = { positionId: position.id, time: position.fixTime.getTime(), attributes: {} };
  const events: GeofenceEvent[] = [];
  const insideIds = new Set(inside.map((fence) => fence.id));
  for (const fence of fences)
    if (before.has(fence.id) && !insideIds.has(fence.id))
      events.push({ type: 'geofenceExit', geofenceId: fence.id, geofenceName: fence.name, ...at });
  for (const fence of inside)
    if (!before.has(fence.id)) events.push({ type: 'geofenceEnter', geofenceId: fence.id, geofenceName: fence.name, ...at });
  state.geofenceIds = [...insideIds];
  return events;
}
