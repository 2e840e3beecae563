/** The route of one trip, device's or asset's: its device's positions between the trip's start and end. */
import type { DeviceTrip } from '@meridian/shared/contract/device-trip';
import type { GeoPosition } from '@meridian/shared/contract/geo-position';
import { useLoad } from '@meridian/shared/http/use-load';
import { positionsOf } from './device-positions';

/** A trip's route is drawn from at most this many positions. */
const ROUTE_MAX_POSITIONS = 10_000;

export function useTripRoute(trip: DeviceTrip | null) {
  return useLoad(
    (signal): Promise<GeoPosition[]> =>
      trip ? positionsOf(trip.deviceId, trip.startTime, trip.endTime, ROUTE_MAX_POSITIONS, signal) : Promise.resolve([]),
    [trip],
  );
}
