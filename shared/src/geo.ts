/** Distance, coordinate normalisation and position-reuse rules (platform spec sections 4, 5 and 9). */
import { GEO } from './constants';

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine, earth radius 6371000 m). */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * GEO.earthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const normaliseCoordinate = (value: number) => Number(value.toFixed(GEO.normalisedDecimals));
export const displayCoordinate = (value: number) => value.toFixed(GEO.displayedDecimals);

export function hasMovedEnough(last: { lat: number; lng: number } | null, next: { lat: number; lng: number }) {
  return !last || distanceMeters(last, next) >= GEO.movementThresholdMeters;
}

export interface StoredPosition {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  updatedAt: number;
}

/** The last position is reused under 1 hour old; between 1 and 6 hours it is reused with accuracy 9999. */
export function reusablePosition(last: StoredPosition | null, now: number): StoredPosition | null {
  if (!last) return null;
  const age = now - last.updatedAt;
  if (age < GEO.reuseFreshMs) return last;
  if (age < GEO.reuseStaleMs) return { ...last, accuracy: GEO.staleAccuracy };
  return null;
}
