/**
 * The signed-in user's standing towards activities: whether they manage others' work (the shared
 * policy `managesOthersActivities`), and who they are. What they may do is `useCan(activities, ...)`.
 */
import { managesOthersActivities } from '@meridian/shared/contract/areas/policies';
import { permissionsOf, useSession } from '@meridian/shared/session/session-store';

export const useIsActivityManager = () => useSession((state) => managesOthersActivities(permissionsOf(state)));
export const useOwnUserId = () => useSession((state) => state.user?.Id ?? null);
