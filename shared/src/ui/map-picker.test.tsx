/** @jest-environment jsdom */
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DEFAULT_CLIENT_CONFIG } from '../contract/client-config';
import { MESSAGES } from '../messages';
import { fail, fakeFetch, ok } from '../testing/page-test-kit';
import { Evented, FakeMapSurface } from '../testing/fake-leaflet';
import { forgetClientConfig, MapPicker, pickedPosition, showablePosition, TILE_WAIT_MS, type MapPosition } from './map-picker';

const drawn: { maps: FakeMap[]; layers: FakeLayer[]; markers: FakeMarker[]; outlines: number; failStart: boolean } = {
  maps: [],
  layers: [],
  markers: [],
  outlines: 0,
  failStart: false,
};
class FakeMap extends FakeMapSurface {
  view: { center: unknown; zoom: number };
  constructor(readonly options: { center: [number, number]; zoom: number }) {
    super();
    this.view = { center: options.center, zoom: options.zoom };
  }
  getBounds = () => ({ contains: () => false });
  getZoom = () => this.view.zoom;
  setView = (center: unknown, zoom: number) => {
    this.view = { center, zoom };
    return this;
  };
}
class FakeLayer extends Evented {
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
class FakeMarker extends Evented {
  removed = false;
  constructor(
    public position: MapPosition,
    readonly options: { draggable: boolean },
  ) {
    super();
  }
  addTo() {
    return this;
  }
  setLatLng(position: MapPosition) {
    this.position = position;
    return this;
  }
  getLatLng() {
    return this.position;
  }
  remove() {
    this.removed = true;
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
    const layer = new FakeLayer(url, options);
    drawn.layers.push(layer);
    return layer;
  },
  marker: (position: MapPosition, options: { draggable: boolean }) => {
    const marker = new FakeMarker(position, options);
    drawn.markers.push(marker);
    return marker;
  },
  divIcon: () => ({}),
}));

const TILES = { mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png', mapAttribution: 'Example' };

/** A page that keeps the coordinates in its own fields, as forms do. */
function Page({ start }: { start: { lat: number | null; lng: number | null } }) {
  const [position, setPosition] = useState(start);
  return (
    <>
      <label>
        Latitude
        <input
          value={position.lat ?? ''}
          onChange={(e) => setPosition((p) => ({ ...p, lat: e.target.value === '' ? null : Number(e.target.value) }))}
        />
      </label>
      <output data-testid="position">{`${position.lat},${position.lng}`}</output>
      <MapPicker lat={position.lat} lng={position.lng} onPick={setPosition} tiles={TILES} />
    </>
  );
}

const started = async () => waitFor(() => expect(drawn.maps).toHaveLength(1));

beforeEach(() => {
  drawn.maps = [];
  drawn.layers = [];
  drawn.markers = [];
  drawn.outlines = 0;
  drawn.failStart = false;
  forgetClientConfig();
});
afterEach(() => jest.useRealTimers());

describe('map picker', () => {
  test('a click on the map sets the coordinates, normalised to 4 decimals', async () => {
    render(<Page start={{ lat: null, lng: null }} />);
    await started();
    expect(drawn.maps[0]!.options.zoom).toBe(2);
    act(() => drawn.maps[0]!.fire('click', { latlng: { lat: -26.204103, lng: 28.047305 } }));
    expect(screen.getByTestId('position')).toHaveTextContent('-26.2041,28.0473');
    expect(drawn.markers).toHaveLength(1);
    expect(drawn.markers[0]!.options.draggable).toBe(true);
  });

  test('dragging the marker sets the coordinates', async () => {
    render(<Page start={{ lat: -26.2, lng: 28.04 }} />);
    await started();
    await waitFor(() => expect(drawn.markers).toHaveLength(1));
    act(() => {
      drawn.markers[0]!.setLatLng({ lat: -29.85, lng: 31.02 });
      drawn.markers[0]!.fire('dragend');
    });
    expect(screen.getByTestId('position')).toHaveTextContent('-29.85,31.02');
  });

  test('typed coordinates move the marker, and clearing them removes it', async () => {
    render(<Page start={{ lat: -26.2, lng: 28.04 }} />);
    await started();
    await waitFor(() => expect(drawn.markers).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '-33.9' } });
    expect(drawn.markers[0]!.position).toEqual({ lat: -33.9, lng: 28.04 });
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '' } });
    expect(drawn.markers[0]!.removed).toBe(true);
  });

  test('tiles that fail to load show the notice, and the map stays usable', async () => {
    render(<Page start={{ lat: null, lng: null }} />);
    await started();
    expect(screen.queryByText(MESSAGES.mapTilesUnavailable)).not.toBeInTheDocument();
    act(() => drawn.layers[0]!.fire('tileerror'));
    expect(screen.getByText(MESSAGES.mapTilesUnavailable)).toBeInTheDocument();
    act(() => drawn.maps[0]!.fire('click', { latlng: { lat: 1, lng: 2 } }));
    expect(screen.getByTestId('position')).toHaveTextContent('1,2');
  });

  test('tiles that never answer show the notice after a while', async () => {
    jest.useFakeTimers();
    render(<Page start={{ lat: null, lng: null }} />);
    await act(async () => {
      await Promise.resolve();
    });
    await started();
    act(() => jest.advanceTimersByTime(TILE_WAIT_MS));
    expect(screen.getByText(MESSAGES.mapTilesUnavailable)).toBeInTheDocument();
  });

  test('a tile that loads keeps the notice away, even if another fails', async () => {
    render(<Page start={{ lat: null, lng: null }} />);
    await started();
    act(() => {
      drawn.layers[0]!.fire('tileload');
      drawn.layers[0]!.fire('tileerror');
    });
    expect(screen.queryByText(MESSAGES.mapTilesUnavailable)).not.toBeInTheDocument();
  });

  test('a map that cannot start shows the notice instead of breaking the page', async () => {
    drawn.failStart = true;
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<Page start={{ lat: 1, lng: 2 }} />);
    expect(await screen.findByText(MESSAGES.mapTilesUnavailable)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '5' } });
    expect(screen.getByTestId('position')).toHaveTextContent('5,2');
  });

  test('the tile server comes from GET /api/config/client, asked once', async () => {
    const { callsTo } = fakeFetch(() => ok(TILES));
    const first = render(<MapPicker lat={null} lng={null} onPick={() => {}} />);
    await started();
    expect(drawn.layers[0]!.url).toBe(TILES.mapTileUrl);
    expect(drawn.layers[0]!.options.attribution).toBe(TILES.mapAttribution);
    first.unmount();
    expect(drawn.maps[0]!.removed).toBe(true);
    render(<MapPicker lat={null} lng={null} onPick={() => {}} />);
    await waitFor(() => expect(drawn.maps).toHaveLength(2));
    expect(callsTo('/api/config/client')).toHaveLength(1);
  });

  test('without the server settings the map falls back to OpenStreetMap', async () => {
    fakeFetch(() => fail(500, 'SERVER_ERROR', 'down'));
    render(<MapPicker lat={null} lng={null} onPick={() => {}} />);
    await started();
    expect(drawn.layers[0]!.url).toBe(DEFAULT_CLIENT_CONFIG.mapTileUrl);
  });

  test('only real, in-range positions are drawn, and picks wrap round the world', () => {
    expect(showablePosition(-26.2, 28)).toEqual({ lat: -26.2, lng: 28 });
    expect(showablePosition(999, 999)).toBeNull();
    expect(showablePosition(91, 0)).toBeNull();
    expect(showablePosition(null, 0)).toBeNull();
    expect(pickedPosition({ lat: 10, lng: 190 })).toEqual({ lat: 10, lng: -170 });
  });
});
