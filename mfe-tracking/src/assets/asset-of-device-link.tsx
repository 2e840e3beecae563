/**
 * "Asset" beside a device on the live map: a link to the page of the asset the device is fitted in now
 * (its open stretch in the device-asset history), or nothing when it is in none the user may see.
 */
import { CarOutlined } from '@ant-design/icons';
import { assets } from '@meridian/shared/contract/areas/tracking';
import type { AssetDeviceHistoryEntry } from '@meridian/shared/contract/asset';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useCan } from '@meridian/shared/session/use-can';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { ASSET_API } from './asset-api';
import { assetPath } from '../parts/tracking-paths';
import { ASSET_TEXT, assetOfDeviceLabel } from './asset-text';

const currentAssetOf = (deviceId: string, signal: AbortSignal) =>
  api
    .get<AssetDeviceHistoryEntry[]>(ASSET_API.history, { signal, query: { deviceId, size: 1, sortField: 'linkedAt', sortOrder: 'DESC' } })
    .then(
      (r) => r.data.find((h) => h.unlinkedAt === null) ?? null,
      () => null,
    );

function Link({ deviceId, deviceName }: { deviceId: string; deviceName: string }) {
  const found = useLoad((signal) => currentAssetOf(deviceId, signal), [deviceId]);
  if (found.status !== 'loaded' || !found.data) return null;
  return (
    <LinkButton size="small" to={assetPath(found.data.assetId)} icon={<CarOutlined />} aria-label={assetOfDeviceLabel(deviceName)}>
      {ASSET_TEXT.openAsset}
    </LinkButton>
  );
}

export function AssetOfDeviceLink({ deviceId, deviceName }: { deviceId: string; deviceName: string }) {
  const canRead = useCan(assets, 'read');
  return canRead ? <Link deviceId={deviceId} deviceName={deviceName} /> : null;
}
