/**
 * A route's access rule from the area data: `{ config: allow(leads, 'edit') }` lets through the
 * holders of any hierarchy that grants the action (or any of several actions), checked by the guard.
 */
import { grantOfAny, type ActionOf, type AnyResource } from '@meridian/shared/contract/areas/area';

export const allow = <R extends AnyResource>(res: R, ...actions: [ActionOf<R>, ...ActionOf<R>[]]) => ({
  permissions: grantOfAny(res, ...actions) as string[],
});

/** The hierarchies of one or more actions, for a check made inside a handler (`can(principal, grantsOf(...))`). */
export const grantsOf = <R extends AnyResource>(res: R, ...actions: [ActionOf<R>, ...ActionOf<R>[]]): string[] =>
  grantOfAny(res, ...actions);
