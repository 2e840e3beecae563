/**
 * What the live map draws for its devices in the current view: each device that has a cell of the
 * screen to itself as a dot, and devices sharing a cell as one cluster with their count.
 *
 * Clustering is a grid over screen pixels, made again for every drawing, rather than a precomputed
 * hierarchy (supercluster, Leaflet.markercluster): with 10,000 devices each moving once a second the
 * hierarchy would have to be rebuilt at every update (supercluster took 90-140 ms for 10,000 points on
 * this project's 2-core machine, and markercluster re-inserts a marker into its tree for every move),
 * while the grid costs one pass over the devices in view (a few milliseconds). Pure: no Leaflet, no DOM.
 */
import type { DeviceStatus } from '@meridian/shared/contract/geo-device';

export interface DevicePoint {
  id: string;
  name: string;
  lat: number;
  lng: number;
  status: DeviceStatus;
  /** Degrees; null when unknown. */
  course: number | null;
  moving: boolean;
}

export interface ScreenPoint {
  x: number;
  y: number;
}

export type DrawnItem =
  | { kind: 'device'; id: string; x: number; y: number; status: DeviceStatus; course: number | null; moving: boolean; selected: boolean }
  | { kind: 'cluster'; x: number; y: number; count: number; /** Counts per status, for the cluster's ring. */ online: number };

export interface ViewBox {
  width: number;
  height: number;
}

export interface ClusterOptions {
  /** Side of a grid cell in pixels: devices closer than about this share a cluster. */
  cellPx: number;
  /** False at close zoom: every device is drawn on its own. */
  clustering: boolean;
  /** Drawn on its own and on top, whatever its neighbours. */
  selectedId: string | null;
}

/** A device's cell, as one number (cells are small integers, the view is at most a few thousand pixels). */
const cellKey = (x: number, y: number, cellPx: number) => Math.floor(x / cellPx) * 65_536 + Math.floor(y / cellPx);

interface Cell {
  count: number;
  sumX: number;
  sumY: number;
  online: number;
  first: DevicePoint;
  firstAt: ScreenPoint;
}

const deviceItem = (point: DevicePoint, at: ScreenPoint, selected: boolean): DrawnItem => ({
  kind: 'device',
  id: point.id,
  x: at.x,
  y: at.y,
  status: point.status,
  course: point.course,
  moving: point.moving,
  selected,
});

/**
 * The items to draw in a view of `box` (with `margin` pixels around it, so dots at the edge are not cut
 * off): devices projected to screen pixels by `project`, clustered per grid cell.
 */
export function itemsInView(
  points: Iterable<DevicePoint>,
  project: (lat: number, lng: number) => ScreenPoint,
  box: ViewBox,
  options: ClusterOptions,
  margin = 32,
): DrawnItem[] {
  const cells = new Map<number, Cell>();
  const singles: DrawnItem[] = [];
  let selected: DrawnItem | null = null;
  for (const point of points) {
    const at = project(point.lat, point.lng);
    if (at.x < -margin || at.y < -margin || at.x > box.width + margin || at.y > box.height + margin) continue;
    if (point.id === options.selectedId) {
      selected = deviceItem(point, at, true);
      continue;
    }
    if (!options.clustering) {
      singles.push(deviceItem(point, at, false));
      continue;
    }
    const key = cellKey(at.x + margin, at.y + margin, options.cellPx);
    const cell = cells.get(key);
    if (cell) {
      cell.count += 1;
      cell.sumX += at.x;
      cell.sumY += at.y;
      if (point.status === 'online') cell.online += 1;
    } else {
      cells.set(key, { count: 1, sumX: at.x, sumY: at.y, online: point.status === 'online' ? 1 : 0, first: point, firstAt: at });
    }
  }
  const items = singles;
  for (const cell of cells.values()) {
    if (cell.count === 1) items.push(deviceItem(cell.first, cell.firstAt, false));
    else items.push({ kind: 'cluster', x: cell.sumX / cell.count, y: cell.sumY / cell.count, count: cell.count, online: cell.online });
  }
  if (selected) items.push(selected);
  return items;
}

/** Drawn radius of an item in pixels: clusters grow with the log of their count. */
export const DEVICE_RADIUS = 7;
export const radiusOf = (item: DrawnItem) => (item.kind === 'device' ? DEVICE_RADIUS : Math.min(26, 13 + Math.log10(item.count) * 5));

/** The item under a pointer at (x, y), the top-most (last drawn) first; null when none is within its radius (plus `slop`). */
export function itemAt(items: readonly DrawnItem[], x: number, y: number, slop = 4): DrawnItem | null {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    const reach = radiusOf(item) + slop;
    const dx = item.x - x;
    const dy = item.y - y;
    if (dx * dx + dy * dy <= reach * reach) return item;
  }
  return null;
}
