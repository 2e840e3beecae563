/** True when the signed-in user holds any one of `required` (a global administrator always does). */
import { can } from '@meridian/shared/contract/access';
import { permissionsOf, useSession } from '@meridian/shared/session/session-store';

export const useCan = (required: readonly string[]) => useSession((state) => can(permissionsOf(state), required));
