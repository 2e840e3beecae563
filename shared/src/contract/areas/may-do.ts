/** The one permission check (`can`) applied to an area resource's action: by the API and by the browser alike. */
import { can, type PermissionHolder } from '../access';
import { grantOf, type ActionOf, type AnyResource } from './area';

/** True when the holder may take the action; an action the resource grants to nobody in particular is open. */
export const mayDo = <R extends AnyResource>(holder: PermissionHolder, res: R, action: ActionOf<R>) =>
  can(holder, grantOf(res, action) ?? []);
