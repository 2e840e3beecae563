/**
 * The unique id's existence check as the user types (tracking spec 5: GET /geo/device/exists/{uniqueId},
 * the server decides): once typing pauses on a value that passes its own rule, the server is asked
 * whether a device anywhere already reports as it, and the field says so. The device being edited keeps
 * its own id. A failed check says nothing: the save is checked again and the server has the last word.
 */
import { useEffect, useRef } from 'react';
import type { DeviceExists } from '@meridian/shared/contract/geo-device';
import { api } from '@meridian/shared/http/api';
import { TRACKING_API } from '../parts/tracking-api';
import { checkableUniqueId } from './device-form-schema';

export const UNIQUE_ID_CHECK_DELAY_MS = 400;

export function useUniqueIdCheck(value: unknown, ownUniqueId: string | null, onTaken: () => void) {
  const latest = useRef(onTaken);
  latest.current = onTaken;
  useEffect(() => {
    const wanted = checkableUniqueId(value);
    if (wanted === null || wanted === ownUniqueId) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<DeviceExists>(TRACKING_API.deviceExists(wanted), { signal: controller.signal })
        .then(({ data }) => {
          if (data.exists) latest.current();
        })
        .catch(() => undefined);
    }, UNIQUE_ID_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, ownUniqueId]);
}
