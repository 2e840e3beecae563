/**
 * The permissions of the users screens (sales spec section 6). The shell's guard refuses a route
 * without ADMIN/USERS; deleting and restoring also need ADMIN/USERS/DELETE, so those actions are
 * hidden without it. The server refuses them either way.
 */
import { can } from '@meridian/shared/contract/access';
import { permissionsOf, useSession } from '@meridian/shared/session/session-store';

export const MANAGE_USERS = 'ADMIN/USERS';
export const DELETE_USERS = 'ADMIN/USERS/DELETE';

/** True when the signed-in user may delete and restore users. */
export const useCanDeleteUsers = () => useSession((state) => can(permissionsOf(state), [DELETE_USERS]));

/** The signed-in user's id: their own row offers no delete (the server refuses it anyway). */
export const useOwnUserId = () => useSession((state) => state.user?.Id ?? null);
