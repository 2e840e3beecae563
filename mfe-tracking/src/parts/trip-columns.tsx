/** How trips and stops are written in their tables: times in the tenant's zone, distances in m or km, speeds in km/h, durations in h and min. */
import { Button, Typography, type TableColumnType } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import type { DeviceStop, DeviceTrip } from '@meridian/shared/contract/device-trip';
import { displayCoordinate } from '@meridian/shared/geo';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import { knotsToKmh } from './position-readings';
import { distanceText, durationText, speedText, TRACKING_TEXT } from './tracking-text';

const placeText = (address: string | null, lat: number, lon: number) => address ?? `${displayCoordinate(lat)}, ${displayCoordinate(lon)}`;

export function tripColumns(
  format: TenantFormatters,
  onShowRoute: (trip: DeviceTrip) => void,
  selectedId: string | null,
): TableColumnType<DeviceTrip>[] {
  return [
    { title: TRACKING_TEXT.start, key: 'start', render: (_: unknown, t: DeviceTrip) => format.moment(t.startTime) },
    { title: TRACKING_TEXT.end, key: 'end', render: (_: unknown, t: DeviceTrip) => format.moment(t.endTime) },
    {
      title: TRACKING_TEXT.startAddress,
      key: 'from',
      render: (_: unknown, t: DeviceTrip) => placeText(t.startAddress, t.startLat, t.startLon),
    },
    { title: TRACKING_TEXT.endAddress, key: 'to', render: (_: unknown, t: DeviceTrip) => placeText(t.endAddress, t.endLat, t.endLon) },
    { title: TRACKING_TEXT.distance, key: 'distance', align: 'right', render: (_: unknown, t: DeviceTrip) => distanceText(t.distance) },
    { title: TRACKING_TEXT.duration, key: 'duration', align: 'right', render: (_: unknown, t: DeviceTrip) => durationText(t.duration) },
    {
      title: TRACKING_TEXT.averageSpeed,
      key: 'avg',
      align: 'right',
      render: (_: unknown, t: DeviceTrip) => speedText(knotsToKmh(t.averageSpeed)),
    },
    { title: TRACKING_TEXT.maxSpeed, key: 'max', align: 'right', render: (_: unknown, t: DeviceTrip) => speedText(knotsToKmh(t.maxSpeed)) },
    { title: TRACKING_TEXT.driver, key: 'driver', render: (_: unknown, t: DeviceTrip) => t.driverName ?? t.driverUniqueId ?? '—' },
    {
      title: TRACKING_TEXT.tripRoute,
      key: 'route',
      fixed: 'right',
      render: (_: unknown, t: DeviceTrip) => (
        <Button
          size="small"
          type={t.id === selectedId ? 'primary' : 'default'}
          icon={<NodeIndexOutlined />}
          aria-pressed={t.id === selectedId}
          onClick={() => onShowRoute(t)}
        >
          {TRACKING_TEXT.showRoute}
        </Button>
      ),
    },
  ];
}

export function stopColumns(format: TenantFormatters): TableColumnType<DeviceStop>[] {
  return [
    { title: TRACKING_TEXT.start, key: 'start', render: (_: unknown, s: DeviceStop) => format.moment(s.startTime) },
    { title: TRACKING_TEXT.end, key: 'end', render: (_: unknown, s: DeviceStop) => format.moment(s.endTime) },
    {
      title: TRACKING_TEXT.address,
      key: 'address',
      render: (_: unknown, s: DeviceStop) => <Typography.Text>{placeText(s.address, s.latitude, s.longitude)}</Typography.Text>,
    },
    { title: TRACKING_TEXT.duration, key: 'duration', align: 'right', render: (_: unknown, s: DeviceStop) => durationText(s.duration) },
    { title: TRACKING_TEXT.engineHours, key: 'engine', align: 'right', render: (_: unknown, s: DeviceStop) => durationText(s.engineHours) },
  ];
}
