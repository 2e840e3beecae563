/**
 * The geo service's map zoom call (GET mapzoom/zoom/{zoom}/{x}/{y}): the devices inside one web map
 * tile (the slippy-map scheme every tile server uses), summed into a grid of clusters when there are
 * many, unless forceNoSum asks for each one. A value that is not a whole number is replaced by the
 * spec's defaults: zoom 15, x 0, y 0 (tracking spec 5).
 */
import type { GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';

export interface Tile {
  zoom: number;
  x: number;
  y: number;
}

export interface TileBounds {
  north: number;
  south: number;
  west: number;
  east: number;
}

const DEFAULT_TILE: Tile = { zoom: 15, x: 0, y: 0 };
/** Up to this many devices a tile answers them one by one; more are summed on an 8 x 8 grid. */
const SUM_ABOVE = 200;
const GRID = 8;
const MAX_ZOOM = 22;

const wholeOr = (value: string | undefined, fallback: number, max: number) => {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= max ? n : fallback;
};

export function mapZoomTile(params: Record<string, string>): Tile {
  const zoom = wholeOr(params.zoom, DEFAULT_TILE.zoom, MAX_ZOOM);
  const last = 2 ** zoom - 1;
  return { zoom, x: wholeOr(params.x, DEFAULT_TILE.x, last), y: wholeOr(params.y, DEFAULT_TILE.y, last) };
}

const latitudeOfRow = (y: number, zoom: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** zoom))) * 180) / Math.PI;
const longitudeOfColumn = (x: number, zoom: number) => (x / 2 ** zoom) * 360 - 180;

export function tileBounds({ zoom, x, y }: Tile): TileBounds {
  return {
    north: latitudeOfRow(y, zoom),
    south: latitudeOfRow(y + 1, zoom),
    west: longitudeOfColumn(x, zoom),
    east: longitudeOfColumn(x + 1, zoom),
  };
}

export interface TileCluster {
  latitude: number;
  longitude: number;
  count: number;
}

export interface TileSummary {
  tile: Tile & TileBounds;
  /** How many devices with a position lie in the tile. */
  total: number;
  /** The devices themselves: when few, or when forceNoSum is set. */
  devices: GeoDeviceMapItem[] | null;
  /** Otherwise their clusters: the mean position and count of each occupied grid cell. */
  clusters: TileCluster[] | null;
}

/** The tile's part of the map list (an answer envelope, as the map call gives it). */
export function summariseTile(tile: Tile, mapAnswer: { data?: GeoDeviceMapItem[] } & Record<string, unknown>, forceNoSum: boolean) {
  const bounds = tileBounds(tile);
  const inside = (mapAnswer.data ?? []).filter(
    (d) =>
      d.latitude !== null &&
      d.longitude !== null &&
      d.latitude <= bounds.north &&
      d.latitude > bounds.south &&
      d.longitude >= bounds.west &&
      d.longitude < bounds.east,
  );
  const summary: TileSummary = { tile: { ...tile, ...bounds }, total: inside.length, devices: null, clusters: null };
  if (forceNoSum || inside.length <= SUM_ABOVE) summary.devices = inside;
  else summary.clusters = clustersOf(inside, bounds);
  return { ...mapAnswer, data: summary, meta: undefined };
}

function clustersOf(devices: GeoDeviceMapItem[], b: TileBounds): TileCluster[] {
  const cells = new Map<number, { lat: number; lon: number; count: number }>();
  for (const d of devices) {
    const row = Math.min(GRID - 1, Math.floor(((b.north - d.latitude!) / (b.north - b.south)) * GRID));
    const column = Math.min(GRID - 1, Math.floor(((d.longitude! - b.west) / (b.east - b.west)) * GRID));
    const cell = cells.get(row * GRID + column) ?? { lat: 0, lon: 0, count: 0 };
    cell.lat += d.latitude!;
    cell.lon += d.longitude!;
    cell.count += 1;
    cells.set(row * GRID + column, cell);
  }
  return [...cells.values()].map((c) => ({ latitude: c.lat / c.count, longitude: c.lon / c.count, count: c.count }));
}
