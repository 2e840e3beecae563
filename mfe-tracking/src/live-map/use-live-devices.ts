/**
 * The devices of the live map and their positions as they stream in. The devices of the acting tenant
 * are loaded once (GET /geo/device/map/{userId}); then every `tracking:positions` batch from the one
 * realtime socket goes into the shared throttled store (shared/map/live-positions), which merges each
 * device's updates (the newest fix wins, a late one never moves a marker back) and hands over what
 * changed at most four times a second. Each flush updates the devices in place and is passed to the
 * map (`onMoved`) and, through `version`, to the list beside it.
 *
 * A device's status follows its last contact: a position makes it online, and the statuses are worked
 * out again every half minute so a device that falls silent turns offline without a reload.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { deviceStatusOf, type GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';
import type { TrackingLivePosition } from '@meridian/shared/contract/tracking-live';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { createLivePositions, type LivePosition } from '@meridian/shared/map/live-positions';
import { useRealtime } from '@meridian/shared/realtime/use-realtime';
import { requestTenantId, useSession } from '@meridian/shared/session/session-store';
import { TRACKING_API } from '../parts/tracking-api';

/** How often statuses are worked out again from the last contact. */
export const STATUS_REFRESH_MS = 30_000;

interface StreamedPosition extends LivePosition {
  position: TrackingLivePosition;
  receivedAt: string;
}

export interface LiveDevices {
  load: ReturnType<typeof useLoad<GeoDeviceMapItem[]>>;
  /** Every device by id, updated in place as positions arrive. */
  devices: ReadonlyMap<string, GeoDeviceMapItem>;
  /** Bumped at every change, for what draws from `devices`. */
  version: number;
}

/** The item with a streamed position: its place and readings, and the contact it proves. */
function withPosition(item: GeoDeviceMapItem, { position, receivedAt }: StreamedPosition): GeoDeviceMapItem {
  return {
    ...item,
    latitude: position.latitude,
    longitude: position.longitude,
    speed: position.speed,
    course: position.course,
    fixTime: position.fixTime,
    lastUpdate: receivedAt,
    status: 'online',
    attributes: { ...item.attributes, ...position.attributes },
  };
}

export function useLiveDevices(
  onLoaded: (devices: GeoDeviceMapItem[]) => void,
  onMoved: (devices: GeoDeviceMapItem[]) => void,
): LiveDevices {
  const userId = useSession((state) => state.user?.Id ?? '');
  const tenantId = useSession(requestTenantId);
  const devices = useRef(new Map<string, GeoDeviceMapItem>()).current;
  const [version, setVersion] = useState(0);
  const [store] = useState(() => createLivePositions<StreamedPosition>());
  useEffect(() => () => store.close(), [store]);

  const load = useLoad(
    (signal) => api.get<GeoDeviceMapItem[]>(TRACKING_API.devicesOnMap(userId), { signal }).then((r) => r.data),
    // A switch of tenant asks again: the client sends the acting tenant with the call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [userId, tenantId],
  );

  const loaded = useEffectEvent((items: GeoDeviceMapItem[]) => {
    devices.clear();
    for (const item of items) devices.set(item.id, item);
    onLoaded(items);
    setVersion((n) => n + 1);
  });
  const loadedData = load.status === 'loaded' ? load.data : null;
  useEffect(() => {
    if (loadedData) loaded(loadedData);
  }, [loadedData]);

  useRealtime('tracking:positions', (batch) => {
    const receivedAt = new Date().toISOString();
    for (const position of batch) {
      // A device of another tenant (after a switch) or one created since the list was loaded is not on this map.
      if (!devices.has(position.deviceId)) continue;
      store.update({
        id: position.deviceId,
        lat: position.latitude,
        lng: position.longitude,
        time: Date.parse(position.fixTime),
        position,
        receivedAt,
      });
    }
  });

  const flushed = useEffectEvent((changed: ReadonlyMap<string, StreamedPosition>) => {
    const moved: GeoDeviceMapItem[] = [];
    for (const [id, streamed] of changed) {
      const item = devices.get(id);
      if (!item) continue;
      const next = withPosition(item, streamed);
      devices.set(id, next);
      moved.push(next);
    }
    if (moved.length === 0) return;
    onMoved(moved);
    setVersion((n) => n + 1);
  });
  useEffect(() => store.subscribe((changed) => flushed(changed)), [store]);

  const refreshStatuses = useEffectEvent(() => {
    const changed: GeoDeviceMapItem[] = [];
    const now = Date.now();
    for (const [id, item] of devices) {
      const status = deviceStatusOf(item.lastUpdate, now);
      if (status === item.status) continue;
      const next = { ...item, status };
      devices.set(id, next);
      changed.push(next);
    }
    if (changed.length === 0) return;
    onMoved(changed);
    setVersion((n) => n + 1);
  });
  useEffect(() => {
    const timer = setInterval(() => refreshStatuses(), STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return { load, devices, version };
}
