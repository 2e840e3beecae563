/** The choices of the asset form and filters: groups, categories, and devices free to fit (plus the asset's own). */
import { useMemo } from 'react';
import type { Asset, AssetCategory, AssetGroup } from '@meridian/shared/contract/asset';
import type { GeoDevice } from '@meridian/shared/contract/geo-device';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { ASSET_API } from './asset-api';

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, undefined, { numeric: true });

export function useCatalogueChoices() {
  const groups = useLoad((signal) => api.get<AssetGroup[]>(ASSET_API.groups, { signal }).then((r) => r.data), []);
  const categories = useLoad((signal) => api.get<AssetCategory[]>(ASSET_API.categories, { signal }).then((r) => r.data), []);
  return useMemo(
    () => ({
      groups: groups.status === 'loaded' ? groups.data.map((g) => ({ value: g.id, label: g.name })).sort(byLabel) : [],
      categories: categories.status === 'loaded' ? categories.data.map((c) => ({ value: c.id, label: c.name })).sort(byLabel) : [],
    }),
    [groups, categories],
  );
}

/** Devices in no asset, and those already in this one (they stay choosable when it is edited). */
export function useDeviceChoices(asset: Asset | null) {
  const unlinked = useLoad(
    (signal) =>
      api
        .get<GeoDevice[]>(ASSET_API.unlinkedDevices, { signal, query: { size: 1000, sortField: 'name', sortOrder: 'ASC' } })
        .then((r) => r.data),
    [],
  );
  return useMemo(() => {
    const own = Object.values(asset?.devices ?? {}).map((d) => ({ value: d.deviceId, label: d.name }));
    const free = unlinked.status === 'loaded' ? unlinked.data.map((d) => ({ value: d.id, label: d.name })) : [];
    return {
      loading: unlinked.status === 'loading',
      choices: [...own, ...free.filter((f) => !own.some((o) => o.value === f.value))].sort(byLabel),
    };
  }, [asset, unlinked]);
}
