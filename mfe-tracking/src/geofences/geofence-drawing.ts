/**
 * Between what geoman draws on the map and what the API stores: a drawn circle is a GeoJSON Point with
 * its radius in metres, a polygon one closed ring, a corridor's line a LineString (its width is typed in
 * the form). Positions are [longitude, latitude] (GeoJSON's order), kept to 6 decimals (about 10 cm),
 * which is what a drag on the map can mean. Pure apart from reading the layer's own getters.
 */
import type { GeofenceGeometry, LonLat } from '@meridian/shared/contract/geofence';

/** geoman's names for the shapes this product stores. */
export type DrawnShape = 'Polygon' | 'Circle' | 'Line';
export const SHAPE_OF_GEOMETRY: Record<GeofenceGeometry['type'], DrawnShape> = { Polygon: 'Polygon', Point: 'Circle', LineString: 'Line' };

interface LatLngLike {
  lat: number;
  lng: number;
}
/** What is read of a drawn layer: a circle's centre and radius, or a line's or polygon's corners. */
export interface DrawnLayer {
  getLatLng?(): LatLngLike;
  getRadius?(): number;
  getLatLngs?(): unknown;
}

export interface DrawnGeometry {
  geometry: GeofenceGeometry;
  /** Metres, for a circle. */
  radius: number | null;
}

const DECIMALS = 1e6;
const rounded = (value: number) => Math.round(value * DECIMALS) / DECIMALS;
const lonLatOf = (point: LatLngLike): LonLat => [rounded(point.lng), rounded(point.lat)];
const isLatLng = (value: unknown): value is LatLngLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LatLngLike).lat === 'number' &&
  typeof (value as LatLngLike).lng === 'number';

/**
 * A polygon's rings, its outline first and then its holes: Leaflet nests rings in a polygon (and
 * polygons in a multi-polygon, of which the first is the shape).
 */
function ringsOf(latLngs: unknown): LatLngLike[][] {
  let level = latLngs;
  while (Array.isArray(level) && Array.isArray(level[0]) && Array.isArray(level[0][0])) level = level[0];
  if (!Array.isArray(level)) return [];
  const rings = Array.isArray(level[0]) ? (level as unknown[][]) : [level];
  return rings.map((ring) => ring.filter(isLatLng));
}

/** The closed ring GeoJSON wants: the first corner again at the end. */
export function closedRing(corners: LonLat[]): LonLat[] {
  if (corners.length === 0) return corners;
  const [first] = corners;
  const last = corners[corners.length - 1]!;
  return first![0] === last[0] && first![1] === last[1] ? corners : [...corners, first!];
}

export function geometryOfDrawn(shape: DrawnShape, layer: DrawnLayer): DrawnGeometry | null {
  if (shape === 'Circle') {
    const centre = layer.getLatLng?.();
    const radius = layer.getRadius?.();
    if (!centre || radius === undefined) return null;
    return { geometry: { type: 'Point', coordinates: lonLatOf(centre) }, radius: Math.round(radius * 10) / 10 };
  }
  const latLngs = layer.getLatLngs?.();
  if (shape === 'Polygon') {
    const rings = ringsOf(latLngs)
      .map((ring) => closedRing(ring.map(lonLatOf)))
      .filter((ring) => ring.length >= 4);
    return rings.length > 0 ? { geometry: { type: 'Polygon', coordinates: rings }, radius: null } : null;
  }
  const line = (Array.isArray(latLngs) ? latLngs : []).filter(isLatLng).map(lonLatOf);
  return line.length >= 2 ? { geometry: { type: 'LineString', coordinates: line }, radius: null } : null;
}
