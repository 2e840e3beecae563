/**
 * Odometer and engine hours, accumulated position by position as Traccar's DistanceHandler and
 * EngineHoursHandler do. Distance is the great-circle distance between consecutive valid fixes,
 * unless the device reports its own odometer (Teltonika IO 16): then its progress is used, which
 * counts the road's curves between sparse fixes. Engine hours grow by the device time between two
 * positions that both have ignition on, unless the device reports its own `hours`.
 */
import { distanceMeters } from '@meridian/shared/geo';
import type { StoredPosition } from '../position';
import type { DeviceState } from './device-state';

export const numberAttribute = (attributes: Record<string, unknown>, key: string): number | null => {
  const value = attributes[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

export const booleanAttribute = (attributes: Record<string, unknown>, key: string): boolean | null => {
  const value = attributes[key];
  return typeof value === 'boolean' ? value : null;
};

/** Adds the position's distance and engine time to the state; answers the distance in metres. */
export function accumulateOdometer(state: DeviceState, position: StoredPosition): number {
  const odometer = numberAttribute(position.attributes, 'odometer');
  let distance = 0;
  // A reading below the last one is a replaced or reset device: fall back to the fixes for that leg.
  if (odometer !== null && state.lastOdometer !== null && odometer >= state.lastOdometer) distance = odometer - state.lastOdometer;
  else if (position.valid && state.lastFix)
    distance = distanceMeters(
      { lat: state.lastFix.latitude, lng: state.lastFix.longitude },
      { lat: position.latitude, lng: position.longitude },
    );
  if (odometer !== null) state.lastOdometer = odometer;
  if (position.valid) state.lastFix = { latitude: position.latitude, longitude: position.longitude };
  state.totalDistance += distance;

  const reportedHours = numberAttribute(position.attributes, 'hours');
  const ignition = booleanAttribute(position.attributes, 'ignition');
  if (reportedHours !== null) state.hours = reportedHours;
  else if (state.last?.ignition === true && ignition === true)
    state.hours += Math.max(0, position.deviceTime.getTime() - state.last.deviceTime);
  return distance;
}
