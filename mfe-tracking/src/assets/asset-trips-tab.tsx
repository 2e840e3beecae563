/**
 * The Trips tab: the asset's trips over the default period (one day ago to 7 days ahead in the tenant's
 * zone), from the report the server keeps per asset (POST /geo/asset/trips; the server works the days
 * out, so the tab and the page agree whatever zone the browser is in), and a link to the Asset trips
 * page for the same days, where the stops, the routes on the map and the exports are.
 */
import { Flex, Table, Typography } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import type { Asset } from '@meridian/shared/contract/asset';
import type { DeviceTrip } from '@meridian/shared/contract/device-trip';
import { useLoad } from '@meridian/shared/http/use-load';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { TableBox } from '@meridian/shared/ui/table-box';
import { tripsOfAssetPath } from '../parts/tracking-paths';
import { assetTripsPeriodText, TRACKING_TEXT } from '../parts/tracking-text';
import { tripColumns } from '../parts/trip-columns';
import { assetTripsReport } from '../asset-trips/use-asset-trips';

export function AssetTripsTab({ asset }: { asset: Asset }) {
  const format = useTenantFormat();
  const report = useLoad((signal) => assetTripsReport(asset.id, null, signal), [asset.id]);
  const loaded = report.status === 'loaded' ? report.data : null;
  // Routes are drawn on the page the link opens; the panel has no map of its own.
  const columns = tripColumns(format, () => undefined, null).filter((c) => c.key !== 'route');

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {loaded ? assetTripsPeriodText(loaded.fromDate, loaded.toDate) : TRACKING_TEXT.trips}
        </Typography.Text>
        <LinkButton to={tripsOfAssetPath(asset.id, loaded?.fromDate, loaded?.toDate)} icon={<NodeIndexOutlined />}>
          {TRACKING_TEXT.openAssetTrips}
        </LinkButton>
      </Flex>
      {report.status === 'failed' ? (
        <LoadFailedAlert error={report.error} onRetry={report.reload} />
      ) : (
        <TableBox>
          <Table<DeviceTrip>
            aria-label={TRACKING_TEXT.trips}
            rowKey={(t) => t.id}
            columns={columns}
            dataSource={loaded?.trips ?? []}
            loading={report.status === 'loading'}
            locale={{ emptyText: TRACKING_TEXT.noTrips }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            size="small"
          />
        </TableBox>
      )}
    </Flex>
  );
}
