/**
 * The page the live-map benchmark opens in Chromium (live-map-bench.mjs bundles it): the product's own
 * device layer and throttled store on a Leaflet map of 1280×800 px, with `DEVICES` devices that each
 * move once a second (a quarter of them at each of the store's flushes, as the socket delivers them).
 */
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { createLivePositions, type LivePosition } from '@meridian/shared/map/live-positions';
import { addDeviceLayer } from '../src/live-map/device-layer';
import type { DevicePoint } from '../src/live-map/device-clusters';

const params = new URLSearchParams(location.search);
const DEVICES = Number(params.get('devices') ?? 10_000);
const ZOOM = Number(params.get('zoom') ?? 11);
const centre: [number, number] = [-29.85, 31.0];

const map = L.map('map', { center: centre, zoom: ZOOM, maxZoom: 19 });
const layer = addDeviceLayer(L, map, { onSelect: () => undefined });
const points: DevicePoint[] = Array.from({ length: DEVICES }, (_, i) => ({
  id: `d${i}`,
  name: `Device ${i}`,
  lat: centre[0] - 0.5 + Math.random(),
  lng: centre[1] - 0.5 + Math.random(),
  status: i % 5 === 0 ? 'offline' : 'online',
  course: Math.random() * 360,
  moving: true,
}));
layer.setDevices(points);

type Live = LivePosition & { point: DevicePoint };
const store = createLivePositions<Live>();
store.subscribe((changed) => layer.move([...changed.values()].map((p) => ({ ...p.point, lat: p.lat, lng: p.lng }))));

let frames = 0;
const countFrames = () => {
  frames += 1;
  requestAnimationFrame(countFrames);
};
requestAnimationFrame(countFrames);

/** Every device once a second, in four batches (the server pushes a batch a second per tenant; four keeps it even). */
function startMoving() {
  let next = 0;
  setInterval(() => {
    const now = Date.now();
    for (let n = 0; n < DEVICES / 4; n++) {
      const point = points[(next + n) % DEVICES]!;
      point.lat += (Math.random() - 0.5) * 0.0008;
      point.lng += (Math.random() - 0.5) * 0.0008;
      store.update({ id: point.id, lat: point.lat, lng: point.lng, time: now, point });
    }
    next = (next + DEVICES / 4) % DEVICES;
  }, 250);
}

Object.assign(window, {
  bench: {
    start: startMoving,
    frames: () => frames,
    drawn: () => layer.drawn().length,
    pan: (x: number, y: number) => map.panBy([x, y], { animate: false }),
  },
});
