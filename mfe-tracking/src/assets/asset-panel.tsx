/**
 * The asset details panel (tracking spec 2): the tabs Asset Details, Alerts, Events, Trips, Info, Crash
 * and Edit, for one asset. Shown on the asset's own page; made to sit in the live map's side panel too.
 * Crash shows to those who may read crashes, Edit and Share to asset editors.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import type { Asset } from '@meridian/shared/contract/asset';
import { assets, assetShareLinks, crashEvents } from '@meridian/shared/contract/areas/tracking';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useCan } from '@meridian/shared/session/use-can';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { ASSET_API } from './asset-api';
import { AssetCrashTab } from './asset-crash-tab';
import { AssetDetailsTab } from './asset-details-tab';
import { AssetEventsTab } from './asset-events-tab';
import { AssetForm } from './asset-form';
import { AssetInfoTab } from './asset-info-tab';
import { ASSET_TEXT } from './asset-text';
import { AssetShareTab } from './asset-share-tab';
import { AssetTripsTab } from './asset-trips-tab';

export function AssetTabs({
  asset,
  onChanged,
  activeKey,
  onTab,
}: {
  asset: Asset;
  onChanged(): void;
  activeKey?: string;
  onTab?(key: string): void;
}) {
  const canEdit = useCan(assets, 'edit');
  const canReadCrashes = useCan(crashEvents, 'read');
  const canShare = useCan(assetShareLinks, 'read');
  const items = [
    { key: 'details', label: ASSET_TEXT.tabDetails, children: <AssetDetailsTab asset={asset} canEdit={canEdit} onChanged={onChanged} /> },
    { key: 'alerts', label: ASSET_TEXT.tabAlerts, children: <AssetEventsTab assetId={asset.id} kind="alarm" /> },
    { key: 'events', label: ASSET_TEXT.tabEvents, children: <AssetEventsTab assetId={asset.id} kind="event" /> },
    { key: 'trips', label: ASSET_TEXT.tabTrips, children: <AssetTripsTab asset={asset} /> },
    { key: 'info', label: ASSET_TEXT.tabInfo, children: <AssetInfoTab asset={asset} /> },
    ...(canReadCrashes ? [{ key: 'crash', label: ASSET_TEXT.tabCrash, children: <AssetCrashTab assetId={asset.id} /> }] : []),
    ...(canEdit ? [{ key: 'edit', label: ASSET_TEXT.tabEdit, children: <AssetForm asset={asset} onSaved={onChanged} /> }] : []),
    ...(canShare ? [{ key: 'share', label: ASSET_TEXT.tabShare, children: <AssetShareTab assetId={asset.id} /> }] : []),
  ];
  return <Tabs items={items} activeKey={activeKey} onChange={onTab} destroyOnHidden />;
}

/** The tab shown: kept in the address on the asset's own page (a link may open the Crash tab), else here. */
function useTab(inAddress: boolean): [string, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState('details');
  if (!inAddress) return [local, setLocal];
  const setTab = (next: string) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === 'details') changed.delete('tab');
        else changed.set('tab', next);
        return changed;
      },
      { replace: true },
    );
  return [params.get('tab') || 'details', setTab];
}

/**
 * The panel of the asset `assetId`, loaded (and loaded again after a change made in it, coming back to
 * the same tab). `tabInAddress`: on the asset's own page; false where the panel sits over another
 * screen (the live map).
 */
export function AssetPanel({
  assetId,
  onLoaded,
  tabInAddress = true,
}: {
  assetId: string;
  onLoaded?(asset: Asset): void;
  tabInAddress?: boolean;
}) {
  const [tab, setTab] = useTab(tabInAddress);
  const state = useLoad((signal) => api.get<Asset>(ASSET_API.details(assetId), { signal }).then((r) => r.data), [assetId]);
  const loaded = state.status === 'loaded' ? state.data : null;
  useEffect(() => {
    if (loaded) onLoaded?.(loaded);
  }, [loaded, onLoaded]);
  return (
    <LoadPanel state={state}>{(asset) => <AssetTabs asset={asset} onChanged={state.reload} activeKey={tab} onTab={setTab} />}</LoadPanel>
  );
}
