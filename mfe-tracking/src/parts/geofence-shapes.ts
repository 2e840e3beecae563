/**
 * Geofences and points of interest drawn on a Leaflet map from their GeoJSON geometry (positions are
 * [longitude, latitude], GeoJSON's order; Leaflet takes [latitude, longitude]): a polygon, a circle of
 * `radius` metres about a Point, and a corridor: a line drawn `width` metres wide, its stroke measured
 * again at every zoom (Leaflet's strokes are in pixels). Built from the Leaflet the map base loaded.
 */
import type * as Leaflet from 'leaflet';
import type { Geofence, GeofenceGeometry, LonLat } from '@meridian/shared/contract/geofence';

export const FENCE_COLOUR = '#722ed1';
export const POI_COLOUR = '#08979c';

const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
/** Metres one screen pixel covers at a latitude and zoom (Web Mercator, 256 px tiles). */
export const metresPerPixel = (lat: number, zoom: number) => (EARTH_CIRCUMFERENCE_M * Math.cos((lat * Math.PI) / 180)) / 2 ** (zoom + 8);

export const toLatLng = ([lon, lat]: LonLat): [number, number] => [lat, lon];
export const toLonLat = (point: { lat: number; lng: number }): LonLat => [point.lng, point.lat];

type FenceShape = Pick<Geofence, 'name' | 'type' | 'radius' | 'width'> & { geometry: GeofenceGeometry };

/** A corridor's stroke: its width in pixels at the map's zoom, never thinner than a visible line. */
export function corridorWeight(map: Leaflet.Map, line: Leaflet.Polyline, widthMetres: number) {
  const centre = line.getBounds().getCenter();
  return Math.max(3, widthMetres / metresPerPixel(centre.lat, map.getZoom()));
}

/** The Leaflet layer of one fence, with its name as a tooltip (as text: names are typed by users). */
export function fenceLayer(L: typeof Leaflet, fence: FenceShape, options: Leaflet.PathOptions = {}): Leaflet.Path {
  const colour = fence.type === 'poi' ? POI_COLOUR : FENCE_COLOUR;
  const style: Leaflet.PathOptions = { color: colour, weight: 2, fillOpacity: 0.12, ...options };
  const { geometry } = fence;
  let layer: Leaflet.Path;
  // A polygon's first ring is its outline, the others its holes (Leaflet takes the same nesting).
  if (geometry.type === 'Polygon')
    layer = L.polygon(
      geometry.coordinates.map((ring) => ring.map(toLatLng)),
      style,
    );
  else if (geometry.type === 'Point') layer = L.circle(toLatLng(geometry.coordinates), { ...style, radius: fence.radius ?? 0 });
  else layer = L.polyline(geometry.coordinates.map(toLatLng), { ...style, opacity: 0.45, lineCap: 'round', lineJoin: 'round' });
  const label = document.createElement('span');
  label.textContent = fence.name;
  layer.bindTooltip(label, { sticky: true });
  return layer;
}

/** Draws the fences in a group added to the map; corridors keep their width in metres as the map zooms. Returns the group and how to remove it. */
export function drawFences(
  L: typeof Leaflet,
  map: Leaflet.Map,
  fences: readonly FenceShape[],
): { group: Leaflet.LayerGroup; remove(): void } {
  const group = L.layerGroup().addTo(map);
  const corridors: { line: Leaflet.Polyline; width: number }[] = [];
  for (const fence of fences) {
    const layer = fenceLayer(L, fence, { interactive: true }).addTo(group);
    if (fence.geometry.type === 'LineString' && fence.width) corridors.push({ line: layer as Leaflet.Polyline, width: fence.width });
  }
  const resize = () => corridors.forEach(({ line, width }) => line.setStyle({ weight: corridorWeight(map, line, width) }));
  resize();
  map.on('zoomend', resize);
  return {
    group,
    remove() {
      map.off('zoomend', resize);
      group.remove();
    },
  };
}
