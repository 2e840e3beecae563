/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_CLIENT_CONFIG } from '../contract/client-config';
import { MESSAGES } from '../messages';
import { fail, fakeFetch, ok } from '../testing/page-test-kit';
import { Evented, FakeMapSurface } from '../testing/fake-leaflet';
import { forgetClientConfig, TILE_WAIT_MS } from './map-picker';
import { numberedSeries, PointsMap, seriesColour, type MapPoint } from './points-map';

type LatLng = { lat: number; lng: number } | [number, number];
const drawn: { maps: FakeMap[]; layers: FakeTiles[]; groups: FakeGroup[]; outlines: number; failStart: boolean } = {
  maps: [],
  layers: [],
  groups: [],
  outlines: 0,
  failStart: false,
};
class FakeMap extends FakeMapSurface {
  view: { center: unknown; zoom: number } | null = null;
  fitted: LatLng[] | null = null;
  constructor(readonly options: { center: [number, number]; zoom: number }) {
    super();
  }
  setView = (center: unknown, zoom: number) => {
    this.view = { center, zoom };
    this.fitted = null;
    return this;
  };
  fitBounds = (bounds: { points: LatLng[] }) => {
    this.fitted = bounds.points;
    this.view = null;
    return this;
  };
}
class FakeTiles extends Evented {
  constructor(
    readonly url: string,
    readonly options: { attribution: string },
  ) {
    super();
  }
  addTo() {
    return this;
  }
}
class FakeMarker {
  tooltip: HTMLElement | null = null;
  constructor(
    readonly position: { lat: number; lng: number },
    readonly options: { title: string; icon: { html: string } },
  ) {}
  bindTooltip(content: HTMLElement) {
    this.tooltip = content;
    return this;
  }
  addTo(group: FakeGroup) {
    group.markers.push(this);
    return this;
  }
}
class FakeLine {
  constructor(
    readonly points: [number, number][],
    readonly options: { color: string },
  ) {}
  addTo(group: FakeGroup) {
    group.lines.push(this);
    return this;
  }
}
class FakeGroup {
  markers: FakeMarker[] = [];
  lines: FakeLine[] = [];
  addTo() {
    return this;
  }
  clearLayers() {
    this.markers = [];
    this.lines = [];
    return this;
  }
}
jest.mock('leaflet', () => ({
  geoJSON: () => {
    drawn.outlines += 1;
    return { addTo: () => ({}) };
  },
  map: (_element: HTMLElement, options: { center: [number, number]; zoom: number }) => {
    if (drawn.failStart) throw new Error('no canvas here');
    const map = new FakeMap(options);
    drawn.maps.push(map);
    return map;
  },
  tileLayer: (url: string, options: { attribution: string }) => {
    const layer = new FakeTiles(url, options);
    drawn.layers.push(layer);
    return layer;
  },
  layerGroup: () => {
    const group = new FakeGroup();
    drawn.groups.push(group);
    return group;
  },
  marker: (position: { lat: number; lng: number }, options: { title: string; icon: { html: string } }) => new FakeMarker(position, options),
  polyline: (points: [number, number][], options: { color: string }) => new FakeLine(points, options),
  divIcon: (options: { html: string }) => options,
  latLngBounds: (points: LatLng[]) => ({ points }),
}));

const TILES = { mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png', mapAttribution: 'Example' };

const STOPS: MapPoint[] = [
  { key: 'a', label: 'Visit Thandi Mokoena', lat: -26.2041, lng: 28.0473 },
  { key: 'b', label: 'Collect forms <b>now</b>', lat: null, lng: null },
  { key: 'c', label: 'Soweto branch', lat: -26.2485, lng: 27.854 },
];

const started = async () => waitFor(() => expect(drawn.groups).toHaveLength(1));
const group = () => drawn.groups[0]!;

beforeEach(() => {
  drawn.maps = [];
  drawn.layers = [];
  drawn.groups = [];
  drawn.outlines = 0;
  drawn.failStart = false;
  forgetClientConfig();
});
afterEach(() => jest.useRealTimers());

describe('points map', () => {
  test('draws a numbered marker per point with a position, in order, and the route line through them', async () => {
    render(<PointsMap points={STOPS} line tiles={TILES} label="Route" />);
    await started();
    await waitFor(() => expect(group().markers).toHaveLength(2));
    expect(group().markers.map((m) => m.options.title)).toEqual(['1. Visit Thandi Mokoena', '3. Soweto branch']);
    expect(group().markers[1]!.options.icon.html).toContain('>3</span>');
    expect(group().lines).toHaveLength(1);
    expect(group().lines[0]!.points).toEqual([
      [-26.2041, 28.0473],
      [-26.2485, 27.854],
    ]);
    // The map frames every point.
    expect(drawn.maps[0]!.fitted).toHaveLength(2);
  });

  test('names typed by users reach the tooltip as text, never as markup', async () => {
    render(<PointsMap points={[{ key: 'x', label: '<img src=x onerror=alert(1)>', lat: 1, lng: 2 }]} tiles={TILES} />);
    await started();
    await waitFor(() => expect(group().markers).toHaveLength(1));
    const tooltip = group().markers[0]!.tooltip!;
    expect(tooltip.textContent).toBe('1. <img src=x onerror=alert(1)>');
    expect(tooltip.querySelector('img')).toBeNull();
    // One point: shown close up.
    expect(drawn.maps[0]!.view).toEqual({ center: { lat: 1, lng: 2 }, zoom: 15 });
  });

  test('without the line option only markers are drawn', async () => {
    render(<PointsMap points={STOPS} tiles={TILES} />);
    await started();
    await waitFor(() => expect(group().markers).toHaveLength(2));
    expect(group().lines).toHaveLength(0);
  });

  test('several series each get their own colour, line and numbering', async () => {
    render(
      <PointsMap
        line
        tiles={TILES}
        series={[
          { key: 'p1', label: 'Plan one', points: STOPS },
          {
            key: 'p2',
            label: 'Plan two',
            points: [
              { key: 'd', label: 'Market', lat: -25.7, lng: 28.2 },
              { key: 'e', label: 'Clinic', lat: -25.8, lng: 28.3 },
            ],
          },
        ]}
      />,
    );
    await started();
    await waitFor(() => expect(group().markers).toHaveLength(4));
    expect(group().lines.map((l) => l.options.color)).toEqual([seriesColour(0), seriesColour(1)]);
    expect(group().markers.map((m) => m.options.title)).toEqual(['1. Visit Thandi Mokoena', '3. Soweto branch', '1. Market', '2. Clinic']);
    expect(within(screen.getByRole('table', { name: 'Plan two' })).getByText('Clinic')).toBeInTheDocument();
  });

  test('the ordered list is always there, folded under a working map', async () => {
    render(<PointsMap points={STOPS} tiles={TILES} label="Route" />);
    await started();
    expect(screen.getByText(`${MESSAGES.pointsInOrder} (3)`).closest('details')).not.toHaveAttribute('open');
    const rows = within(screen.getByRole('table', { name: 'Route' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1Visit Thandi Mokoena-26.20410028.047300',
      `2Collect forms <b>now</b>${MESSAGES.noPosition}`,
      '3Soweto branch-26.24850027.854000',
    ]);
    expect(screen.queryByText(MESSAGES.pointsMapUnavailable)).not.toBeInTheDocument();
  });

  test('tiles that fail to load: the points stay drawn over the shipped outlines, and the plain list of points in order unfolds', async () => {
    render(<PointsMap points={STOPS} line tiles={TILES} label="Route" />);
    await started();
    await waitFor(() => expect(drawn.outlines).toBe(1));
    act(() => drawn.layers[0]!.fire('tileerror'));
    expect(screen.getByText(MESSAGES.pointsMapUnavailable)).toBeInTheDocument();
    expect(screen.getByTestId('points-map')).toBeVisible();
    expect(group().markers).toHaveLength(2);
    expect(group().lines).toHaveLength(1);
    expect(screen.queryByText(`${MESSAGES.pointsInOrder} (3)`)).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Route' })).toBeVisible();
    // A tile that arrives after all folds the list away again.
    act(() => drawn.layers[0]!.fire('tileload'));
    expect(screen.queryByText(MESSAGES.pointsMapUnavailable)).not.toBeInTheDocument();
    expect(screen.getByText(`${MESSAGES.pointsInOrder} (3)`)).toBeInTheDocument();
  });

  test('tiles that never answer give way to the list after a while', async () => {
    jest.useFakeTimers();
    render(<PointsMap points={STOPS} tiles={TILES} />);
    await act(async () => {
      await Promise.resolve();
    });
    await started();
    act(() => jest.advanceTimersByTime(TILE_WAIT_MS));
    expect(screen.getByText(MESSAGES.pointsMapUnavailable)).toBeInTheDocument();
  });

  test('a map that cannot start shows the list instead of breaking the page', async () => {
    drawn.failStart = true;
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<PointsMap points={STOPS} tiles={TILES} label="Route" />);
    expect(await screen.findByText(MESSAGES.pointsMapUnavailable)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Route' })).getByText('Soweto branch')).toBeInTheDocument();
  });

  test('new points are drawn again without starting a new map', async () => {
    const view = render(<PointsMap points={STOPS} tiles={TILES} />);
    await started();
    await waitFor(() => expect(group().markers).toHaveLength(2));
    view.rerender(<PointsMap points={[STOPS[0]!]} tiles={TILES} />);
    await waitFor(() => expect(group().markers).toHaveLength(1));
    expect(drawn.maps).toHaveLength(1);
  });

  test('no points: the whole world, and the list says so', async () => {
    render(<PointsMap points={[]} tiles={TILES} />);
    await started();
    await waitFor(() => expect(drawn.maps[0]!.view).toEqual({ center: [0, 0], zoom: 2 }));
    expect(screen.getByText(MESSAGES.noPointsToShow)).toBeInTheDocument();
  });

  test('the tile server comes from GET /api/config/client, with OpenStreetMap when it cannot answer', async () => {
    const { callsTo } = fakeFetch(() => ok(TILES));
    const first = render(<PointsMap points={STOPS} />);
    await started();
    expect(drawn.layers[0]!.url).toBe(TILES.mapTileUrl);
    expect(callsTo('/api/config/client')).toHaveLength(1);
    first.unmount();
    expect(drawn.maps[0]!.removed).toBe(true);

    forgetClientConfig();
    fakeFetch(() => fail(500, 'SERVER_ERROR', 'down'));
    render(<PointsMap points={STOPS} />);
    await waitFor(() => expect(drawn.layers).toHaveLength(2));
    expect(drawn.layers[1]!.url).toBe(DEFAULT_CLIENT_CONFIG.mapTileUrl);
  });

  test('numbering counts every point, and only real positions are drawable', () => {
    const [only] = numberedSeries(
      [
        { key: 'a', label: 'A', lat: 999, lng: 999 },
        { key: 'b', label: 'B', lat: 10, lng: 20 },
      ],
      undefined,
    );
    expect(only!.points.map((p) => [p.number, p.position])).toEqual([
      [1, null],
      [2, { lat: 10, lng: 20 }],
    ]);
    expect(numberedSeries(undefined, [{ key: 's', colour: 'red;background:url(x)', points: [] }])[0]!.colour).toBe(seriesColour(0));
  });
});
