/**
 * An installation's own offline tiles: a PMTiles archive the API serves (MAP_PMTILES_FILE under DATA_DIR,
 * named to the browser by GET /api/config/client), drawn as vector tiles by protomaps-leaflet. That
 * library (and its PMTiles reader) is a separate chunk, loaded only where an archive is configured.
 */
import type * as Leaflet from 'leaflet';

/** Protomaps' light basemap style: quiet enough for points, routes and zones drawn over it. */
const FLAVOR = 'light';

export async function operatorTilesLayer(L: typeof Leaflet, url: string, attribution: string): Promise<Leaflet.GridLayer> {
  // protomaps-leaflet subclasses the global L's GridLayer: make it the Leaflet this map is built with.
  (globalThis as { L?: typeof Leaflet }).L = L;
  const { leafletLayer } = await import('protomaps-leaflet');
  const layer = leafletLayer({ url, flavor: FLAVOR, lang: 'en', attribution, maxZoom: 19 });
  // No painted background: where the archive has no data (outside an operator's region, or when it cannot
  // be read) the shipped outlines under it stay visible instead of an empty colour.
  layer.backgroundColor = undefined;
  return layer as unknown as Leaflet.GridLayer;
}
