/**
 * The event a position stands for in lists and replays (tracking spec 4): an ignition change is
 * "Ignition On" or "Ignition Off", an alarm is "Alarm" with its value, anything else a "Position
 * Report". A change needs the position before it: without one, ignition alone says nothing. When a
 * position both changes ignition and carries an alarm, the ignition change is named (the spec's
 * order); the alarm still has its own event and notification.
 */

export const POSITION_REPORT = 'Position Report';

type Attributes = Readonly<Record<string, unknown>>;

/** The alarm a position carries (Traccar's `alarm`, possibly several joined by commas), or null. */
export function alarmOf(attributes: Attributes): string | null {
  const alarm = attributes.alarm;
  if (typeof alarm === 'string') return alarm.trim() === '' ? null : alarm.trim();
  if (typeof alarm === 'number' && Number.isFinite(alarm)) return String(alarm);
  return null;
}

const ignitionOf = (attributes: Attributes | null | undefined) => (typeof attributes?.ignition === 'boolean' ? attributes.ignition : null);

export function positionEventText(position: { attributes: Attributes }, previous?: { attributes: Attributes } | null): string {
  const ignition = ignitionOf(position.attributes);
  const before = ignitionOf(previous?.attributes);
  if (ignition !== null && before !== null && ignition !== before) return ignition ? 'Ignition On' : 'Ignition Off';
  const alarm = alarmOf(position.attributes);
  if (alarm) return `Alarm ${alarm}`;
  return POSITION_REPORT;
}
