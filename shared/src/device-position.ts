/**
 * The device's position for a status update, a file change or the start and end of the day (spec
 * section 9): high accuracy, a 5 s timeout and 5 s maximum age. When the device cannot say, the last
 * position is reused (as is under an hour old, with accuracy 9999 up to six hours), and otherwise
 * the answer is the 999 placeholder with the reason, which the server refuses where the tenant
 * requires a location.
 */
import { GEO } from './constants';
import { reusablePosition, type StoredPosition } from './geo';
import { MESSAGES } from './messages';

export interface DevicePosition {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  /** Why there is no position (the placeholder 999 is then in latitude and longitude). */
  problem?: string;
}

const LAST_POSITION_KEY = 'meridian.position.last';

/** The browser's own messages for the geolocation error codes (1 denied, 2 unavailable, 3 timeout). */
export function geolocationProblem(code: number | undefined): string {
  if (code === 1) return MESSAGES.geoDenied;
  if (code === 2) return MESSAGES.geoUnavailable;
  if (code === 3) return MESSAGES.geoTimeout;
  return MESSAGES.geoUnknown;
}

export const noPosition = (problem: string): DevicePosition => ({
  latitude: GEO.invalidCoordinate,
  longitude: GEO.invalidCoordinate,
  accuracy: null,
  problem,
});

/** A position the server may record: both numbers, in range, and not the placeholder. */
export const isUsablePosition = (position: Pick<DevicePosition, 'latitude' | 'longitude'>) =>
  Number.isFinite(position.latitude) &&
  Number.isFinite(position.longitude) &&
  Math.abs(position.latitude) <= 90 &&
  Math.abs(position.longitude) <= 180;

interface PositionSources {
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | undefined;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  now?: () => number;
}

function readLast(storage: PositionSources['storage']): StoredPosition | null {
  try {
    const text = storage?.getItem(LAST_POSITION_KEY);
    return text ? (JSON.parse(text) as StoredPosition) : null;
  } catch {
    return null;
  }
}

function remember(storage: PositionSources['storage'], position: StoredPosition) {
  try {
    storage?.setItem(LAST_POSITION_KEY, JSON.stringify(position));
  } catch {
    // A full or refused storage only costs the reuse of this position later.
  }
}

export function currentDevicePosition({
  geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined,
  storage = typeof localStorage !== 'undefined' ? localStorage : undefined,
  now = Date.now,
}: PositionSources = {}): Promise<DevicePosition> {
  const fallback = (problem: string): DevicePosition => {
    const last = reusablePosition(readLast(storage), now());
    return last ? { latitude: last.latitude, longitude: last.longitude, accuracy: last.accuracy } : noPosition(problem);
  };
  if (!geolocation) return Promise.resolve(fallback(MESSAGES.geoNotSupported));
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) => {
        const position = { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy ?? null };
        remember(storage, { ...position, updatedAt: now() });
        resolve(position);
      },
      (error) => resolve(fallback(geolocationProblem(error?.code))),
      { enableHighAccuracy: GEO.highAccuracy, timeout: GEO.timeoutMs, maximumAge: GEO.maximumAgeMs },
    );
  });
}
