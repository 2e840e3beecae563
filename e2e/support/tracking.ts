/** What the tracking specs need of the running product beside the browser: a demo vehicle that is moving. */
import { expect } from '@playwright/test';
import type { GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';
import type { apiAs } from './session';

export type Api = Awaited<ReturnType<typeof apiAs>>;
const positionKey = (d: GeoDeviceMapItem) => `${d.latitude},${d.longitude}`;

/** A demo vehicle whose position changed between two looks at the fleet (the simulator reports every few seconds). */
export async function movingVehicle(api: Api, except: readonly string[] = []): Promise<GeoDeviceMapItem> {
  const path = `/api/geo/device/map/${api.user.Id}`;
  let moving: GeoDeviceMapItem | undefined;
  await expect
    .poll(
      async () => {
        const before = new Map((await api.get<GeoDeviceMapItem[]>(path)).map((d) => [d.id, positionKey(d)]));
        await new Promise((resolve) => setTimeout(resolve, 8_000));
        const after = await api.get<GeoDeviceMapItem[]>(path);
        moving = after.find(
          (d) => d.latitude !== null && !except.includes(d.id) && before.has(d.id) && before.get(d.id) !== positionKey(d),
        );
        return moving?.name ?? null;
      },
      { message: 'no demo vehicle moved: is the simulator running?', timeout: 90_000, intervals: [1_000] },
    )
    .not.toBeNull();
  return moving!;
}
