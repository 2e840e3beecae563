/**
 * Where a vehicle linked to a tracked asset is: its latest position on the shared map base, moved as the
 * asset's devices report (the realtime `tracking:positions` event, filtered to the asset's devices), and
 * its last trips (the asset's trips report over the server's default period). Tracking paths called
 * through the shared client; shown only to those who may read assets and trips.
 */
import { useState } from 'react';
import { Card, Flex, Table, Typography } from 'antd';
import type { AssetDevice } from '@meridian/shared/contract/asset';
import { assets, fleetReports } from '@meridian/shared/contract/areas/tracking';
import type { AssetTrip, AssetTripsReport } from '@meridian/shared/contract/fleet-report';
import type { VehicleDetails } from '@meridian/shared/contract/vehicle';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useRealtime } from '@meridian/shared/realtime/use-realtime';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { PointsMap } from '@meridian/shared/ui/points-map';
import { TableBox } from '@meridian/shared/ui/table-box';
import { VEHICLES_API } from '../parts/vehicles-api';
import { distanceText, VEHICLE_TEXT } from './vehicle-text';

type Position = NonNullable<VehicleDetails['latestPosition']>;

function LivePosition({ vehicle, assetId }: { vehicle: VehicleDetails; assetId: string }) {
  const format = useTenantFormat();
  const devices = useLoad(
    (signal) => api.get<AssetDevice[]>(VEHICLES_API.assetDevices(assetId), { signal }).then((r) => r.data),
    [assetId],
  );
  const [live, setLive] = useState<Position | null>(null);
  const ids = new Set(devices.status === 'loaded' ? devices.data.map((d) => d.deviceId) : []);
  useRealtime('tracking:positions', (positions) => {
    const newest = positions.filter((p) => ids.has(p.deviceId)).sort((a, b) => b.fixTime.localeCompare(a.fixTime))[0];
    if (newest)
      setLive((known) =>
        known && known.fixTime > newest.fixTime
          ? known
          : { latitude: newest.latitude, longitude: newest.longitude, fixTime: newest.fixTime },
      );
  });
  const shown = live ?? vehicle.latestPosition;
  if (!shown) return <Typography.Text type="secondary">{VEHICLE_TEXT.noPosition}</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{`${VEHICLE_TEXT.positionAt}: ${format.moment(shown.fixTime)}`}</Typography.Text>
      <PointsMap
        points={[{ key: vehicle.id, label: vehicle.registrationNumber, lat: shown.latitude, lng: shown.longitude }]}
        height={280}
        label={VEHICLE_TEXT.position}
      />
    </Flex>
  );
}

function LastTrips({ assetId }: { assetId: string }) {
  const format = useTenantFormat();
  const report = useLoad(
    (signal) => api.post<AssetTripsReport>(VEHICLES_API.assetTrips, { assetId }, { signal }).then((r) => r.data),
    [assetId],
  );
  if (report.status === 'failed') return <LoadFailedAlert error={report.error} onRetry={report.reload} />;
  return (
    <TableBox>
      <Table<AssetTrip>
        aria-label={VEHICLE_TEXT.lastTrips}
        rowKey={(t) => t.id}
        size="small"
        loading={report.status === 'loading'}
        dataSource={report.status === 'loaded' ? report.data.trips : []}
        locale={{ emptyText: VEHICLE_TEXT.noTrips }}
        pagination={{ pageSize: 5, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: VEHICLE_TEXT.tripStart, dataIndex: 'startTime', render: (iso: string) => format.moment(iso) },
          { title: VEHICLE_TEXT.tripEnd, dataIndex: 'endTime', render: (iso: string) => format.moment(iso) },
          { title: VEHICLE_TEXT.tripDistance, dataIndex: 'distance', render: (m: number) => distanceText(m) },
        ]}
      />
    </TableBox>
  );
}

export function VehicleTracking({ vehicle }: { vehicle: VehicleDetails }) {
  const canSeeAsset = useCan(assets, 'read');
  const canSeeTrips = useCan(fleetReports, 'read');
  if (!vehicle.assetId || !canSeeAsset) return null;
  return (
    <>
      <Card size="small" title={VEHICLE_TEXT.position}>
        <LivePosition vehicle={vehicle} assetId={vehicle.assetId} />
      </Card>
      {canSeeTrips && (
        <Card size="small" title={VEHICLE_TEXT.lastTrips}>
          <LastTrips assetId={vehicle.assetId} />
        </Card>
      )}
    </>
  );
}
