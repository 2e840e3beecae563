/** An asset's page (/tracking/assets/:id): its name as the title and its details panel. */
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import type { Asset } from '@meridian/shared/contract/asset';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { AssetPanel } from './asset-panel';
import { ASSET_TEXT } from './asset-text';

export default function AssetDetailsPage() {
  const { id = '' } = useParams();
  const [title, setTitle] = useState<string>(ASSET_TEXT.displayName);
  const named = useCallback((asset: Asset) => setTitle(asset.name), []);
  return (
    <PageFrame title={title}>
      <AssetPanel assetId={id} onLoaded={named} />
    </PageFrame>
  );
}
