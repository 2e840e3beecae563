/**
 * The Trips tab. The asset trip report (GET /geo/asset/reports/trips) belongs to the fleet reports
 * work; until it is in, the tab leads to the trips of the asset's Primary device, which are the same trips.
 */
import { Typography } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import type { Asset } from '@meridian/shared/contract/asset';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { tripsOfDevicePath } from '../parts/tracking-paths';
import { primaryDeviceOf } from './asset-columns';
import { ASSET_TEXT } from './asset-text';

export function AssetTripsTab({ asset }: { asset: Asset }) {
  const primary = primaryDeviceOf(asset);
  if (!primary) return <Typography.Text type="secondary">{ASSET_TEXT.noPrimaryForTrips}</Typography.Text>;
  return (
    <LinkButton to={tripsOfDevicePath(primary.deviceId)} icon={<NodeIndexOutlined />}>
      {`${ASSET_TEXT.tripsOfPrimary} (${primary.name})`}
    </LinkButton>
  );
}
