/**
 * "Asset" beside a device on the live map: the panel of the asset the device is fitted in now (its open
 * stretch in the device-asset history) in a drawer over the map, with a link to the asset's own page;
 * nothing when it is in none the user may see.
 */
import { useCallback, useState } from 'react';
import { Button, Drawer } from 'antd';
import { CarOutlined, ExportOutlined } from '@ant-design/icons';
import { assets } from '@meridian/shared/contract/areas/tracking';
import type { Asset, AssetDeviceHistoryEntry } from '@meridian/shared/contract/asset';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useCan } from '@meridian/shared/session/use-can';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { AssetPanel } from './asset-panel';
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

function AssetButton({ deviceId, deviceName }: { deviceId: string; deviceName: string }) {
  const phone = usePhoneScreen();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState<string>(ASSET_TEXT.displayName);
  const named = useCallback((asset: Asset) => setTitle(asset.name), []);
  const found = useLoad((signal) => currentAssetOf(deviceId, signal), [deviceId]);
  if (found.status !== 'loaded' || !found.data) return null;
  const { assetId } = found.data;
  return (
    <>
      <Button size="small" icon={<CarOutlined />} aria-label={assetOfDeviceLabel(deviceName)} onClick={() => setOpen(true)}>
        {ASSET_TEXT.openAsset}
      </Button>
      <Drawer
        title={title}
        open={open}
        onClose={() => setOpen(false)}
        size={phone ? '100%' : 720}
        destroyOnHidden
        extra={
          <LinkButton size="small" to={assetPath(assetId)} icon={<ExportOutlined />}>
            {ASSET_TEXT.openAssetPage}
          </LinkButton>
        }
      >
        {open && <AssetPanel assetId={assetId} onLoaded={named} tabInAddress={false} />}
      </Drawer>
    </>
  );
}

export function AssetOfDeviceLink({ deviceId, deviceName }: { deviceId: string; deviceName: string }) {
  const canRead = useCan(assets, 'read');
  return canRead ? <AssetButton deviceId={deviceId} deviceName={deviceName} /> : null;
}
