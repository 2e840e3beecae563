/**
 * The map a geofence is drawn and edited on: the product's map base with geoman (leaflet-geoman-free,
 * pinned at 2.20.2, which supports Leaflet 1.9) for drawing a polygon, a circle or a corridor's line and
 * for dragging its corners, centre or radius afterwards. The map never owns the shape: every drawing and
 * edit is reported (`onDrawn`) to the form, which holds the geometry; a radius typed in the form resizes
 * the drawn circle, a width typed draws the corridor that wide.
 *
 * Drawing needs a pointer; a circle can also be made from the keyboard, around a device the map is
 * centred on, with the radius typed in the form.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Select, Typography } from 'antd';
import { AimOutlined, ClearOutlined, EditOutlined, GatewayOutlined, NodeIndexOutlined, RadiusSettingOutlined } from '@ant-design/icons';
import type * as Leaflet from 'leaflet';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';
import type { GeofenceGeometry, GeofenceType } from '@meridian/shared/contract/geofence';
import type { MapBase } from '@meridian/shared/map/map-base';
import { showablePosition } from '@meridian/shared/ui/map-picker';
import { corridorWeight, fenceLayer, FENCE_COLOUR, POI_COLOUR } from '../parts/geofence-shapes';
import { TRACKING_TEXT } from '../parts/tracking-text';
import { useMapBase } from '../parts/use-map-base';
import { geometryOfDrawn, SHAPE_OF_GEOMETRY, type DrawnGeometry, type DrawnLayer, type DrawnShape } from './geofence-drawing';

const ZOOM_ON_DEVICE = 16;
/** A circle made from the keyboard starts this wide. */
const KEYBOARD_CIRCLE_RADIUS_M = 200;

/** geoman patches the Leaflet it finds as the global `L`: it is given the one the map base loaded. */
async function loadGeoman(L: typeof Leaflet) {
  (globalThis as { L?: typeof Leaflet }).L = L;
  await import('@geoman-io/leaflet-geoman-free');
}

interface Editing {
  shape: DrawnShape;
  layer: Leaflet.Path;
}

export interface GeofenceMapProps {
  type: GeofenceType;
  /** The saved shape to start from (an edit); null for a new fence. */
  initial: { geometry: GeofenceGeometry; radius: number | null; width: number | null } | null;
  /** The form's radius and width, drawn as typed. */
  radius: number | null;
  width: number | null;
  devices: readonly GeoDeviceMapItem[];
  onDrawn(drawn: DrawnGeometry | null): void;
}

export function GeofenceMap({ type, initial, radius, width, devices, onDrawn }: GeofenceMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const { base, tilesFailed, mapFailed } = useMapBase(container, () => ({ center: [0, 0], zoom: 2 }));
  const [ready, setReady] = useState<MapBase | null>(null);
  const [shape, setShape] = useState<DrawnShape | null>(initial ? SHAPE_OF_GEOMETRY[initial.geometry.type] : null);
  const [drawing, setDrawing] = useState<DrawnShape | null>(null);
  const [editingShape, setEditingShape] = useState(false);
  const [centredOn, setCentredOn] = useState<string | null>(null);
  const editing = useRef<Editing | null>(null);
  const deviceMarker = useRef<Leaflet.CircleMarker | null>(null);
  const latest = useRef({ onDrawn, width, initial, type });
  latest.current = { onDrawn, width, initial, type };
  const colour = type === 'poi' ? POI_COLOUR : FENCE_COLOUR;

  const report = (edited: Editing) => latest.current.onDrawn(geometryOfDrawn(edited.shape, edited.layer as unknown as DrawnLayer));

  /** Makes a drawn (or loaded) layer the fence's shape: reported now and after each edit. */
  const adopt = (map: Leaflet.Map, shapeName: DrawnShape, layer: Leaflet.Path) => {
    editing.current?.layer.remove();
    const adopted = { shape: shapeName, layer };
    editing.current = adopted;
    layer.on('pm:edit', () => report(adopted));
    if (shapeName === 'Line') styleCorridor(map, layer as Leaflet.Polyline, latest.current.width);
    setShape(shapeName);
    setEditingShape(false);
    report(adopted);
  };

  useEffect(() => {
    if (!base) return undefined;
    let cancelled = false;
    void loadGeoman(base.L).then(() => {
      if (cancelled) return;
      const { L, map } = base;
      (L as unknown as { PM: { reInitLayer(layer: unknown): void } }).PM.reInitLayer(map);
      map.pm.setGlobalOptions({ pathOptions: { color: colour, fillOpacity: 0.15 }, snappable: false, continueDrawing: false });
      map.on('pm:create', (event: { shape: string; layer: Leaflet.Layer }) => {
        setDrawing(null);
        adopt(map, event.shape as DrawnShape, event.layer as Leaflet.Path);
      });
      map.on('pm:drawend', () => setDrawing(null));
      const start = latest.current.initial;
      if (start) {
        const layer = fenceLayer(L, { name: '', type: latest.current.type, ...start }).addTo(map);
        (L as unknown as { PM: { reInitLayer(layer: unknown): void } }).PM.reInitLayer(layer);
        editing.current = { shape: SHAPE_OF_GEOMETRY[start.geometry.type], layer };
        layer.on('pm:edit', () => report(editing.current!));
        if (start.geometry.type === 'LineString') styleCorridor(map, layer as Leaflet.Polyline, start.width);
        map.fitBounds((layer as Leaflet.Polyline).getBounds(), { padding: [32, 32], maxZoom: ZOOM_ON_DEVICE });
      }
      setReady(base);
    });
    return () => {
      cancelled = true;
      setReady(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- set up once per map
  }, [base]);

  // A radius typed in the form resizes the drawn circle (a drag of the circle reports the other way).
  useEffect(() => {
    const current = editing.current;
    if (!ready || current?.shape !== 'Circle' || !radius || radius <= 0) return;
    const circle = current.layer as Leaflet.Circle;
    if (Math.abs(circle.getRadius() - radius) > 0.05) circle.setRadius(radius);
  }, [ready, radius]);

  // A corridor is drawn as wide as the form says, at every zoom.
  useEffect(() => {
    if (!ready) return undefined;
    const restyle = () => {
      const current = editing.current;
      if (current?.shape === 'Line') styleCorridor(ready.map, current.layer as Leaflet.Polyline, latest.current.width);
    };
    restyle();
    ready.map.on('zoomend', restyle);
    return () => {
      ready.map.off('zoomend', restyle);
    };
  }, [ready, width]);

  const draw = (shapeName: DrawnShape) => {
    if (!ready) return;
    ready.map.pm.disableDraw();
    setDrawing(shapeName);
    ready.map.pm.enableDraw(shapeName);
  };

  const toggleEdit = () => {
    const current = editing.current;
    if (!current) return;
    const pm = (current.layer as unknown as { pm: { enable(o?: object): void; disable(): void } }).pm;
    if (editingShape) pm.disable();
    else pm.enable({ allowSelfIntersection: false });
    setEditingShape(!editingShape);
  };

  const clear = () => {
    ready?.map.pm.disableDraw();
    editing.current?.layer.remove();
    editing.current = null;
    setShape(null);
    setDrawing(null);
    setEditingShape(false);
    latest.current.onDrawn(null);
  };

  const centreOn = (deviceId: string) => {
    setCentredOn(deviceId);
    const device = devices.find((d) => d.id === deviceId);
    const at = device ? showablePosition(device.latitude, device.longitude) : null;
    if (!ready || !at || !device) return;
    deviceMarker.current?.remove();
    deviceMarker.current = ready.L.circleMarker([at.lat, at.lng], {
      radius: 7,
      color: '#ffffff',
      weight: 2,
      fillColor: '#1668dc',
      fillOpacity: 1,
      pmIgnore: true,
    } as Leaflet.CircleMarkerOptions)
      .bindTooltip(device.name, { permanent: true, direction: 'top', offset: [0, -8] })
      .addTo(ready.map);
    ready.map.setView([at.lat, at.lng], ZOOM_ON_DEVICE);
  };

  /** From the keyboard: a circle around the device the map is centred on. */
  const circleAroundDevice = () => {
    const marker = deviceMarker.current;
    if (!ready || !marker) return;
    const circle = ready.L.circle(marker.getLatLng(), {
      radius: radius && radius > 0 ? radius : KEYBOARD_CIRCLE_RADIUS_M,
      color: colour,
      fillOpacity: 0.15,
    }).addTo(ready.map);
    adopt(ready.map, 'Circle', circle);
  };

  const deviceChoices = devices.filter((d) => showablePosition(d.latitude, d.longitude)).map((d) => ({ value: d.id, label: d.name }));

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        <Button
          icon={<GatewayOutlined />}
          type={drawing === 'Polygon' ? 'primary' : 'default'}
          disabled={!ready}
          onClick={() => draw('Polygon')}
        >
          {TRACKING_TEXT.drawPolygon}
        </Button>
        <Button
          icon={<RadiusSettingOutlined />}
          type={drawing === 'Circle' ? 'primary' : 'default'}
          disabled={!ready}
          onClick={() => draw('Circle')}
        >
          {TRACKING_TEXT.drawCircle}
        </Button>
        <Button
          icon={<NodeIndexOutlined />}
          type={drawing === 'Line' ? 'primary' : 'default'}
          disabled={!ready}
          onClick={() => draw('Line')}
        >
          {TRACKING_TEXT.drawCorridor}
        </Button>
        <Button icon={<EditOutlined />} disabled={!ready || !shape} aria-pressed={editingShape} onClick={toggleEdit}>
          {editingShape ? TRACKING_TEXT.finishEditing : TRACKING_TEXT.editShape}
        </Button>
        <Button icon={<ClearOutlined />} disabled={!ready || !shape} onClick={clear}>
          {TRACKING_TEXT.clearShape}
        </Button>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={TRACKING_TEXT.centreOnDevice}
          placeholder={TRACKING_TEXT.centreOnDevice}
          options={deviceChoices}
          value={centredOn ?? undefined}
          onChange={centreOn}
          style={{ minWidth: 240 }}
          disabled={!ready}
        />
        <Button icon={<AimOutlined />} disabled={!ready || !centredOn} onClick={circleAroundDevice}>
          {TRACKING_TEXT.circleAroundDevice}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{TRACKING_TEXT.drawHint}</Typography.Text>
      {(tilesFailed || mapFailed) && (
        <Alert type="warning" showIcon title={mapFailed ? TRACKING_TEXT.mapFailed : TRACKING_TEXT.mapTilesFailed} />
      )}
      <div
        ref={container}
        role="application"
        aria-label={TRACKING_TEXT.geofenceMap}
        data-testid="geofence-map"
        data-drawing={drawing ?? ''}
        style={{ height: 420, width: '100%', borderRadius: 8, overflow: 'hidden', display: mapFailed ? 'none' : 'block' }}
      />
    </Flex>
  );
}

function styleCorridor(map: Leaflet.Map, line: Leaflet.Polyline, width: number | null) {
  line.setStyle({ weight: corridorWeight(map, line, width && width > 0 ? width : 0), opacity: 0.45, lineCap: 'round', lineJoin: 'round' });
}
