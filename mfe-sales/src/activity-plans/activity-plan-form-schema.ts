/**
 * The route plan form's schema: the contract's own (shared/contract/activity-plan), so the browser
 * checks what the API checks: a name of at most 100 characters, a real day, an agent, and 1 to 200
 * stops, each activity once. The status is changed only on an existing plan.
 */
import type { DefaultValues } from 'react-hook-form';
import {
  activityPlanUpdateSchema,
  type ActivityPlan,
  type ActivityPlanCreate,
  type ActivityPlanStop,
  type ActivityPlanUpdate,
  type ActivityWithoutPlan,
} from '@meridian/shared/contract/activity-plan';

export const planFormSchema = activityPlanUpdateSchema;

export type PlanFormInput = (typeof planFormSchema)['_zod']['input'];
export type PlanFormValues = (typeof planFormSchema)['_zod']['output'];

/** The fields a server refusal may name, for applyFieldErrors. */
export const PLAN_FORM_FIELDS = ['name', 'planDate', 'agentUserId', 'activityIds', 'status'] as const;

/** A new plan: for the day given, with no agent chosen yet. */
export const emptyPlanForm = (planDate: string): DefaultValues<PlanFormInput> => ({ name: '', planDate, activityIds: [] });

export const planFormValuesOf = (plan: ActivityPlan): DefaultValues<PlanFormInput> => ({
  name: plan.name,
  planDate: plan.planDate,
  ...(plan.agentUserId ? { agentUserId: plan.agentUserId } : {}),
  activityIds: plan.activityIds,
  status: plan.status,
});

/** POST /api/activities/activity-plan: a new plan starts PENDING, so no status is sent. */
export const toCreateBody = ({ status: _status, ...plan }: PlanFormValues): ActivityPlanCreate => plan;
/** PUT /api/activities/activity-plan/{id}: the stops given replace the plan's stops, in this order. */
export const toUpdateBody = (plan: PlanFormValues): ActivityPlanUpdate => plan;

/** What the stop list shows of an activity, from either the plan's stops or the activities without a plan. */
export interface StopInfo {
  Id: string;
  name: string;
  location: string | null;
  lat: number | null;
  lng: number | null;
  startDate: string | null;
  status: string;
}

export const stopInfoOf = (activity: ActivityPlanStop | ActivityWithoutPlan): StopInfo => ({
  Id: activity.Id,
  name: activity.name,
  location: activity.location,
  lat: activity.lat,
  lng: activity.lng,
  startDate: activity.startDate,
  status: activity.status,
});

/** The ids with the one at `index` moved by `by` places (-1 up, +1 down); unchanged at either end. */
export function moved(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const target = index + by;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
