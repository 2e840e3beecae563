/**
 * The company's activity types and statuses (GET /api/activities/types and /statuses), which answer
 * only the active ones (status 1, spec section 4): for filters, the form, and status updates.
 */
import type { ActivityStatus, ActivityType } from '@meridian/shared/contract/activity';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { ACTIVITY_API } from './activity-paths';

export interface ActivityCatalogue {
  types: ActivityType[];
  statuses: ActivityStatus[];
  loading: boolean;
  failed: boolean;
  reload(): void;
}

export function useActivityCatalogue(): ActivityCatalogue {
  const loaded = useLoad(async (signal) => {
    const [types, statuses] = await Promise.all([
      api.get<ActivityType[]>(ACTIVITY_API.types, { signal }),
      api.get<ActivityStatus[]>(ACTIVITY_API.statuses, { signal }),
    ]);
    return { types: types.data, statuses: statuses.data };
  }, []);
  return {
    types: loaded.status === 'loaded' ? loaded.data.types : [],
    statuses: loaded.status === 'loaded' ? loaded.data.statuses : [],
    loading: loaded.status === 'loading',
    failed: loaded.status === 'failed',
    reload: loaded.reload,
  };
}

export const typeChoices = (types: readonly ActivityType[]) => types.map((t) => ({ value: t.Id, label: t.name }));
export const statusChoices = (statuses: readonly ActivityStatus[]) => statuses.map((s) => ({ value: s.Id, label: s.name }));
