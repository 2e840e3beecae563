/**
 * A device's trips and stops for a period (GET /geo/device/trip/details and /trip/stops with deviceId,
 * fromDate and toDate as YYYY-MM-DD), loaded together when a device is chosen. A trip's route: parts/trip-route.
 */
import type { DeviceStopReport, DeviceTripReport } from '@meridian/shared/contract/device-trip';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { TRACKING_API } from '../parts/tracking-api';
import type { TripPeriod } from '../parts/trip-period';
import type { TripsReportRows } from '../parts/trips-report-frame';

export const tripQuery = (deviceId: string, period: TripPeriod) => ({ deviceId, fromDate: period.from, toDate: period.to });

export function useDeviceTrips(deviceId: string | null, { from, to }: TripPeriod) {
  return useLoad(
    async (signal): Promise<TripsReportRows | null> => {
      if (!deviceId) return null;
      const query = tripQuery(deviceId, { from, to });
      const [trips, stops] = await Promise.all([
        api.get<DeviceTripReport>(TRACKING_API.trips, { signal, query }).then((r) => r.data.trips),
        api.get<DeviceStopReport>(TRACKING_API.stops, { signal, query }).then((r) => r.data.stops),
      ]);
      return { trips, stops, stopsTotal: stops.length };
    },
    [deviceId, from, to],
  );
}
