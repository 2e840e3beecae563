/**
 * The live map (/tracking/map, plain layout): every device of the acting tenant on the product's map
 * base, clustered on one canvas (device-layer.ts), moving as positions stream over the realtime socket
 * through the throttled store (use-live-devices.ts); the geofences, shown or hidden by the spec's
 * `tracking_map_show_geo_fence` preference (default shown); a searchable, virtualised device list
 * beside the map (in a drawer on a phone). Selecting a device (in the list, on the map, or by the
 * address's `?device=`) follows it and shows its latest position and readings, its trips and a replay
 * of its route. Tracking notifications pop up as they arrive.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Flex, Spin, Switch, theme, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import type { GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';
import type { Geofence } from '@meridian/shared/contract/geofence';
import { LIST_CUT_OFF, STORAGE_KEYS } from '@meridian/shared/constants';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { showablePosition } from '@meridian/shared/ui/map-picker';
import { drawFences } from '../parts/geofence-shapes';
import { MapPageFrame } from '../parts/map-page-frame';
import { TRACKING_API } from '../parts/tracking-api';
import { TRACKING_TEXT } from '../parts/tracking-text';
import { TrackingNotifications } from '../parts/tracking-notifications';
import { useMapBase } from '../parts/use-map-base';
import type { DevicePoint } from './device-clusters';
import { addDeviceLayer, type DeviceLayer } from './device-layer';
import { DeviceList } from './device-list';
import { DevicePanel } from './device-panel';
import { RouteReplay } from './route-replay';
import { useLiveDevices } from './use-live-devices';

const SIDE_PANEL_WIDTH = 360;
const ZOOM_WORLD = 2;
const ZOOM_ON_DEVICE = 15;
const MAX_FIT_ZOOM = 15;

/** The device as the layer draws it; null where it has no position to show yet. */
export function pointOf(item: GeoDeviceMapItem): DevicePoint | null {
  const at = showablePosition(item.latitude, item.longitude);
  if (!at) return null;
  return {
    id: item.id,
    name: item.name,
    lat: at.lat,
    lng: at.lng,
    status: item.status,
    course: item.course,
    moving: item.attributes.motion === true || (item.speed ?? 0) > 0.5,
  };
}
const pointsOf = (items: Iterable<GeoDeviceMapItem>) => [...items].map(pointOf).filter((p): p is DevicePoint => p !== null);

/** The spec's preference (tracking spec 2, 9): shown unless the browser keeps 'false'. */
export function readShowGeofences(): boolean {
  return localStorage.getItem(STORAGE_KEYS.showGeofence) !== 'false';
}

function useShowGeofences(): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(readShowGeofences);
  const change = (next: boolean) => {
    localStorage.setItem(STORAGE_KEYS.showGeofence, String(next));
    setShow(next);
  };
  return [show, change];
}

export default function LiveMapPage() {
  const phone = usePhoneScreen();
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('device');
  const [following, setFollowing] = useState(Boolean(selectedId));
  const [listOpen, setListOpen] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const [showFences, setShowFences] = useShowGeofences();

  const container = useRef<HTMLDivElement>(null);
  const { base, tilesFailed, mapFailed } = useMapBase(container, () => ({ center: [0, 0], zoom: ZOOM_WORLD }));
  const layer = useRef<DeviceLayer | null>(null);
  const fitted = useRef(false);
  const latest = useRef({ selectedId, following, replaying });
  latest.current = { selectedId, following, replaying };

  const live = useLiveDevices(
    (items) => {
      layer.current?.setDevices(pointsOf(items));
      // Another tenant's devices (a switch) are shown whole, as the first were.
      fitted.current = false;
      fitOnce();
    },
    (moved) => {
      layer.current?.move(pointsOf(moved));
      const { selectedId: selected, following: follow, replaying: inReplay } = latest.current;
      const mine = selected ? moved.find((d) => d.id === selected) : undefined;
      const at = mine ? pointOf(mine) : null;
      if (base && at && follow && !inReplay) base.map.panTo([at.lat, at.lng]);
    },
  );
  const selected = selectedId ? (live.devices.get(selectedId) ?? null) : null;

  /** The first time both the map and the devices are there: show them all, or the device asked for. */
  function fitOnce() {
    if (!base || fitted.current) return;
    const points = pointsOf(live.devices.values());
    if (points.length === 0) return;
    fitted.current = true;
    const wanted = latest.current.selectedId ? points.find((p) => p.id === latest.current.selectedId) : undefined;
    if (wanted) base.map.setView([wanted.lat, wanted.lng], ZOOM_ON_DEVICE);
    else if (points.length === 1) base.map.setView([points[0]!.lat, points[0]!.lng], ZOOM_ON_DEVICE);
    else
      base.map.fitBounds(base.L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])), {
        padding: [32, 32],
        maxZoom: MAX_FIT_ZOOM,
      });
  }

  const select = (id: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('device', id);
        else next.delete('device');
        return next;
      },
      { replace: true },
    );
    setFollowing(Boolean(id));
    setListOpen(false);
    layer.current?.select(id);
    const item = id ? live.devices.get(id) : undefined;
    const at = item ? pointOf(item) : null;
    if (base && at) base.map.setView([at.lat, at.lng], Math.max(base.map.getZoom(), ZOOM_ON_DEVICE));
  };

  // The layer lives as long as the map: made once, then only fed.
  useEffect(() => {
    if (!base) return undefined;
    const devices = addDeviceLayer(base.L, base.map, { onSelect: (id) => selectRef.current(id) });
    layer.current = devices;
    devices.setDevices(pointsOf(live.devices.values()));
    devices.select(latest.current.selectedId);
    fitOnce();
    // A pan by hand stops following; selecting again follows again.
    const stopFollowing = () => setFollowing(false);
    base.map.on('dragstart', stopFollowing);
    return () => {
      base.map.off('dragstart', stopFollowing);
      devices.remove();
      layer.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the layer is made once per map; devices are fed through the ref
  }, [base]);
  const selectRef = useRef(select);
  selectRef.current = select;

  const fences = useLoad(
    (signal) =>
      showFences
        ? api.get<Geofence[]>(TRACKING_API.fences, { signal, query: { size: LIST_CUT_OFF, page: 1 } }).then((r) => r.data)
        : Promise.resolve([] as Geofence[]),
    [showFences],
  );
  useEffect(() => {
    if (!base || fences.status !== 'loaded' || !showFences) return undefined;
    const drawn = drawFences(base.L, base.map, fences.data);
    return () => drawn.remove();
  }, [base, fences, showFences]);

  const list = (
    <DeviceList devices={live.devices} version={live.version} selectedId={selectedId} onSelect={(id) => select(id)} height="100%" />
  );
  const panel = selected && (
    <DevicePanel
      device={selected}
      following={following && !replaying}
      onClose={() => select(null)}
      replay={<RouteReplay key={selected.id} deviceId={selected.id} base={base} onActive={setReplaying} />}
    />
  );
  const loadFailed = live.load.status === 'failed' && <LoadFailedAlert error={live.load.error} onRetry={live.load.reload} />;

  return (
    <MapPageFrame
      title={TRACKING_TEXT.liveMap}
      actions={
        <>
          <Flex align="center" gap={8} component="label">
            <Switch size="small" checked={showFences} onChange={setShowFences} aria-label={TRACKING_TEXT.showGeofences} />
            <Typography.Text>{TRACKING_TEXT.showGeofences}</Typography.Text>
          </Flex>
          {phone && (
            <Button icon={<UnorderedListOutlined />} onClick={() => setListOpen(true)} aria-label={TRACKING_TEXT.showDeviceList}>
              {TRACKING_TEXT.devices}
            </Button>
          )}
        </>
      }
    >
      <TrackingNotifications />
      <Flex style={{ height: '100%' }}>
        {!phone && (
          <Flex
            vertical
            gap={12}
            component="aside"
            aria-label={TRACKING_TEXT.devices}
            style={{
              width: SIDE_PANEL_WIDTH,
              flex: 'none',
              padding: 12,
              borderRight: `1px solid ${token.colorBorderSecondary}`,
              background: token.colorBgContainer,
              minHeight: 0,
              overflowY: selected ? 'auto' : undefined,
            }}
          >
            <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
              {TRACKING_TEXT.devices}
            </Typography.Title>
            {loadFailed}
            {panel}
            <div style={{ flex: 1, minHeight: selected ? 280 : 0 }}>{list}</div>
          </Flex>
        )}
        <div style={{ flex: 1, position: 'relative', minWidth: 0 }}>
          <div
            ref={container}
            role="application"
            aria-label={TRACKING_TEXT.mapLabel}
            data-testid="live-map"
            style={{ position: 'absolute', inset: 0, display: mapFailed ? 'none' : 'block' }}
          />
          <Flex vertical gap={8} style={{ position: 'absolute', top: 8, left: 56, right: 8, zIndex: 1000, pointerEvents: 'none' }}>
            {(tilesFailed || mapFailed) && (
              <Alert
                type="warning"
                showIcon
                title={mapFailed ? TRACKING_TEXT.mapFailed : TRACKING_TEXT.mapTilesFailed}
                style={{ pointerEvents: 'auto' }}
              />
            )}
            {phone && loadFailed && <div style={{ pointerEvents: 'auto' }}>{loadFailed}</div>}
          </Flex>
          {live.load.status === 'loading' && (
            <Flex justify="center" style={{ position: 'absolute', top: '45%', left: 0, right: 0, zIndex: 1000 }}>
              <div role="status" aria-label={MESSAGES.loading}>
                <Spin />
              </div>
            </Flex>
          )}
          {phone && panel && (
            <div
              style={{
                position: 'absolute',
                left: 8,
                right: 8,
                bottom: 8,
                maxHeight: '50%',
                overflowY: 'auto',
                zIndex: 1000,
                padding: 12,
                borderRadius: token.borderRadiusLG,
                background: token.colorBgElevated,
                boxShadow: token.boxShadow,
              }}
            >
              {panel}
            </div>
          )}
        </div>
      </Flex>
      {phone && (
        <Drawer
          title={TRACKING_TEXT.devices}
          placement="left"
          open={listOpen}
          onClose={() => setListOpen(false)}
          size="100%"
          styles={{ body: { display: 'flex', flexDirection: 'column', padding: 12 } }}
        >
          {loadFailed}
          <div style={{ flex: 1, minHeight: 0 }}>{list}</div>
        </Drawer>
      )}
    </MapPageFrame>
  );
}
