/** What the browser asks the server for at run time (GET /api/config/client): settings an installation changes without a rebuild. */

export interface ClientConfig {
  /** Leaflet tile URL template with {z}, {x}, {y} (and optionally {s}). */
  mapTileUrl: string;
  /** The tiles' attribution, as HTML (Leaflet draws it in the map's corner). */
  mapAttribution: string;
}

/** OpenStreetMap's standard tiles: the default when MAP_TILE_URL / MAP_ATTRIBUTION are not set. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};
