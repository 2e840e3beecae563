/**
 * What the signed-in user may do with a resource of an area (`useCan(leads, 'edit')`), on top of the
 * one permission check `can()` that the API also applies. Buttons for what the user may not do are
 * hidden; the server refuses them either way.
 */
import type { ActionOf, AnyResource } from '../contract/areas/area';
import { mayDo } from '../contract/areas/may-do';
import { permissionsOf, useSession, type SessionState } from '@meridian/shared/session/session-store';

/** True when the session's user may take the action on the resource. */
export const canDo = <R extends AnyResource>(session: Pick<SessionState, 'user'>, res: R, action: ActionOf<R>) =>
  mayDo(permissionsOf(session), res, action);

export const useCan = <R extends AnyResource>(res: R, action: ActionOf<R>) => useSession((state) => canDo(state, res, action));
