/**
 * The product's one map for showing ordered points (a route plan's stops, an agent's actions of a
 * day, one position): numbered markers, optionally joined by a line in their order, one colour per
 * series (several plans on one map). Nothing is picked here; MapPicker is the map for choosing.
 *
 * The map itself is the shared base in map/map-base, as for MapPicker (configured tiles and their
 * credit, Leaflet loaded on demand, the shipped Natural Earth outlines under the tiles). Where the tiles
 * cannot load, the points and lines are still drawn over those outlines, and the plain list of the points
 * in order (number, name, latitude, longitude) is unfolded below with a notice, as the spec asks; where
 * Leaflet cannot start at all, the list takes the map's place. The same list is always there for
 * assistive technology and for copying coordinates: folded away under a working map.
 */
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Alert, Typography } from 'antd';
import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '../map/map-theme.css';
import { displayCoordinate } from '../geo';
import { openMapBase, type MapBase, type MapTiles } from '../map/map-base';
import { MESSAGES } from '../messages';
import { showablePosition, type MapPosition } from './map-picker';

export interface MapPoint {
  /** Unique within its series. */
  key: string;
  label: string;
  /** Null, out of range or the 999 placeholder: listed, numbered, but not drawn. */
  lat: number | null | undefined;
  lng: number | null | undefined;
}

export interface PointSeries {
  key: string;
  /** Names the series in the list (a plan's name); not needed for a single series. */
  label?: string;
  /** A CSS hex colour; the palette's colour for the series' place when not given. */
  colour?: string;
  /** In order: the first point is number 1. */
  points: MapPoint[];
}

export interface PointsMapProps {
  /** One series of points; or `series` for several. */
  points?: MapPoint[];
  series?: PointSeries[];
  /** Join each series' drawn points with a line, in order. */
  line?: boolean;
  height?: number | string;
  /** Names the map (and the list) for assistive technology. */
  label?: string;
  /** Tiles to draw instead of the server's configuration (tests, special maps). */
  tiles?: MapTiles;
}

/** Distinct colours for series, in the order series are given. */
export const SERIES_COLOURS = [
  '#1677ff',
  '#d4380d',
  '#389e0d',
  '#722ed1',
  '#d48806',
  '#08979c',
  '#c41d7f',
  '#5b8c00',
  '#0958d9',
  '#ad4e00',
] as const;
export const seriesColour = (index: number) => SERIES_COLOURS[index % SERIES_COLOURS.length]!;

const HEX_COLOUR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;
const ZOOM_ONE_POINT = 15;
const ZOOM_WORLD = 2;
const MAX_FIT_ZOOM = 16;

interface NumberedPoint extends MapPoint {
  number: number;
  position: MapPosition | null;
}
interface DrawnSeries {
  key: string;
  label: string | undefined;
  colour: string;
  points: NumberedPoint[];
}

/** Series with their colours settled and each point numbered in order and checked for a drawable position. */
export function numberedSeries(points: MapPoint[] | undefined, series: PointSeries[] | undefined): DrawnSeries[] {
  const given = series ?? (points ? [{ key: 'points', points }] : []);
  return given.map((s, index) => ({
    key: s.key,
    label: s.label,
    colour: s.colour && HEX_COLOUR.test(s.colour) ? s.colour : seriesColour(index),
    points: s.points.map((point, i) => ({ ...point, number: i + 1, position: showablePosition(point.lat, point.lng) })),
  }));
}

/** A round numbered badge; only the number and a checked colour go into its markup. */
const badgeHtml = (number: number, colour: string) =>
  `<span style="display:flex;align-items:center;justify-content:center;width:26px;height:26px;border-radius:50%;background:${colour};` +
  `color:#fff;font:600 12px/1 sans-serif;border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4)">${number}</span>`;

/** Leaflet writes a string tooltip as HTML; a text node keeps names (typed by users) as text. */
function tooltipOf(text: string) {
  const element = document.createElement('span');
  element.textContent = text;
  return element;
}

interface Drawn extends Pick<MapBase, 'L' | 'map'> {
  layers: Leaflet.LayerGroup;
}

export function PointsMap({ points, series, line = false, height = 420, label = 'Map', tiles }: PointsMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const [ready, setReady] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [mapFailed, setMapFailed] = useState(false);
  // Tiles are read once: a map does not switch tile servers while it is shown.
  const tilesAtStart = useRef(tiles);

  const shown = useMemo(() => numberedSeries(points, series), [points, series]);
  // Redraw only when what is drawn changes, not on every render of a page that builds new arrays.
  const drawKey = JSON.stringify(
    shown.map((s) => [s.key, s.colour, s.points.map((p) => [p.key, p.label, p.position?.lat, p.position?.lng])]),
  );

  useEffect(() => {
    let cancelled = false;
    let base: MapBase | null = null;
    const view = () => ({ center: [0, 0] as [number, number], zoom: ZOOM_WORLD });

    (async () => {
      if (!container.current) return;
      base = await openMapBase(container.current, {
        view,
        tiles: tilesAtStart.current,
        onTilesFailed: setTilesFailed,
        cancelled: () => cancelled,
      });
      if (!base) return;
      if (cancelled) return base.close();
      drawn.current = { L: base.L, map: base.map, layers: base.L.layerGroup().addTo(base.map) };
      setReady(true);
    })().catch((error: unknown) => {
      // Leaflet could not be downloaded or started: the list below shows the points.
      console.error('[points-map] the map could not be shown:', error);
      if (!cancelled) setMapFailed(true);
    });

    return () => {
      cancelled = true;
      drawn.current = null;
      base?.close();
    };
  }, []);

  const draw = useEffectEvent(({ L, map, layers }: Drawn) => {
    layers.clearLayers();
    const all: MapPosition[] = [];
    for (const s of shown) {
      const placed = s.points.filter((p): p is NumberedPoint & { position: MapPosition } => p.position !== null);
      if (line && placed.length > 1) {
        L.polyline(
          placed.map((p) => [p.position.lat, p.position.lng] as [number, number]),
          { color: s.colour, weight: 3, opacity: 0.8 },
        ).addTo(layers);
      }
      for (const p of placed) {
        const name = `${p.number}. ${p.label}`;
        const icon = L.divIcon({
          html: badgeHtml(p.number, s.colour),
          className: 'meridian-map-point',
          iconSize: [26, 26],
          iconAnchor: [13, 13],
        });
        L.marker(p.position, { icon, title: name, alt: name, keyboard: true })
          .bindTooltip(tooltipOf(s.label ? `${s.label}: ${name}` : name))
          .addTo(layers);
        all.push(p.position);
      }
    }
    if (all.length === 0) map.setView([0, 0], ZOOM_WORLD);
    else if (all.length === 1) map.setView(all[0]!, ZOOM_ONE_POINT);
    else map.fitBounds(L.latLngBounds(all.map((p) => [p.lat, p.lng] as [number, number])), { padding: [32, 32], maxZoom: MAX_FIT_ZOOM });
  });
  useEffect(() => {
    if (ready && drawn.current) draw(drawn.current);
  }, [ready, drawKey, line]);

  const degraded = tilesFailed || mapFailed;
  const count = shown.reduce((n, s) => n + s.points.length, 0);
  const list = <PointsList series={shown} label={label} />;
  return (
    <div>
      {degraded && <Alert type="warning" showIcon title={MESSAGES.pointsMapUnavailable} style={{ marginBottom: 8 }} />}
      <div
        ref={container}
        role="application"
        aria-label={label}
        data-testid="points-map"
        style={{ height, width: '100%', display: mapFailed ? 'none' : 'block', borderRadius: 8, overflow: 'hidden' }}
      />
      {degraded ? (
        // Without tiles the drawn map shows outlines only: the list is the points' readable form.
        list
      ) : (
        <details style={{ marginTop: 8 }}>
          <summary style={{ cursor: 'pointer' }}>{`${MESSAGES.pointsInOrder} (${count})`}</summary>
          {list}
        </details>
      )}
    </div>
  );
}

const cell = { padding: '4px 12px 4px 0', textAlign: 'left' as const, verticalAlign: 'top' as const };

/** The points in order, series by series: the map's plain form. */
function PointsList({ series, label }: { series: DrawnSeries[]; label: string }) {
  if (series.every((s) => s.points.length === 0)) return <Typography.Text type="secondary">{MESSAGES.noPointsToShow}</Typography.Text>;
  return (
    <div data-testid="points-list">
      {series
        .filter((s) => s.points.length > 0)
        .map((s) => (
          <table key={s.key} aria-label={s.label ?? label} style={{ borderCollapse: 'collapse', marginTop: 8, width: '100%' }}>
            {s.label && (
              <caption style={{ textAlign: 'left', fontWeight: 600, padding: '4px 0' }}>
                <span
                  aria-hidden="true"
                  style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', background: s.colour, marginRight: 6 }}
                />
                {s.label}
              </caption>
            )}
            <thead>
              <tr>
                <th style={cell}>{MESSAGES.pointNumber}</th>
                <th style={cell}>{MESSAGES.name}</th>
                <th style={cell}>{MESSAGES.latitude}</th>
                <th style={cell}>{MESSAGES.longitude}</th>
              </tr>
            </thead>
            <tbody>
              {s.points.map((p) => (
                <tr key={p.key}>
                  <td style={cell}>{p.number}</td>
                  <td style={cell}>{p.label}</td>
                  {p.position ? (
                    <>
                      <td style={cell}>{displayCoordinate(p.position.lat)}</td>
                      <td style={cell}>{displayCoordinate(p.position.lng)}</td>
                    </>
                  ) : (
                    <td style={cell} colSpan={2}>
                      {MESSAGES.noPosition}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </div>
  );
}
