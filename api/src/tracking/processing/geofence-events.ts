/**
 * geofenceEnter and geofenceExit (Traccar's GeofenceEventHandler): the fences a valid position lies
 * in, compared with those the device was in. A position without a valid fix says nothing about
 * where the device is, so it keeps the set as it was. A fence that is no longer linked (or deleted)
 * leaves the set without an exit: the device did not move out of it.
 */
import type { StoredPosition } from '../position';
import type { DeviceState } from './device-state';
import type { FenceSet, IndexedFence } from './geofence-index';
import type { DetectedEvent } from './position-events';

export interface GeofenceEvent extends DetectedEvent {
  type: 'geofenceEnter' | 'geofenceExit';
  geofenceId: string;
  geofenceName: string;
}

export function geofenceEvents(state: DeviceState, position: StoredPosition, fences: FenceSet): GeofenceEvent[] {
  if (fences.list.length === 0 && state.geofenceIds.length === 0) return [];
  // A device is in few fences at a time: plain arrays beat sets here, and this runs for every position.
  const before = state.geofenceIds.filter((id) => fences.byId.has(id));
  if (!position.valid) {
    state.geofenceIds = before;
    return [];
  }
  const inside: IndexedFence[] = [];
  for (const fence of fences.list) if (fence.contains(position.latitude, position.longitude)) inside.push(fence);
  const insideIds = inside.map((fence) => fence.id);

  const at = { positionId: position.id, time: position.fixTime.getTime(), attributes: {} };
  const events: GeofenceEvent[] = [];
  for (const id of before)
    if (!insideIds.includes(id)) events.push({ type: 'geofenceExit', geofenceId: id, geofenceName: fences.byId.get(id)!.name, ...at });
  for (const fence of inside)
    if (!before.includes(fence.id)) events.push({ type: 'geofenceEnter', geofenceId: fence.id, geofenceName: fence.name, ...at });
  state.geofenceIds = insideIds;
  return events;
}
