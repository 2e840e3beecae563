/**
 * The product's one Leaflet base: every map (the map picker, the points and route maps, the live map)
 * is started here, so each draws the same configured tiles with their credit, the same shipped offline
 * basemap under them, and reports failing tiles the same way. A map adds only what it draws on top.
 *
 * Tiles come from GET /api/config/client (MAP_TILE_URL on the server, OpenStreetMap by default), asked
 * once per page load; where the installation serves its own PMTiles archive (MAP_PMTILES_FILE) that
 * is drawn instead (operator-tiles). Leaflet is loaded on demand, so a page pays for it only when it
 * shows a map.
 *
 * Offline: the Natural Earth outlines are always drawn under the tiles rather than swapped in when tiles
 * fail. That needs no guessing about when tiles have failed (a tile server that never answers sends no
 * error), covers the part of a map whose tiles are missing (a zoom into an area never cached), and shows
 * something while the first tiles are on their way. Online the opaque tiles simply cover it. Failing
 * tiles are still detected (tileerror, or no tile within TILE_WAIT_MS) so a map can say so.
 */
import type * as Leaflet from 'leaflet';
import { DEFAULT_CLIENT_CONFIG, type ClientConfig } from '../contract/client-config';
import { api } from '@meridian/shared/http/api';
import { addOfflineBasemap } from './offline-basemap';
import { operatorTilesLayer } from './operator-tiles';

/** Where a map's tiles come from, and their credit. */
export type MapTiles = Pick<ClientConfig, 'mapTileUrl' | 'mapAttribution' | 'mapPmtilesUrl'>;

/** How long a map may wait for its first tile before it says the tiles are not coming. */
export const TILE_WAIT_MS = 15_000;
const MAX_TILE_ZOOM = 19;

let clientConfig: Promise<ClientConfig> | null = null;

/** The server's map settings, asked once per page load; a failure falls back to the defaults and is asked again next time. */
export function loadClientConfig(): Promise<ClientConfig> {
  clientConfig ??= api.get<ClientConfig>('/api/config/client').then(
    ({ data }) => data,
    () => {
      clientConfig = null;
      return DEFAULT_CLIENT_CONFIG;
    },
  );
  return clientConfig;
}

/** Tests start each case without the remembered settings. */
export function forgetClientConfig() {
  clientConfig = null;
}

export interface MapView {
  center: [number, number];
  zoom: number;
}

export interface MapBaseOptions {
  /** Read once Leaflet and the settings are loaded, so it reflects the page at that moment. */
  view(): MapView;
  /** Tiles to draw instead of the server's configuration (tests, special maps). */
  tiles?: MapTiles;
  /** True when no tile has loaded (an error, or none within TILE_WAIT_MS); false once one does. */
  onTilesFailed(failed: boolean): void;
  /** The page closed the map while Leaflet or the settings were loading: nothing is started. */
  cancelled(): boolean;
}

export interface MapBase {
  L: typeof Leaflet;
  map: Leaflet.Map;
  /** Removes the map and everything the base started (timers, observers). */
  close(): void;
}

/** Starts a map in the element; null when cancelled first. Throws when Leaflet cannot load or start. */
export async function openMapBase(container: HTMLElement, options: MapBaseOptions): Promise<MapBase | null> {
  const [L, settings] = await Promise.all([import('leaflet'), options.tiles ? Promise.resolve(options.tiles) : loadClientConfig()]);
  const operatorTiles = settings.mapPmtilesUrl ? await operatorTilesLayer(L, settings.mapPmtilesUrl, settings.mapAttribution) : null;
  if (options.cancelled()) return null;
  const { center, zoom } = options.view();
  const map = L.map(container, { center, zoom, worldCopyJump: true });
  let closed = false;
  const tiles = operatorTiles ?? L.tileLayer(settings.mapTileUrl, { attribution: settings.mapAttribution, maxZoom: MAX_TILE_ZOOM });
  const stopWatching = watchTiles(tiles.addTo(map), options.onTilesFailed);
  void addOfflineBasemap(L, map, () => closed).catch((error: unknown) => {
    // The map works without the outlines (online the tiles show the same); say why in the console only.
    console.warn('[map] the offline basemap could not be drawn:', error);
  });
  const stopResizing = followSize(map, container);
  return {
    L,
    map,
    close() {
      closed = true;
      stopWatching();
      stopResizing();
      map.remove();
    },
  };
}

/** One loaded tile proves the tile server works; errors after that are single missing tiles, not an outage. */
function watchTiles(layer: Leaflet.GridLayer, onTilesFailed: (failed: boolean) => void): () => void {
  let loadedAny = false;
  const waiting = setTimeout(() => {
    if (!loadedAny) onTilesFailed(true);
  }, TILE_WAIT_MS);
  layer.on('tileload', () => {
    loadedAny = true;
    clearTimeout(waiting);
    onTilesFailed(false);
  });
  layer.on('tileerror', () => {
    if (!loadedAny) onTilesFailed(true);
  });
  return () => clearTimeout(waiting);
}

/** Leaflet measures its box once; a map inside a card, a tab or a drawer changes size after that. */
function followSize(map: Leaflet.Map, container: HTMLElement): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  const resizes = new ResizeObserver(() => map.invalidateSize());
  resizes.observe(container);
  return () => resizes.disconnect();
}
