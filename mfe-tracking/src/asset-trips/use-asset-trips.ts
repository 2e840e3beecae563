/**
 * An asset's trips and stops for a period, loaded together when an asset is chosen: the trips from the
 * report the server keeps per asset (POST /geo/asset/trips, reused while the request stays the same),
 * the stops from the paged stops report (GET /geo/asset/reports/stops), both with the days as YYYY-MM-DD.
 */
import type { AssetStop, AssetTripsReport } from '@meridian/shared/contract/fleet-report';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { TRACKING_API } from '../parts/tracking-api';
import type { TripPeriod } from '../parts/trip-period';
import type { TripsReportRows } from '../parts/trips-report-frame';

/** The server's largest page: more stops than this are left to the export. */
const STOPS_MAX = 1000;

export const assetTripQuery = (assetId: string, period: TripPeriod) => ({ assetId, fromDate: period.from, toDate: period.to });

/** The asset's trips report: for the given days, or the server's default period (in the tenant's zone) without them. */
export const assetTripsReport = (assetId: string, period: TripPeriod | null, signal?: AbortSignal) =>
  api
    .post<AssetTripsReport>(TRACKING_API.assetTrips, period ? assetTripQuery(assetId, period) : { assetId }, { signal })
    .then((r) => r.data);

export function useAssetTrips(assetId: string | null, { from, to }: TripPeriod) {
  return useLoad(
    async (signal): Promise<TripsReportRows | null> => {
      if (!assetId) return null;
      const [report, stops] = await Promise.all([
        assetTripsReport(assetId, { from, to }, signal),
        api.get<AssetStop[]>(TRACKING_API.assetStopRows, {
          signal,
          query: { ...assetTripQuery(assetId, { from, to }), size: String(STOPS_MAX) },
        }),
      ]);
      return {
        trips: report.trips,
        stops: stops.data,
        stopsTotal: stops.paging?.total ?? stops.data.length,
        subjectName: report.assetName,
      };
    },
    [assetId, from, to],
  );
}
