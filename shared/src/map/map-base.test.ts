/** @jest-environment jsdom */
import { fakeFetch, ok } from '../testing/page-test-kit';
import { forgetClientConfig, openMapBase, type MapBase } from './map-base';
import type * as Leaflet from 'leaflet';
import { BASEMAP_PANE, joinAcrossAntimeridian } from './offline-basemap';

/**
 * protomaps-leaflet's own dependencies are ES modules Jest does not load; a stand-in builds a plain
 * GridLayer from the options given (with the background the library paints), so the test sees what the
 * base asked for. The real library is tried in the browser.
 */
jest.mock('protomaps-leaflet', () => ({
  leafletLayer: (options: Record<string, unknown>) => {
    const { GridLayer } = (globalThis as unknown as { L: typeof Leaflet }).L;
    return Object.assign(new GridLayer(options as Leaflet.GridLayerOptions), { backgroundColor: '#cccccc' });
  },
}));

// The real Leaflet, in jsdom: it builds its panes and controls, though jsdom draws and loads nothing.
const TILES = { mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', mapAttribution: 'Test tiles' };

let opened: MapBase[] = [];
const open = async (options: Partial<Parameters<typeof openMapBase>[1]> = {}) => {
  const container = document.createElement('div');
  document.body.append(container);
  const base = await openMapBase(container, {
    view: () => ({ center: [-26.2, 28.04], zoom: 5 }),
    onTilesFailed: () => {},
    cancelled: () => false,
    tiles: TILES,
    ...options,
  });
  if (base) opened.push(base);
  return { base, container };
};
/** The layers drawn in the basemap's pane, once the lazily loaded outlines are there. */
const outlinesOf = (base: MapBase) =>
  new Promise<Leaflet.Layer[]>((resolve) => {
    const check = () => {
      const found: Leaflet.Layer[] = [];
      base.map.eachLayer((layer) => {
        if (layer.options.pane === BASEMAP_PANE) found.push(layer);
      });
      if (found.length > 0) resolve(found);
      else setTimeout(check, 10);
    };
    check();
  });

beforeEach(() => forgetClientConfig());
afterEach(() => {
  opened.forEach((base) => base.close());
  opened = [];
});

describe('map base', () => {
  test('draws the configured tiles with their credit', async () => {
    const { base, container } = await open();
    const tile = container.querySelector('img.leaflet-tile');
    expect(tile?.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:9\/5\//);
    expect(container.querySelector('.leaflet-control-attribution')).toHaveTextContent('Test tiles');
    expect(base!.map.getZoom()).toBe(5);
  });

  test('the tiles and their credit come from GET /api/config/client', async () => {
    const { callsTo } = fakeFetch(() => ok({ mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png', mapAttribution: 'Example credit' }));
    const { container } = await open({ tiles: undefined });
    expect(callsTo('/api/config/client')).toHaveLength(1);
    expect(container.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\.test\//);
    expect(container.querySelector('.leaflet-control-attribution')).toHaveTextContent('Example credit');
  });

  test('the shipped Natural Earth outlines are drawn under the tiles, credited, with no network', async () => {
    const { base, container } = await open();
    const countries = await outlinesOf(base!);
    // world-atlas's 1:110m countries: well over a hundred outlines, South Africa among them.
    expect(countries.length).toBeGreaterThan(150);
    expect(
      countries.some((layer) => (layer as Leaflet.GeoJSON & { feature?: GeoJSON.Feature }).feature?.properties?.name === 'South Africa'),
    ).toBe(true);
    // Leaflet's tile pane sits at z-index 200: the outlines are under it, so tiles that load cover them.
    expect(Number(base!.map.getPane(BASEMAP_PANE)!.style.zIndex)).toBeLessThan(200);
    expect(container.querySelector('.leaflet-control-attribution')).toHaveTextContent('Natural Earth');
  });

  test("an installation's own PMTiles archive is drawn instead of the tile server, with no background over the outlines", async () => {
    const { base, container } = await open({ tiles: { ...TILES, mapPmtilesUrl: '/api/map/tiles.pmtiles' } });
    expect(container.querySelector('img.leaflet-tile')).toBeNull();
    const archives: Array<Leaflet.Layer & { options: Record<string, unknown>; backgroundColor?: string }> = [];
    base!.map.eachLayer((layer) => {
      if ((layer.options as { url?: string }).url) archives.push(layer as (typeof archives)[number]);
    });
    expect(archives).toHaveLength(1);
    expect(archives[0]!.options).toMatchObject({ url: '/api/map/tiles.pmtiles', flavor: 'light', attribution: 'Test tiles' });
    expect(archives[0]!.backgroundColor).toBeUndefined();
    expect(container.querySelector('.leaflet-control-attribution')).toHaveTextContent('Test tiles');
    expect(await outlinesOf(base!)).not.toHaveLength(0);
  });

  test('a failing first tile is reported, and a loaded tile clears it', async () => {
    const reports: boolean[] = [];
    const { container } = await open({ onTilesFailed: (failed) => reports.push(failed) });
    const tiles = Array.from(container.querySelectorAll('img.leaflet-tile'));
    tiles[0]!.dispatchEvent(new Event('error'));
    expect(reports).toEqual([true]);
    tiles[0]!.dispatchEvent(new Event('load'));
    expect(reports).toEqual([true, false]);
  });

  test('a map closed before it started is never made', async () => {
    const { base, container } = await open({ cancelled: () => true });
    expect(base).toBeNull();
    expect(container.querySelector('.leaflet-pane')).toBeNull();
  });

  test('closing removes the map', async () => {
    const { base, container } = await open();
    opened = [];
    base!.close();
    expect(container.querySelector('.leaflet-pane')).toBeNull();
  });
});

describe('offline outlines', () => {
  const ring = (...lngs: number[]) => lngs.map((lng, i) => [lng, -17 + (i % 2) / 10]);
  const polygon = (coordinates: number[][][]): GeoJSON.FeatureCollection => ({
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates } }],
  });
  const ringsOf = (collection: GeoJSON.FeatureCollection) => (collection.features[0]!.geometry as GeoJSON.Polygon).coordinates;

  test('a shape across the antimeridian is drawn in one piece, not as a line round the world', () => {
    const fiji = ring(178, 180, -180, -179.5, -180, 180, 178);
    expect(ringsOf(joinAcrossAntimeridian(polygon([fiji])))[0]!.map(([lng]) => lng)).toEqual([178, 180, 180, 180.5, 180, 180, 178]);
  });

  test('shapes that do not cross it, and a ring round the pole, stay as they are', () => {
    const africa = ring(20, 30, 25, 20);
    const antarctica = ring(-180, -90, 0, 90, 180, -180);
    expect(ringsOf(joinAcrossAntimeridian(polygon([africa, antarctica])))).toEqual([africa, antarctica]);
  });
});
