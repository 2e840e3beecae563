/**
 * Asset trips (/tracking/asset-trips): an asset and a period (days as YYYY-MM-DD in the tenant's zone,
 * by default from one day ago to 7 days ahead, tracking spec 9), its trips and stops in tables and on
 * the map (the route of the trip chosen, from the positions of the device that made it), exported as CSV
 * or XLSX by the fleet reports' trips and stops routes. The device trips report with an asset in place of
 * a device: a trip belongs to the asset whose Primary device made it, so a tracker moved between
 * vehicles does not move its past. The asset and the days live in the address, so the asset panel links
 * straight to them.
 */
import { api } from '@meridian/shared/http/api';
import { TRACKING_API } from '../parts/tracking-api';
import { TRACKING_TEXT } from '../parts/tracking-text';
import { TripsReportFrame, useTripsAddress } from '../parts/trips-report-frame';
import { useAssetChoices } from '../parts/use-asset-choices';
import { assetTripQuery, useAssetTrips } from './use-asset-trips';

export default function AssetTripsPage() {
  const address = useTripsAddress('asset');
  const { assets, choices } = useAssetChoices();
  const report = useAssetTrips(address.subjectId, address.period);
  return (
    <TripsReportFrame
      title={TRACKING_TEXT.assetTrips}
      address={address}
      subject={{
        label: TRACKING_TEXT.asset,
        inputId: 'trips-asset',
        placeholder: TRACKING_TEXT.chooseAsset,
        chooseFirst: TRACKING_TEXT.chooseAssetForTrips,
        choices: { load: assets, options: choices },
      }}
      report={report}
      exportRows={(tab, format) =>
        api.download(tab === 'stops' ? TRACKING_API.assetStopRows : TRACKING_API.assetTripRows, {
          query: { ...assetTripQuery(address.subjectId ?? '', address.period), format },
        })
      }
    />
  );
}
