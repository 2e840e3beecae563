/**
 * The basemap shipped with the product: country borders and coastlines from Natural Earth (1:110m, via
 * the world-atlas package), drawn as vector outlines in a pane under the tiles. It needs no network, so a
 * map drawn offline (field work, a closed network, a blocked tile server) still shows where its points,
 * routes and zones are. The data (about 100 kB) is a separate chunk, fetched only when a map is shown.
 */
import type * as Leaflet from 'leaflet';
import type { feature } from 'topojson-client';

/** Under Leaflet's tile pane (z-index 200): where tiles load they cover the outlines, where they do not the outlines show. */
export const BASEMAP_PANE = 'meridian-basemap';
const BASEMAP_PANE_Z = '150';
/** Sea behind the land, so outlines read as a map and not as lines on grey. */
export const OFFLINE_SEA = '#dbe7f0';
const LAND_STYLE: Leaflet.PathOptions = { color: '#8c8c8c', weight: 0.8, fillColor: '#f5f3ee', fillOpacity: 1, interactive: false };
export const NATURAL_EARTH_CREDIT = 'Outlines: <a href="https://www.naturalearthdata.com/">Natural Earth</a>';

type Topology = Parameters<typeof feature>[0];
type CountriesTopology = Topology & { objects: { countries: Parameters<typeof feature>[1] } };

/** The outlines as GeoJSON; code-split: the first map of a page loads them, later maps reuse them. */
let outlines: Promise<GeoJSON.FeatureCollection> | null = null;
export function loadOutlines(): Promise<GeoJSON.FeatureCollection> {
  outlines ??= Promise.all([import('topojson-client'), import('world-atlas/countries-110m.json')]).then(([topojson, atlas]) => {
    const topology = ((atlas as { default?: unknown }).default ?? atlas) as CountriesTopology;
    return joinAcrossAntimeridian(topojson.feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection);
  });
  outlines.catch(() => {
    outlines = null;
  });
  return outlines;
}

type Ring = GeoJSON.Position[];
const crossings = (ring: Ring) => ring.filter((point, i) => i > 0 && Math.abs(point[0]! - ring[i - 1]![0]!) > 180).length;

/**
 * Natural Earth keeps longitudes within -180..180, so a shape across the antimeridian (Fiji, the east of
 * Russia) jumps from 180 to -180 and back; Leaflet's flat map would draw that as a line round the world.
 * Such a ring (one that crosses twice) is moved east to one piece (170..190). A ring that crosses once
 * goes round a pole (Antarctica) and is right as it is.
 */
export function joinAcrossAntimeridian(collection: GeoJSON.FeatureCollection): GeoJSON.FeatureCollection {
  const joinRing = (ring: Ring): Ring =>
    crossings(ring) === 2 ? ring.map(([lng, lat, ...rest]) => [lng! < 0 ? lng! + 360 : lng!, lat!, ...rest]) : ring;
  const joinGeometry = (geometry: GeoJSON.Geometry | null): GeoJSON.Geometry | null => {
    if (geometry?.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(joinRing) };
    if (geometry?.type === 'MultiPolygon')
      return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(joinRing)) };
    return geometry;
  };
  return { ...collection, features: collection.features.map((f) => ({ ...f, geometry: joinGeometry(f.geometry) as GeoJSON.Geometry })) };
}

/** Adds the outlines under the map's tiles; resolves to the layer, or null when the map closed while they loaded. */
export async function addOfflineBasemap(L: typeof Leaflet, map: Leaflet.Map, closed: () => boolean): Promise<Leaflet.GeoJSON | null> {
  const pane = map.getPane(BASEMAP_PANE) ?? map.createPane(BASEMAP_PANE);
  pane.style.zIndex = BASEMAP_PANE_Z;
  map.getContainer().style.background = OFFLINE_SEA;
  const data = await loadOutlines();
  if (closed()) return null;
  return L.geoJSON(data, { pane: BASEMAP_PANE, style: () => LAND_STYLE, interactive: false, attribution: NATURAL_EARTH_CREDIT }).addTo(map);
}
