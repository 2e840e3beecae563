/**
 * A device's trips and stops for a period (GET /geo/device/trip/details and /trip/stops with deviceId,
 * fromDate and toDate as YYYY-MM-DD), loaded together when a device is chosen, and the route of one
 * trip (its positions between its start and end).
 */
import type { DeviceStopReport, DeviceTrip, DeviceTripReport } from '@meridian/shared/contract/device-trip';
import type { GeoPosition } from '@meridian/shared/contract/geo-position';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { positionsOf } from '../parts/device-positions';
import { TRACKING_API } from '../parts/tracking-api';
import type { TripPeriod } from './trip-period';

/** A trip's route is drawn from at most this many positions. */
const ROUTE_MAX_POSITIONS = 10_000;

export const tripQuery = (deviceId: string, period: TripPeriod) => ({ deviceId, fromDate: period.from, toDate: period.to });

export function useDeviceTrips(deviceId: string | null, { from, to }: TripPeriod) {
  return useLoad(
    (signal) =>
      deviceId
        ? Promise.all([
            api.get<DeviceTripReport>(TRACKING_API.trips, { signal, query: tripQuery(deviceId, { from, to }) }).then((r) => r.data),
            api.get<DeviceStopReport>(TRACKING_API.stops, { signal, query: tripQuery(deviceId, { from, to }) }).then((r) => r.data),
          ])
        : Promise.resolve(null),
    [deviceId, from, to],
  );
}

export function useTripRoute(trip: DeviceTrip | null) {
  return useLoad(
    (signal): Promise<GeoPosition[]> =>
      trip ? positionsOf(trip.deviceId, trip.startTime, trip.endTime, ROUTE_MAX_POSITIONS, signal) : Promise.resolve([]),
    [trip],
  );
}
