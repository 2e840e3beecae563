/** The company's vehicle categories, features and attributes, and the tracked assets the user sees, as choices for the vehicle form. */
import type { VehicleReference } from '@meridian/shared/contract/vehicle';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import type { Choice } from '@meridian/shared/ui/form-fields';
import { VEHICLES_API } from '../parts/vehicles-api';

const choicesOf = (rows: VehicleReference[]): Choice<string>[] => rows.map((r) => ({ value: r.id, label: r.name }));

export function useVehicleChoices() {
  const state = useLoad(async (signal) => {
    const [categories, features, attributes] = await Promise.all(
      [VEHICLES_API.categories, VEHICLES_API.features, VEHICLES_API.attributes].map((url) =>
        api.get<VehicleReference[]>(url, { signal }).then((r) => choicesOf(r.data)),
      ),
    );
    return { categories: categories!, features: features!, attributes: attributes! };
  }, []);
  const loaded = state.status === 'loaded' ? state.data : null;
  return {
    loading: state.status === 'loading',
    categories: loaded?.categories ?? [],
    features: loaded?.features ?? [],
    attributes: loaded?.attributes ?? [],
  };
}

/** The largest page the API answers: a picker of more assets than this would want a search instead. */
const ASSET_PICKER_SIZE = 1000;

/** The tracked assets the user may link a vehicle to (only asked for when they may read assets), by name. */
export function useTrackedAssetChoices(wanted: boolean) {
  const state = useLoad(
    async (signal): Promise<Choice<string>[]> =>
      wanted
        ? (
            await api.get<{ id: string; name: string }[]>(VEHICLES_API.trackedAssets, {
              signal,
              query: { size: String(ASSET_PICKER_SIZE), sortField: 'name', sortOrder: 'ASC' },
            })
          ).data.map((a) => ({ value: a.id, label: a.name }))
        : [],
    [wanted],
  );
  return { loading: state.status === 'loading', choices: state.status === 'loaded' ? state.data : [] };
}
