/**
 * Device trips (/tracking/device-trips): a device and a period (days as YYYY-MM-DD, by default from one
 * day ago to 7 days ahead, tracking spec 5 and 9), its trips and stops in tables and on the map (the
 * route of the trip chosen), exported as CSV or XLSX (the API answers the same rows as a file). The
 * device and the days live in the address, so the live map and the devices list link straight to them.
 */
import { api } from '@meridian/shared/http/api';
import { TRACKING_API } from '../parts/tracking-api';
import { TRACKING_TEXT } from '../parts/tracking-text';
import { TripsReportFrame, useTripsAddress } from '../parts/trips-report-frame';
import { useDeviceChoices } from '../parts/use-device-choices';
import { tripQuery, useDeviceTrips } from './use-device-trips';

export default function DeviceTripsPage() {
  const address = useTripsAddress('device');
  const { devices, choices } = useDeviceChoices();
  const report = useDeviceTrips(address.subjectId, address.period);
  return (
    <TripsReportFrame
      title={TRACKING_TEXT.deviceTrips}
      address={address}
      subject={{
        label: TRACKING_TEXT.device,
        inputId: 'trips-device',
        placeholder: TRACKING_TEXT.chooseDevice,
        chooseFirst: TRACKING_TEXT.chooseDeviceForTrips,
        choices: { load: devices, options: choices },
      }}
      report={report}
      exportRows={(tab, format) =>
        api.download(tab === 'stops' ? TRACKING_API.stops : TRACKING_API.trips, {
          query: { ...tripQuery(address.subjectId ?? '', address.period), format },
        })
      }
    />
  );
}
