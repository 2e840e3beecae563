/**
 * What a rule may point at, as choices: the geofences (GET /geo/fences), the saved commands
 * (GET /geo/commands) and the assets (GET /geo/asset) of the acting subtree, by name, cut to the first 1000 as every geo list is.
 * Each list is asked only of a caller who may read it; the others get no choices and the form says why.
 */
import { useMemo } from 'react';
import { assets, geoCommands, geofences } from '@meridian/shared/contract/areas/tracking';
import type { Asset } from '@meridian/shared/contract/asset';
import type { GeoCommand } from '@meridian/shared/contract/geo-command';
import type { Geofence } from '@meridian/shared/contract/geofence';
import { LIST_CUT_OFF } from '@meridian/shared/constants';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useCan } from '@meridian/shared/session/use-can';
import type { Choice } from '@meridian/shared/ui/form-fields';
import { TRACKING_API } from '../parts/tracking-api';

type Named = { id: string; label: string };

/** Each list: where it is asked, the field it is sorted on, and what names a row. */
const LISTS = {
  fences: { url: TRACKING_API.fences, sortField: 'name', labelOf: (row: Geofence) => row.name },
  commands: { url: TRACKING_API.savedCommands, sortField: 'description', labelOf: (row: GeoCommand) => row.description },
  assets: { url: TRACKING_API.assets, sortField: 'name', labelOf: (row: Asset) => row.name },
} as const;

function useNamedList(enabled: boolean, kind: keyof typeof LISTS) {
  const list = useLoad(
    (signal) => {
      if (!enabled) return Promise.resolve([] as Named[]);
      const { url, sortField, labelOf } = LISTS[kind];
      return api
        .get<never[]>(url, { signal, query: { page: 1, size: LIST_CUT_OFF, sortField, sortOrder: 'ASC' } })
        .then((r) => r.data.map((row): Named => ({ id: (row as { id: string }).id, label: labelOf(row) })));
    },
    [enabled, kind],
  );
  const choices = useMemo<Choice<string>[]>(
    () =>
      list.status === 'loaded'
        ? [...list.data]
            .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }))
            .map((n) => ({ value: n.id, label: n.label }))
        : [],
    [list],
  );
  const names = useMemo(() => new Map(choices.map((c) => [c.value, c.label])), [choices]);
  return { allowed: enabled, loading: list.status === 'loading', failed: list.status === 'failed', reload: list.reload, choices, names };
}

export function useGeofenceChoices() {
  return useNamedList(useCan(geofences, 'read'), 'fences');
}

export function useWatchableAssetChoices() {
  return useNamedList(useCan(assets, 'read'), 'assets');
}

export function useCommandChoices() {
  return useNamedList(useCan(geoCommands, 'read'), 'commands');
}
