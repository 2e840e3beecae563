/**
 * A stand-in for the map base (shared/map/map-base) in component tests: jsdom draws no map, so a test
 * gets a Leaflet-shaped object that records what the page did (views set, layers added, events bound)
 * and projects positions with simple arithmetic (1 degree = 1,000 px around 26°S 28°E), so that a
 * device layer can be drawn and its dots read. A test fires map events itself (`map.fire('click', ...)`).
 */
import { Evented, FakeMapSurface } from '@meridian/shared/testing/fake-leaflet';

type LatLngInput = [number, number] | { lat: number; lng: number };
const latLngOf = (input: LatLngInput) => (Array.isArray(input) ? { lat: input[0], lng: input[1] } : { lat: input.lat, lng: input.lng });

export class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
  multiplyBy(n: number) {
    return new Point(this.x * n, this.y * n);
  }
  add(p: Point) {
    return new Point(this.x + p.x, this.y + p.y);
  }
  subtract(p: Point) {
    return new Point(this.x - p.x, this.y - p.y);
  }
  round() {
    return new Point(Math.round(this.x), Math.round(this.y));
  }
}

const ORIGIN = { lat: -26, lng: 28 };
const PX_PER_DEGREE = 1000;

export class FakeShape extends Evented {
  removed = false;
  style: Record<string, unknown> = {};
  tooltip: unknown = null;
  pm = { enable: jest.fn(), disable: jest.fn() };
  constructor(
    readonly kind: string,
    public latLngs: unknown,
    readonly options: Record<string, unknown> = {},
  ) {
    super();
  }
  addTo(target: { added: FakeShape[] }) {
    target.added.push(this);
    return this;
  }
  remove() {
    this.removed = true;
    return this;
  }
  bindTooltip(content: unknown) {
    this.tooltip = content;
    return this;
  }
  setStyle(style: Record<string, unknown>) {
    Object.assign(this.style, style);
    return this;
  }
  setLatLng(latLng: LatLngInput) {
    this.latLngs = latLngOf(latLng);
    return this;
  }
  getLatLng() {
    return this.latLngs as { lat: number; lng: number };
  }
  getLatLngs() {
    return this.latLngs;
  }
  getRadius() {
    return Number(this.options.radius ?? 0);
  }
  setRadius(radius: number) {
    this.options.radius = radius;
    return this;
  }
  getBounds() {
    return { getCenter: () => ({ lat: ORIGIN.lat, lng: ORIGIN.lng }) };
  }
}

export class FakeGroup {
  added: FakeShape[] = [];
  removed = false;
  addTo(map: FakeMap) {
    map.added.push(this as unknown as FakeShape);
    return this;
  }
  remove() {
    this.removed = true;
    return this;
  }
  getLayers() {
    return this.added;
  }
  getBounds() {
    return {};
  }
}

export class FakeMap extends FakeMapSurface {
  zoom = 17;
  centre = { ...ORIGIN };
  added: FakeShape[] = [];
  views: { centre: { lat: number; lng: number }; zoom?: number }[] = [];
  pans: { lat: number; lng: number }[] = [];
  container = document.createElement('div');
  pm = {
    setGlobalOptions: jest.fn(),
    enableDraw: jest.fn(),
    disableDraw: jest.fn(),
  };
  off(name: string, handler: (event?: unknown) => void) {
    this.handlers.set(
      name,
      (this.handlers.get(name) ?? []).filter((h) => h !== handler),
    );
    return this;
  }
  override getContainer = () => this.container;
  getZoom = () => this.zoom;
  getCenter = () => this.centre;
  getSize = () => new Point(1000, 800);
  getBounds = () => ({ contains: () => true });
  getZoomScale = () => 1;
  project = () => new Point(0, 0);
  setView = (centre: LatLngInput, zoom?: number) => {
    this.views.push({ centre: latLngOf(centre), zoom });
    return this;
  };
  panTo = (centre: LatLngInput) => {
    this.pans.push(latLngOf(centre));
    return this;
  };
  fitBounds = () => this;
  containerPointToLayerPoint = (p: Point) => p;
  latLngToLayerPoint = (input: LatLngInput) => {
    const { lat, lng } = latLngOf(input);
    return new Point((lng - ORIGIN.lng) * PX_PER_DEGREE, (ORIGIN.lat - lat) * PX_PER_DEGREE);
  };
  layerPointToLatLng = (p: Point) => ({ lat: ORIGIN.lat - p.y / PX_PER_DEGREE, lng: ORIGIN.lng + p.x / PX_PER_DEGREE });
}

/** The layers made from Leaflet's Layer class (the device layer): a moved device must not make another. */
export const made: { layers: number; instances: { items?: unknown[] }[] } = { layers: 0, instances: [] };

/** The Leaflet the fake base hands out: what the tracking pages call of it. */
export function fakeLeaflet() {
  class Layer {
    _map: FakeMap | null = null;
    static extend(proto: Record<string, unknown>) {
      return class extends Layer {
        constructor() {
          super();
          made.layers += 1;
          made.instances.push(this as { items?: unknown[] });
          Object.assign(this, proto);
        }
      };
    }
    addTo(map: FakeMap) {
      this._map = map;
      (this as unknown as { onAdd(): void }).onAdd();
      const events = (this as unknown as { getEvents(): Record<string, (e?: unknown) => void> }).getEvents();
      for (const [name, handler] of Object.entries(events)) map.on(name, handler);
      return this;
    }
    remove() {
      (this as unknown as { onRemove(): void }).onRemove();
      return this;
    }
  }
  const shape = (kind: string) => (latLngs: unknown, options?: Record<string, unknown>) => new FakeShape(kind, latLngs, options);
  return {
    Layer,
    PM: { reInitLayer: jest.fn() },
    DomUtil: {
      create: (tag: string, className: string, parent?: HTMLElement) => {
        const element = document.createElement(tag);
        element.className = className;
        parent?.appendChild(element);
        return element;
      },
      setPosition: () => undefined,
      setTransform: () => undefined,
    },
    Util: {
      requestAnimFrame: (fn: () => void) => setTimeout(fn, 0) as unknown as number,
      cancelAnimFrame: (id: number) => clearTimeout(id),
    },
    point: (x: number, y: number) => new Point(x, y),
    latLngBounds: (points: unknown) => ({ points }),
    layerGroup: () => new FakeGroup(),
    featureGroup: () => new FakeGroup(),
    polyline: shape('polyline'),
    polygon: shape('polygon'),
    circle: (centre: LatLngInput, options?: Record<string, unknown>) => new FakeShape('circle', latLngOf(centre), options),
    circleMarker: (centre: LatLngInput, options?: Record<string, unknown>) => new FakeShape('circleMarker', latLngOf(centre), options),
  };
}

export const opened: { maps: FakeMap[] } = { maps: [] };

/** The stand-in for shared/map/map-base (jest.mock it with this). */
export const fakeMapBaseModule = () => ({
  openMapBase: async () => {
    const map = new FakeMap();
    opened.maps.push(map);
    return { L: fakeLeaflet(), map, close: () => map.remove() };
  },
  loadClientConfig: async () => ({}),
  forgetClientConfig: () => undefined,
  TILE_WAIT_MS: 15_000,
});

export function resetFakeMaps() {
  opened.maps = [];
  made.layers = 0;
  made.instances = [];
}
