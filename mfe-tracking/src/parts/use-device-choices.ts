/** The acting subtree's devices as choices for a picker, sorted by name as people read them (Truck 2 before Truck 10). */
import { useMemo } from 'react';
import type { GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useSession } from '@meridian/shared/session/session-store';
import { TRACKING_API } from './tracking-api';

export function useDeviceChoices() {
  const userId = useSession((state) => state.user?.Id ?? '');
  const devices = useLoad(
    (signal) => api.get<GeoDeviceMapItem[]>(TRACKING_API.devicesOnMap(userId), { signal }).then((r) => r.data),
    [userId],
  );
  const choices = useMemo(
    () =>
      devices.status === 'loaded'
        ? [...devices.data]
            .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }))
            .map((d) => ({ value: d.id, label: d.name }))
        : [],
    [devices],
  );
  return { devices, choices };
}
