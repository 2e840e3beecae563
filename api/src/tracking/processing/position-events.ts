/**
 * Events a position raises by itself, compared with the position before it (Traccar's
 * IgnitionEventHandler, AlarmEventHandler and DriverEventHandler):
 * - ignitionOn / ignitionOff when `ignition` changes (both positions must report it);
 * - alarm, one per alarm value (`alarm` may hold several, comma separated) that the position before
 *   did not already carry (Traccar's event.ignoreDuplicateAlerts, on by default);
 * - driverChanged when `driverUniqueId` names another driver than the device's current one.
 */
import { alarmOf } from '@meridian/shared/tracking/position-event-text';
import type { StoredPosition } from '../position';
import type { DeviceState } from './device-state';
import { booleanAttribute } from './odometer';

export type DeviceEventType =
  'ignitionOn' | 'ignitionOff' | 'alarm' | 'geofenceEnter' | 'geofenceExit' | 'deviceMoving' | 'deviceStopped' | 'driverChanged';

export interface DetectedEvent {
  type: DeviceEventType;
  positionId: number;
  time: number;
  geofenceId?: string;
  attributes: Record<string, unknown>;
}

const alarmValues = (alarm: string | null) =>
  (alarm ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

export const driverUniqueIdOf = (attributes: Record<string, unknown>): string | null => {
  const value = attributes.driverUniqueId;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** The events of one position; sets the device's current driver when it changes. */
export function positionEvents(state: DeviceState, position: StoredPosition): DetectedEvent[] {
  const events: DetectedEvent[] = [];
  const at = { positionId: position.id, time: position.fixTime.getTime() };

  const ignition = booleanAttribute(position.attributes, 'ignition');
  const before = state.last?.ignition ?? null;
  if (ignition !== null && before !== null && ignition !== before)
    events.push({ type: ignition ? 'ignitionOn' : 'ignitionOff', ...at, attributes: {} });

  const alreadyRaised = new Set(alarmValues(state.last?.alarm ?? null));
  for (const alarm of new Set(alarmValues(alarmOf(position.attributes))))
    if (!alreadyRaised.has(alarm)) events.push({ type: 'alarm', ...at, attributes: { alarm } });

  const driverUniqueId = driverUniqueIdOf(position.attributes);
  if (driverUniqueId !== null && driverUniqueId !== state.driverUniqueId) {
    events.push({ type: 'driverChanged', ...at, attributes: { driverUniqueId } });
    state.driverUniqueId = driverUniqueId;
  }
  return events;
}
