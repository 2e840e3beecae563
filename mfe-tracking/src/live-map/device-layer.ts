/**
 * The live map's devices as one Leaflet layer drawing on one canvas: a dot per device (its status's
 * colour, an arrow of its course while it moves), clusters with their count where devices crowd, and
 * the selected device ringed on top. 10,000 DOM markers (or SVG paths) cost a layout and a paint each
 * whenever one moves; one canvas is redrawn at most once per animation frame whatever moved.
 *
 * A position moves its device in place (`move`): the layer and its canvas live as long as the map, and
 * a redraw is only scheduled. Like Leaflet's own renderers, the canvas covers the view with a margin,
 * sits in a map pane (so it pans with the map for free) and is scaled during a zoom animation; it is
 * drawn again when a pan or zoom ends. The layer is built from the Leaflet the map base loaded, so it
 * needs no copy of Leaflet of its own.
 */
import type * as Leaflet from 'leaflet';
import { STATUS_COLOURS } from '../parts/status-colours';
import { itemAt, itemsInView, radiusOf, type DevicePoint, type DrawnItem } from './device-clusters';

/** Above the geofences (overlay pane, 400), under Leaflet's markers and popups (600, 700). */
const DEVICE_PANE = 'meridian-devices';
const DEVICE_PANE_Z = '450';
/** Share of the view drawn beyond each edge, so a short pan shows dots before the redraw. */
const PADDING = 0.1;
const CELL_PX = 56;
/** From this zoom on every device is drawn on its own (a street: vehicles rarely stand closer than the dots). */
export const NO_CLUSTERS_FROM_ZOOM = 16;
/** How far a click into a cluster zooms in. */
const CLUSTER_ZOOM_STEP = 2;

const CLUSTER_COLOUR = '#1668dc';
const SELECTED_RING = '#fa8c16';

export interface DeviceLayer {
  /** Replaces every device (the list loaded, or loaded again). */
  setDevices(points: Iterable<DevicePoint>): void;
  /** Moves or changes the given devices in place; the canvas is redrawn once, in the next frame. */
  move(points: Iterable<DevicePoint>): void;
  select(id: string | null): void;
  pointOf(id: string): DevicePoint | undefined;
  /** What the last drawing showed (for tests and for pointer hits). */
  drawn(): readonly DrawnItem[];
  remove(): void;
}

export interface DeviceLayerOptions {
  /** A click on a device's dot. */
  onSelect(id: string): void;
}

type DeviceCanvasLayer = Leaflet.Layer & {
  points: Map<string, DevicePoint>;
  selectedId: string | null;
  items: DrawnItem[];
  schedule(): void;
};

export function addDeviceLayer(L: typeof Leaflet, map: Leaflet.Map, options: DeviceLayerOptions): DeviceLayer {
  const pane = map.getPane(DEVICE_PANE) ?? map.createPane(DEVICE_PANE);
  pane.style.zIndex = DEVICE_PANE_Z;
  // The canvas never takes the pointer: clicks reach the map, which finds the dot under them.
  pane.style.pointerEvents = 'none';

  let canvas: HTMLCanvasElement | null = null;
  let origin: Leaflet.Point = L.point(0, 0);
  let viewCentre: Leaflet.LatLng = map.getCenter();
  let viewZoom = map.getZoom();
  let frame: number | null = null;

  const CanvasLayer = L.Layer.extend({
    points: new Map<string, DevicePoint>(),
    selectedId: null as string | null,
    items: [] as DrawnItem[],

    onAdd(this: DeviceCanvasLayer) {
      canvas = L.DomUtil.create('canvas', 'leaflet-zoom-animated meridian-device-canvas', pane);
      canvas.setAttribute('aria-hidden', 'true');
      reset();
    },
    onRemove() {
      if (frame !== null) L.Util.cancelAnimFrame(frame);
      frame = null;
      canvas?.remove();
      canvas = null;
    },
    getEvents() {
      return { moveend: reset, viewreset: reset, zoom: onZoom, zoomanim: onAnimZoom, click: onClick, mousemove: onPointerMove };
    },
    schedule() {
      frame ??= L.Util.requestAnimFrame(() => {
        frame = null;
        draw();
      });
    },
  });
  const layer = new CanvasLayer() as DeviceCanvasLayer;
  // Per instance, not on the prototype that extend() shares.
  layer.points = new Map();
  layer.items = [];

  /** The canvas covers the view and a margin; its top-left is `origin` in layer pixels. */
  function reset() {
    if (!canvas) return;
    const size = map.getSize();
    origin = map.containerPointToLayerPoint(size.multiplyBy(-PADDING)).round();
    const box = size.multiplyBy(1 + 2 * PADDING).round();
    L.DomUtil.setPosition(canvas, origin);
    const ratio = window.devicePixelRatio || 1;
    canvas.width = box.x * ratio;
    canvas.height = box.y * ratio;
    canvas.style.width = `${box.x}px`;
    canvas.style.height = `${box.y}px`;
    viewCentre = map.getCenter();
    viewZoom = map.getZoom();
    draw();
  }

  /** During a zoom the drawn canvas is scaled about the zoom's centre, as Leaflet's renderers do. */
  function transformTo(centre: Leaflet.LatLng, zoom: number) {
    if (!canvas) return;
    const scale = map.getZoomScale(zoom, viewZoom);
    const half = map.getSize().multiplyBy(0.5 + PADDING);
    const centrePoint = map.project(viewCentre, zoom);
    const topLeft = half
      .multiplyBy(-scale)
      .add(centrePoint)
      .subtract((map as unknown as { _getNewPixelOrigin(c: Leaflet.LatLng, z: number): Leaflet.Point })._getNewPixelOrigin(centre, zoom));
    L.DomUtil.setTransform(canvas, topLeft, scale);
  }
  const onZoom = () => transformTo(map.getCenter(), map.getZoom());
  const onAnimZoom = (event: Leaflet.ZoomAnimEvent) => transformTo(event.center, event.zoom);

  function draw() {
    if (!canvas) return;
    const width = canvas.width / (window.devicePixelRatio || 1);
    const height = canvas.height / (window.devicePixelRatio || 1);
    layer.items = itemsInView(
      layer.points.values(),
      (lat, lng) => {
        const p = map.latLngToLayerPoint([lat, lng]);
        return { x: p.x - origin.x, y: p.y - origin.y };
      },
      { width, height },
      { cellPx: CELL_PX, clustering: map.getZoom() < NO_CLUSTERS_FROM_ZOOM, selectedId: layer.selectedId },
    );
    // No 2D context where there is no canvas (jsdom): what is drawn is still known for hits and tests.
    const context = canvas.getContext?.('2d');
    if (!context) return;
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    for (const item of layer.items) paint(context, item);
  }

  /** The item under a map pointer event, in the canvas's pixels. */
  const itemUnder = (event: Leaflet.LeafletMouseEvent) => itemAt(layer.items, event.layerPoint.x - origin.x, event.layerPoint.y - origin.y);

  function onClick(event: Leaflet.LeafletMouseEvent) {
    const item = itemUnder(event);
    if (!item) return;
    if (item.kind === 'device') options.onSelect(item.id);
    else map.setView(map.layerPointToLatLng(L.point(item.x + origin.x, item.y + origin.y)), map.getZoom() + CLUSTER_ZOOM_STEP);
  }
  function onPointerMove(event: Leaflet.LeafletMouseEvent) {
    map.getContainer().style.cursor = itemUnder(event) ? 'pointer' : '';
  }

  layer.addTo(map);

  return {
    setDevices(points) {
      layer.points.clear();
      for (const point of points) layer.points.set(point.id, point);
      layer.schedule();
    },
    move(points) {
      for (const point of points) layer.points.set(point.id, point);
      layer.schedule();
    },
    select(id) {
      layer.selectedId = id;
      layer.schedule();
    },
    pointOf: (id) => layer.points.get(id),
    drawn: () => layer.items,
    remove() {
      layer.remove();
    },
  };
}

function paint(context: CanvasRenderingContext2D, item: DrawnItem) {
  const radius = radiusOf(item);
  if (item.kind === 'cluster') {
    context.beginPath();
    context.arc(item.x, item.y, radius + 3, 0, Math.PI * 2);
    context.fillStyle = 'rgba(22, 104, 220, 0.25)';
    context.fill();
    context.beginPath();
    context.arc(item.x, item.y, radius, 0, Math.PI * 2);
    context.fillStyle = CLUSTER_COLOUR;
    context.fill();
    context.fillStyle = '#ffffff';
    context.font = '600 12px sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(item.count > 9999 ? `${Math.round(item.count / 1000)}k` : String(item.count), item.x, item.y);
    return;
  }
  if (item.selected) {
    context.beginPath();
    context.arc(item.x, item.y, radius + 5, 0, Math.PI * 2);
    context.lineWidth = 3;
    context.strokeStyle = SELECTED_RING;
    context.stroke();
  }
  context.beginPath();
  context.arc(item.x, item.y, radius, 0, Math.PI * 2);
  context.fillStyle = STATUS_COLOURS[item.status];
  context.fill();
  context.lineWidth = 2;
  context.strokeStyle = '#ffffff';
  context.stroke();
  if (item.moving && item.course !== null) paintHeading(context, item.x, item.y, radius, item.course);
}

/** A small arrow just outside the dot, pointing where the device heads (course: degrees clockwise from north). */
function paintHeading(context: CanvasRenderingContext2D, x: number, y: number, radius: number, course: number) {
  const angle = ((course - 90) * Math.PI) / 180;
  const tip = radius + 7;
  const base = radius + 1;
  const spread = 0.45;
  context.beginPath();
  context.moveTo(x + Math.cos(angle) * tip, y + Math.sin(angle) * tip);
  context.lineTo(x + Math.cos(angle - spread) * base, y + Math.sin(angle - spread) * base);
  context.lineTo(x + Math.cos(angle + spread) * base, y + Math.sin(angle + spread) * base);
  context.closePath();
  context.fillStyle = '#1f1f1f';
  context.fill();
}
