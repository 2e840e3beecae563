/**
 * Geofence geometry (tracking spec 3, issue 18): is a point inside a polygon (with holes), a circle
 * (a centre and a radius in metres) or a corridor (a line and a width in metres)? Pure and
 * allocation-free on the test itself, because ingest runs it for every position against every fence
 * whose bounding box holds the position; the browser may reuse it to preview a fence.
 *
 * Coordinates are GeoJSON's: [longitude, latitude]. Polygons are tested in plain longitude/latitude
 * (ray casting), which is exact for the small areas fences cover; a fence that crosses the
 * antimeridian is not supported.
 */
import { GEO } from './constants';

export interface PolygonGeometry {
  type: 'Polygon';
  /** The outer ring, then any holes; each ring a list of [longitude, latitude]. */
  coordinates: number[][][];
}
export interface PointGeometry {
  type: 'Point';
  coordinates: number[];
}
export interface LineStringGeometry {
  type: 'LineString';
  coordinates: number[][];
}

export type FenceDefinition =
  | { shape: 'polygon'; geometry: PolygonGeometry }
  | { shape: 'circle'; geometry: PointGeometry; radius: number }
  | { shape: 'corridor'; geometry: LineStringGeometry; width: number };

export interface BoundingBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/** A fence ready to test points against many times. */
export interface PreparedFence {
  bounds: BoundingBox;
  contains(latitude: number, longitude: number): boolean;
}

const METRES_PER_DEGREE = (GEO.earthRadiusMeters * Math.PI) / 180;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number) {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * GEO.earthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(h)));
}

const isCoordinate = (c: unknown): c is [number, number] =>
  Array.isArray(c) && c.length >= 2 && Number.isFinite(c[0]) && Number.isFinite(c[1]) && Math.abs(c[1] as number) <= 90;

/** Ray casting: does a horizontal ray from the point cross the ring an odd number of times? */
function ringContains(ring: number[][], latitude: number, longitude: number) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and in none of its holes. */
export function polygonContains(geometry: PolygonGeometry, latitude: number, longitude: number) {
  const [outer, ...holes] = geometry.coordinates;
  if (!outer || !ringContains(outer, latitude, longitude)) return false;
  return !holes.some((hole) => ringContains(hole, latitude, longitude));
}

export function circleContains(geometry: PointGeometry, radius: number, latitude: number, longitude: number) {
  const [lon, lat] = geometry.coordinates as [number, number];
  return haversineMetres(lat, lon, latitude, longitude) <= radius;
}

/**
 * Metres from a point to the nearest point of a line, measured on a flat projection centred on the
 * point (exact enough for the legs of a road corridor, a few kilometres each).
 */
export function distanceToLineMetres(geometry: LineStringGeometry, latitude: number, longitude: number) {
  const points = geometry.coordinates;
  const kx = METRES_PER_DEGREE * Math.cos(toRadians(latitude));
  const ky = METRES_PER_DEGREE;
  let nearest = Infinity;
  for (let i = 0; i < points.length; i++) {
    const [lonA, latA] = points[i] as [number, number];
    const ax = (lonA - longitude) * kx;
    const ay = (latA - latitude) * ky;
    const next = points[i + 1];
    if (!next) {
      if (i === 0) nearest = Math.hypot(ax, ay);
      break;
    }
    const bx = ((next[0] as number) - longitude) * kx;
    const by = ((next[1] as number) - latitude) * ky;
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    // The point of the segment nearest the origin (the tested point), clamped to the segment's ends.
    const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
    nearest = Math.min(nearest, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return nearest;
}

export function corridorContains(geometry: LineStringGeometry, width: number, latitude: number, longitude: number) {
  return distanceToLineMetres(geometry, latitude, longitude) <= width / 2;
}

/** The box of a list of [longitude, latitude], widened by `margin` metres on every side. */
function boxAround(coordinates: number[][], margin: number): BoundingBox {
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (const [lon, lat] of coordinates as [number, number][]) {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  }
  const dLat = margin / METRES_PER_DEGREE;
  const widest = Math.max(Math.abs(minLat - dLat), Math.abs(maxLat + dLat));
  const cos = Math.cos(toRadians(Math.min(90, widest)));
  // Near a pole a metre spans every longitude.
  const dLon = cos < 1e-6 ? 360 : margin / (METRES_PER_DEGREE * cos);
  return {
    minLat: Math.max(-90, minLat - dLat),
    maxLat: Math.min(90, maxLat + dLat),
    minLon: Math.max(-180, minLon - dLon),
    maxLon: Math.min(180, maxLon + dLon),
  };
}

/** Why a stored or submitted fence cannot be tested, or null when it can. */
export function fenceProblem(fence: FenceDefinition): string | null {
  const { shape, geometry } = fence;
  if (shape === 'polygon') {
    if (geometry?.type !== 'Polygon' || !Array.isArray(geometry.coordinates) || geometry.coordinates.length === 0)
      return 'A polygon needs a GeoJSON Polygon.';
    if (geometry.coordinates.some((ring) => !Array.isArray(ring) || ring.length < 4 || !ring.every(isCoordinate)))
      return 'Each ring of a polygon needs at least 4 [longitude, latitude] positions.';
    return null;
  }
  if (shape === 'circle') {
    if (geometry?.type !== 'Point' || !isCoordinate(geometry.coordinates)) return 'A circle needs a GeoJSON Point as its centre.';
    if (!(Number.isFinite(fence.radius) && fence.radius > 0)) return 'A circle needs a radius in metres above 0.';
    return null;
  }
  if (shape === 'corridor') {
    if (geometry?.type !== 'LineString' || !Array.isArray(geometry.coordinates) || geometry.coordinates.length < 2)
      return 'A corridor needs a GeoJSON LineString of at least 2 positions.';
    if (!geometry.coordinates.every(isCoordinate)) return 'A corridor line needs [longitude, latitude] positions.';
    if (!(Number.isFinite(fence.width) && fence.width > 0)) return 'A corridor needs a width in metres above 0.';
    return null;
  }
  return 'A fence is a polygon, a circle or a corridor.';
}

/** The fence's bounding box, with the circle's radius or the corridor's half width around it. */
export function fenceBounds(fence: FenceDefinition): BoundingBox {
  switch (fence.shape) {
    case 'polygon':
      return boxAround(fence.geometry.coordinates[0] ?? [], 0);
    case 'circle':
      return boxAround([fence.geometry.coordinates], fence.radius);
    case 'corridor':
      return boxAround(fence.geometry.coordinates, fence.width / 2);
  }
}

export const boundsContain = (box: BoundingBox, latitude: number, longitude: number) =>
  latitude >= box.minLat && latitude <= box.maxLat && longitude >= box.minLon && longitude <= box.maxLon;

/**
 * Throws when the fence cannot be tested (see `fenceProblem`). `bounds`: the box stored with the
 * fence, when there is one; else it is computed.
 */
export function prepareFence(fence: FenceDefinition, stored?: BoundingBox): PreparedFence {
  const problem = fenceProblem(fence);
  if (problem) throw new Error(problem);
  const bounds = stored ?? fenceBounds(fence);
  const test = (latitude: number, longitude: number) => {
    switch (fence.shape) {
      case 'polygon':
        return polygonContains(fence.geometry, latitude, longitude);
      case 'circle':
        return circleContains(fence.geometry, fence.radius, latitude, longitude);
      case 'corridor':
        return corridorContains(fence.geometry, fence.width, latitude, longitude);
    }
  };
  return { bounds, contains: (latitude, longitude) => boundsContain(bounds, latitude, longitude) && test(latitude, longitude) };
}
