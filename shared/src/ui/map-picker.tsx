/**
 * The product's one map for choosing a position (tenants, locations, anything with lat/lng): a click on
 * the map or a drag of the marker picks a position, and a position typed elsewhere moves the marker.
 * The map never owns the coordinates: the page's own lat/lng fields do, and this only draws and reports
 * picks, so the fields work (and are testable) with no map at all.
 *
 * The map itself (configured tiles, their credit, the offline outlines under them) is the shared base in
 * map/map-base. Where tiles cannot load (no internet, a blocked tile server) the map says so, still draws
 * the outlines and the marker, and the fields still work. A failure to load or start Leaflet is shown as
 * the same notice rather than breaking the page.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '../map/map-theme.css';
import { normaliseCoordinate } from '../geo';
import { openMapBase, type MapBase, type MapTiles } from '../map/map-base';
import { MESSAGES } from '../messages';
import { isValidPosition } from '../validation';

// Kept where pages and tests have always found them.
export { forgetClientConfig, loadClientConfig, TILE_WAIT_MS, type MapTiles } from '../map/map-base';

export interface MapPosition {
  lat: number;
  lng: number;
}

export interface MapPickerProps {
  /** The position the page's fields hold; null, out of range or the 999 placeholder shows no marker. */
  lat: number | null | undefined;
  lng: number | null | undefined;
  /** A click on the map or a dragged marker: the page writes this into its fields. */
  onPick(position: MapPosition): void;
  /** Where the map opens when there is no position yet (the whole world when not given). */
  center?: MapPosition | null;
  height?: number | string;
  /** Names the map for assistive technology. */
  label?: string;
  /** Tiles to draw instead of the server's configuration (tests, special maps). */
  tiles?: MapTiles;
}

const ZOOM_WITH_POSITION = 13;
const ZOOM_WORLD = 2;

const inRange = (lat: number, lng: number) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** A position the map can show: both numbers, in range, and not the 999 placeholder. */
export function showablePosition(lat: number | null | undefined, lng: number | null | undefined): MapPosition | null {
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return isValidPosition(lat, lng) && inRange(lat, lng) ? { lat, lng } : null;
}

/** A picked point, normalised as the spec keeps coordinates (4 decimals) and wrapped into -180..180. */
export function pickedPosition(point: { lat: number; lng: number }): MapPosition {
  const lng = ((((point.lng + 180) % 360) + 360) % 360) - 180;
  return { lat: normaliseCoordinate(Math.max(-90, Math.min(90, point.lat))), lng: normaliseCoordinate(lng) };
}

/** A drawn pin: Leaflet's default marker needs image files that bundlers move about. */
const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="26" height="38" viewBox="0 0 26 38" aria-hidden="true">' +
  '<path d="M13 1C6.4 1 1 6.3 1 12.9 1 22 13 37 13 37s12-15 12-24.1C25 6.3 19.6 1 13 1z" fill="#1677ff" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="13" cy="13" r="4.5" fill="#fff"/></svg>';

interface Drawn extends Pick<MapBase, 'L' | 'map'> {
  marker: Leaflet.Marker | null;
}

export function MapPicker({ lat, lng, onPick, center, height = 320, label = 'Map', tiles }: MapPickerProps) {
  const container = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const [ready, setReady] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [mapFailed, setMapFailed] = useState(false);

  // The latest props for Leaflet's handlers, which are bound once, and for the map and marker when they are made.
  const latest = useRef({ onPick, position: showablePosition(lat, lng), center, tiles, label });
  latest.current = { onPick, position: showablePosition(lat, lng), center, tiles, label };

  useEffect(() => {
    let cancelled = false;
    let base: MapBase | null = null;
    const pick = (point: { lat: number; lng: number }) => latest.current.onPick(pickedPosition(point));
    const view = () => {
      const start = latest.current.position ?? latest.current.center;
      return {
        center: start ? ([start.lat, start.lng] as [number, number]) : ([0, 0] as [number, number]),
        zoom: latest.current.position ? ZOOM_WITH_POSITION : ZOOM_WORLD,
      };
    };

    (async () => {
      if (!container.current) return;
      base = await openMapBase(container.current, {
        view,
        tiles: latest.current.tiles,
        onTilesFailed: setTilesFailed,
        cancelled: () => cancelled,
      });
      if (!base) return;
      if (cancelled) return base.close();
      base.map.on('click', (event: Leaflet.LeafletMouseEvent) => pick(event.latlng));
      drawn.current = { L: base.L, map: base.map, marker: null };
      setReady(true);
    })().catch((error: unknown) => {
      // Leaflet could not be downloaded or started: the fields below still do the job.
      console.error('[map-picker] the map could not be shown:', error);
      if (!cancelled) setMapFailed(true);
    });

    return () => {
      cancelled = true;
      drawn.current = null;
      base?.close();
    };
    // Tiles are read once: a map does not switch tile servers while it is shown.
  }, []);

  // The fields moved (typed, or a pick came back through them): the marker follows.
  useEffect(() => {
    const current = drawn.current;
    if (!ready || !current) return;
    const { L, map } = current;
    const position = showablePosition(lat, lng);
    if (!position) {
      current.marker?.remove();
      current.marker = null;
      return;
    }
    if (current.marker) {
      current.marker.setLatLng(position);
    } else {
      const icon = L.divIcon({ html: PIN_SVG, className: 'meridian-map-pin', iconSize: [26, 38], iconAnchor: [13, 37] });
      const marker = L.marker(position, { draggable: true, icon, title: latest.current.label, alt: latest.current.label });
      marker.on('dragend', () => latest.current.onPick(pickedPosition(marker.getLatLng())));
      marker.addTo(map);
      current.marker = marker;
    }
    if (!map.getBounds().contains(position)) map.setView(position, Math.max(map.getZoom(), ZOOM_WITH_POSITION));
  }, [ready, lat, lng]);

  return (
    <div>
      {(tilesFailed || mapFailed) && <Alert type="warning" showIcon title={MESSAGES.mapTilesUnavailable} style={{ marginBottom: 8 }} />}
      <div
        ref={container}
        role="application"
        aria-label={label}
        data-testid="map-picker"
        style={{ height, width: '100%', display: mapFailed ? 'none' : 'block', borderRadius: 8, overflow: 'hidden' }}
      />
    </div>
  );
}
