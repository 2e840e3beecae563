/**
 * The positions of a device over a period, in time order, for a replay or a trip's route: asked page
 * after page (keyset: each page starts after the last position of the one before) until the period is
 * exhausted or `max` positions are held.
 */
import type { GeoPosition } from '@meridian/shared/contract/geo-position';
import { api } from '@meridian/shared/http/api';
import { TRACKING_API } from './tracking-api';

/** Positions asked per call; the server may answer fewer (its own page limit), which the loop allows for. */
const PAGE_SIZE = 5_000;

export async function positionsOf(deviceId: string, start: string, end: string, max: number, signal?: AbortSignal): Promise<GeoPosition[]> {
  const all: GeoPosition[] = [];
  let after: number | undefined;
  for (;;) {
    const { data, paging } = await api.get<GeoPosition[]>(TRACKING_API.positions(deviceId, start, end), {
      signal,
      query: { size: Math.min(PAGE_SIZE, max - all.length), after },
    });
    all.push(...data);
    const last = data[data.length - 1];
    const more =
      paging?.total !== undefined ? all.length < paging.total : data.length > 0 && data.length >= (paging?.pageSize ?? PAGE_SIZE);
    if (!last || !more || all.length >= max) return all;
    after = last.id;
  }
}
