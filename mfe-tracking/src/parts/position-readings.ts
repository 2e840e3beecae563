/**
 * What a position's readings mean to a person: speed in km/h (stored in knots, Traccar's unit), and
 * the attributes worth showing under Traccar's key names (ignition, batteryLevel or battery, odometer
 * in metres, sat). An attribute a device does not report is left out rather than shown as zero.
 */
import { distanceText, speedText, TRACKING_TEXT } from './tracking-text';

const KMH_PER_KNOT = 1.852;
export const knotsToKmh = (knots: number) => knots * KMH_PER_KNOT;

export interface Reading {
  key: string;
  label: string;
  value: string;
}

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Battery: a level in % (batteryLevel), else a voltage (battery). */
function batteryReading(attributes: Record<string, unknown>): string | null {
  const level = numberOf(attributes.batteryLevel);
  if (level !== null) return `${Math.round(level)} %`;
  const volts = numberOf(attributes.battery);
  return volts !== null ? `${volts.toFixed(2)} V` : null;
}

export function readingsOf(position: { speed: number | null; attributes: Record<string, unknown> }): Reading[] {
  const { attributes } = position;
  const readings: Reading[] = [];
  if (position.speed !== null) readings.push({ key: 'speed', label: TRACKING_TEXT.speed, value: speedText(knotsToKmh(position.speed)) });
  if (typeof attributes.ignition === 'boolean')
    readings.push({
      key: 'ignition',
      label: TRACKING_TEXT.ignition,
      value: attributes.ignition ? TRACKING_TEXT.ignitionOn : TRACKING_TEXT.ignitionOff,
    });
  const battery = batteryReading(attributes);
  if (battery !== null) readings.push({ key: 'battery', label: TRACKING_TEXT.battery, value: battery });
  const odometer = numberOf(attributes.odometer) ?? numberOf(attributes.totalDistance);
  if (odometer !== null) readings.push({ key: 'odometer', label: TRACKING_TEXT.odometer, value: distanceText(odometer) });
  const satellites = numberOf(attributes.sat);
  if (satellites !== null) readings.push({ key: 'sat', label: TRACKING_TEXT.satellites, value: String(satellites) });
  return readings;
}
