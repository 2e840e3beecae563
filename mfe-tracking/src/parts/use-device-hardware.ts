/** The hardware a device may be (GET /geo/device-hardware), sorted by make (tracking spec 9), as choices "Make Model". */
import { useMemo } from 'react';
import { DEVICE_HARDWARE_SORT, type DeviceHardware } from '@meridian/shared/contract/device-hardware';
import { LIST_CUT_OFF } from '@meridian/shared/constants';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { TRACKING_API } from './tracking-api';

export function useDeviceHardware() {
  const hardware = useLoad(
    (signal) =>
      api
        .get<DeviceHardware[]>(TRACKING_API.hardware, {
          signal,
          query: { page: 1, size: LIST_CUT_OFF, sortField: DEVICE_HARDWARE_SORT.field, sortOrder: DEVICE_HARDWARE_SORT.order },
        })
        .then((r) => r.data),
    [],
  );
  const choices = useMemo(
    () =>
      hardware.status === 'loaded'
        ? // The server sorts by make; the model breaks ties here so the list reads in order whatever the server's tie order.
          [...hardware.data]
            .sort((a, b) => a.make.localeCompare(b.make) || a.model.localeCompare(b.model))
            .map((h) => ({ value: h.id, label: `${h.make} ${h.model}` }))
        : [],
    [hardware],
  );
  return { hardware, choices };
}
