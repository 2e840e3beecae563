/**
 * One position through processing, in Traccar's order: odometer and engine hours, then the events it
 * raises by itself, its geofences, and motion with trips and stops. Pure: it changes the state it is
 * given and answers what the batch must store. A position older than the last one processed (out of
 * order, or marked outdated by the writer) is stored but changes nothing and raises nothing.
 */
import { alarmOf } from '@meridian/shared/tracking/position-event-text';
import type { StoredPosition } from '../position';
import type { DeviceState, LastPosition, Mark } from './device-state';
import { geofenceEvents, type GeofenceEvent } from './geofence-events';
import type { FenceSet } from './geofence-index';
import { advanceMotion, positionMotion, type ClosedStop, type ClosedTrip } from './motion';
import { accumulateOdometer, booleanAttribute, numberAttribute } from './odometer';
import { positionEvents, type DetectedEvent } from './position-events';
import type { ProcessingConfig } from './processing-config';

export interface StepOutcome {
  events: (DetectedEvent | GeofenceEvent)[];
  trips: ClosedTrip[];
  stops: ClosedStop[];
}

const NOTHING: StepOutcome = Object.freeze({ events: [], trips: [], stops: [] }) as StepOutcome;

/** Outdated positions and positions older than the last one processed move nothing. */
export const movesState = (state: DeviceState, position: StoredPosition) =>
  !position.outdated && (!state.last || position.fixTime.getTime() >= state.last.time);

function markOf(state: DeviceState, position: StoredPosition): Mark {
  return {
    positionId: position.id,
    time: position.fixTime.getTime(),
    latitude: position.latitude,
    longitude: position.longitude,
    totalDistance: state.totalDistance,
    odometer: numberAttribute(position.attributes, 'odometer'),
    hours: state.hours,
    driverUniqueId: state.driverUniqueId,
  };
}

export function processPosition(state: DeviceState, position: StoredPosition, fences: FenceSet, config: ProcessingConfig): StepOutcome {
  if (!movesState(state, position)) return NOTHING;
  accumulateOdometer(state, position);
  const events: (DetectedEvent | GeofenceEvent)[] = positionEvents(state, position);
  events.push(...geofenceEvents(state, position, fences));

  const moving = positionMotion(position, config);
  const mark = markOf(state, position);
  const motion = advanceMotion(state, position, mark, moving, config);
  events.push(...motion.events);

  const last: LastPosition = {
    ...mark,
    deviceTime: position.deviceTime.getTime(),
    valid: position.valid,
    speed: position.speed,
    ignition: booleanAttribute(position.attributes, 'ignition'),
    motion: moving,
    alarm: alarmOf(position.attributes),
  };
  state.last = last;
  return { events, trips: motion.trips, stops: motion.stops };
}
