/**
 * The Asset Details tab (tracking spec 2): registration number, make, status, last update, address,
 * telemetry of the latest position, engine hours, last odometer, features and photos.
 */
import { Descriptions, Flex, Tag, Typography } from 'antd';
import type { Asset } from '@meridian/shared/contract/asset';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { readingsOf } from '../parts/position-readings';
import { distanceText } from '../parts/tracking-text';
import { AssetPhotos } from './asset-photos';
import { ASSET_TEXT, STATUS_LABELS } from './asset-text';

const hoursText = (seconds: number) => `${(seconds / 3600).toFixed(1)} h`;

export function AssetDetailsTab({ asset, canEdit, onChanged }: { asset: Asset; canEdit: boolean; onChanged(): void }) {
  const format = useTenantFormat();
  const speed = typeof asset.telemetry.speed === 'number' ? asset.telemetry.speed : null;
  const readings = readingsOf({ speed, attributes: asset.telemetry });
  return (
    <Flex vertical gap={16}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={ASSET_TEXT.registrationNumber}>{asset.registrationNumber}</Descriptions.Item>
        <Descriptions.Item label={ASSET_TEXT.make}>{asset.make}</Descriptions.Item>
        <Descriptions.Item label={ASSET_TEXT.status}>{STATUS_LABELS[asset.status] ?? asset.status}</Descriptions.Item>
        <Descriptions.Item label={ASSET_TEXT.lastUpdate}>
          {asset.lastUpdate ? format.moment(asset.lastUpdate) : ASSET_TEXT.never}
        </Descriptions.Item>
        <Descriptions.Item label={ASSET_TEXT.address}>{asset.address ?? ASSET_TEXT.noAddress}</Descriptions.Item>
        <Descriptions.Item label={ASSET_TEXT.telemetry}>
          {readings.length === 0
            ? ASSET_TEXT.noTelemetry
            : readings.map((r) => (
                <div key={r.key}>
                  {r.label}: {r.value}
                </div>
              ))}
        </Descriptions.Item>
        <Descriptions.Item label={ASSET_TEXT.engineHours}>
          {asset.engineHours === null ? '—' : hoursText(asset.engineHours)}
        </Descriptions.Item>
        <Descriptions.Item label={ASSET_TEXT.lastOdometer}>
          {asset.lastOdometer === null ? '—' : distanceText(asset.lastOdometer)}
        </Descriptions.Item>
        <Descriptions.Item label={ASSET_TEXT.features}>
          {asset.features.length === 0 ? '—' : asset.features.map((f) => <Tag key={f}>{f}</Tag>)}
        </Descriptions.Item>
      </Descriptions>
      <div>
        <Typography.Title level={5}>{ASSET_TEXT.photos}</Typography.Title>
        <AssetPhotos assetId={asset.id} photos={asset.photos} canEdit={canEdit} onChanged={onChanged} />
      </div>
    </Flex>
  );
}
