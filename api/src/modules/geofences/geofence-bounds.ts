/**
 * A shape's bounding box, kept with the fence (min/max lat and lon) so that processing tests a position
 * only against the fences whose box holds it: the positions' extremes, widened by a circle's radius or
 * half a corridor's width. Degrees of longitude shrink towards the poles, so the widening is taken at
 * the box's latitude farthest from the equator.
 */
import { GEO } from '@meridian/shared/constants';
import type { GeofenceBounds, GeofenceGeometry } from '@meridian/shared/contract/geofence';

const METRES_PER_DEGREE = (GEO.earthRadiusMeters * Math.PI) / 180;
/** Beyond this latitude a box reaches round the pole: every longitude. */
const NEAR_POLE = 89;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function positionsOf(geometry: GeofenceGeometry): [number, number][] {
  if (geometry.type === 'Point') return [geometry.coordinates];
  if (geometry.type === 'LineString') return geometry.coordinates;
  return geometry.coordinates.flat();
}

/** The box of the shape, widened by `margin` metres on every side. */
export function boundsOf(geometry: GeofenceGeometry, margin: number): GeofenceBounds {
  const positions = positionsOf(geometry);
  const lons = positions.map(([lon]) => lon);
  const lats = positions.map(([, lat]) => lat);
  const dLat = margin / METRES_PER_DEGREE;
  const minLat = clamp(Math.min(...lats) - dLat, -90, 90);
  const maxLat = clamp(Math.max(...lats) + dLat, -90, 90);
  const farthest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  if (margin > 0 && farthest >= NEAR_POLE) return { minLat, maxLat, minLon: -180, maxLon: 180 };
  const dLon = margin / (METRES_PER_DEGREE * Math.cos((farthest * Math.PI) / 180));
  return { minLat, maxLat, minLon: clamp(Math.min(...lons) - dLon, -180, 180), maxLon: clamp(Math.max(...lons) + dLon, -180, 180) };
}

/** A saved shape's margin: a circle's radius, half a corridor's width, nothing for a polygon. */
export const marginOf = (fence: { radius: number | null; width: number | null }) => fence.radius ?? (fence.width ?? 0) / 2;
