/** The assets the caller sees (GET /geo/asset, paged: its first page of 1000) as choices for a picker, by name as people read them. */
import { useMemo } from 'react';
import type { Asset } from '@meridian/shared/contract/asset';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { TRACKING_API } from './tracking-api';

const PICKER_SIZE = 1000;

export function useAssetChoices() {
  const assets = useLoad(
    (signal) =>
      api
        .get<Asset[]>(TRACKING_API.assets, { signal, query: { size: String(PICKER_SIZE), sortField: 'name', sortOrder: 'ASC' } })
        .then((r) => r.data),
    [],
  );
  const choices = useMemo(
    () =>
      assets.status === 'loaded'
        ? [...assets.data]
            .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }))
            .map((a) => ({ value: a.id, label: a.name }))
        : [],
    [assets],
  );
  return { assets, choices };
}
