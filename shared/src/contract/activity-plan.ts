/**
 * Route plans (activity plans): an agent's ordered stops for one day, the activities not yet in a
 * plan, the map of a day's routes and the day overview per agent. Also the calendar-day rule and the
 * status names that count an activity as completed, in progress or cancelled, which targets and the
 * agent reports share.
 */
import { z } from 'zod';
import { DATE_RANGE_MESSAGE, idSchema, isDateInRange } from '../validation';
import { choice } from '../validation-messages';
import { pagingQuerySchema } from './paging';
import { answerCount, answerDay, answerId, answerInstant } from './answer-fields';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string) {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const isDateTime = (value: string) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
/** A day or date-time already known to be well formed, in the years the product takes (DATE_RANGE). */
const isInDateRange = (value: string) => isDateInRange(new Date(isCalendarDay(value) ? `${value}T00:00:00Z` : value));

/** A calendar day, YYYY-MM-DD, in DATE_RANGE. */
export const daySchema = z
  .string({ error: 'Give a date as YYYY-MM-DD.' })
  .trim()
  .refine(isCalendarDay, { message: 'Give a date as YYYY-MM-DD.', abort: true })
  .refine(isInDateRange, DATE_RANGE_MESSAGE);

/**
 * A day in a query: YYYY-MM-DD, or a date-time, which counts as the day it falls on in the acting
 * tenant's time zone; either in DATE_RANGE.
 */
export const dayOrDateTimeSchema = z
  .string()
  .trim()
  .refine((v) => isCalendarDay(v) || isDateTime(v), { message: 'Give a date as YYYY-MM-DD or an ISO date-time.', abort: true })
  .refine(isInDateRange, DATE_RANGE_MESSAGE);

/** Status names (compared case-insensitively) that place an assignment in a stage of its work; any other status is pending. */
export const ACTIVITY_PROGRESS_STATUS_NAMES = {
  completed: ['Completed', 'Complete', 'Done'],
  inProgress: ['In progress', 'In-progress', 'Started'],
  cancelled: ['Cancelled', 'Canceled'],
} as const;
export type ActivityProgress = 'completed' | 'inProgress' | 'cancelled' | 'pending';

/** Where a status text places an activity: completed, in progress, cancelled, or else pending. */
export function activityProgress(statusText: string | null | undefined): ActivityProgress {
  const text = (statusText ?? '').trim().toLowerCase();
  for (const stage of ['completed', 'inProgress', 'cancelled'] as const) {
    if (ACTIVITY_PROGRESS_STATUS_NAMES[stage].some((name) => name.toLowerCase() === text)) return stage;
  }
  return 'pending';
}

export const ACTIVITY_PLAN_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type ActivityPlanStatus = (typeof ACTIVITY_PLAN_STATUSES)[number];
export const PLAN_STATUS_NAMES: Record<ActivityPlanStatus, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export const ACTIVITY_PLAN_LIMITS = { nameMaxLength: 100, maxStops: 200, defaultWindowDays: 30 } as const;

/** The ids of the stops in visiting order: a JSON list, or the spec's comma-separated string. */
export const planActivityIdsSchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : value,
  z
    .array(idSchema, { error: 'Give the activities as a list of ids.' })
    .min(1, 'Choose at least one activity.')
    .max(ACTIVITY_PLAN_LIMITS.maxStops, `A plan has at most ${ACTIVITY_PLAN_LIMITS.maxStops} stops.`)
    .superRefine((ids, ctx) => {
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'An activity can be a stop of a plan only once.' });
    }),
);

const planFields = {
  name: z
    .string({ error: 'A plan name is required.' })
    .trim()
    .min(1, 'A plan name is required.')
    .max(ACTIVITY_PLAN_LIMITS.nameMaxLength, `A plan name has at most ${ACTIVITY_PLAN_LIMITS.nameMaxLength} characters.`),
  planDate: daySchema,
  agentUserId: z.string({ error: 'Choose the agent who follows the plan.' }).pipe(idSchema),
  activityIds: planActivityIdsSchema,
};

/** POST /activities/activity-plan: a new plan starts PENDING. */
export const activityPlanCreateSchema = z.object(planFields);
export type ActivityPlanCreate = z.infer<typeof activityPlanCreateSchema>;

/** PUT /activities/activity-plan/{id}: the stops given replace the plan's stops. */
export const activityPlanUpdateSchema = z.object({
  ...planFields,
  status: choice(ACTIVITY_PLAN_STATUSES, { labels: PLAN_STATUS_NAMES }).optional(),
});
export type ActivityPlanUpdate = z.infer<typeof activityPlanUpdateSchema>;

/** DELETE /activities/activity-plan/delete. */
export const activityPlanDeleteSchema = z.object({
  activityPlans: z.array(idSchema, { error: 'Give the plans as a list of ids.' }).min(1, 'Choose at least one plan.').max(1000),
  deleteActivities: z.boolean({ error: 'deleteActivities is true or false.' }).default(false),
});

/** GET /activities/activity-plan: plans whose date lies in the window (default today to 30 days ahead). */
export const activityPlanListQuerySchema = pagingQuerySchema.extend({
  startDate: dayOrDateTimeSchema.optional(),
  endDate: dayOrDateTimeSchema.optional(),
  agentUserId: idSchema.optional(),
});

/** GET /activities/no-activity-plan: activities starting in the window (default today to 30 days ahead) and in no plan. */
export const noActivityPlanQuerySchema = activityPlanListQuerySchema;

export const PLAN_DETAILS_LEVELS = ['BASIC', 'FULL'] as const;
export const planActivitiesQuerySchema = z.object({
  detailsLevel: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.toUpperCase() : v),
      z.enum(PLAN_DETAILS_LEVELS, { error: 'detailsLevel is FULL or BASIC.' }),
    )
    .default('BASIC'),
});

/** map-overview and day-overview: one day, today when absent. */
export const planDayQuerySchema = z.object({ date: daySchema.optional() });

export interface PlanPerson {
  Id: string;
  firstName: string;
  lastName: string;
}

export interface ActivityPlanListItem {
  Id: string;
  name: string;
  /** YYYY-MM-DD. */
  planDate: string;
  status: ActivityPlanStatus;
  agentUserId: string | null;
  agentName: string | null;
  /** Stops whose activity is not deleted. */
  stopCount: number;
  tenantId: string;
  tenantName: string;
  createdUserId: string | null;
  dateCreated: string;
  dateModified: string;
}

export interface ActivityPlan extends ActivityPlanListItem {
  /** The stops' activity ids in visiting order. */
  activityIds: string[];
}

export interface ActivityPlanStop {
  /** 1 for the first stop. */
  position: number;
  /** The activity's id. */
  Id: string;
  name: string;
  location: string | null;
  lat: number | null;
  lng: number | null;
  startDate: string | null;
  endDate: string | null;
  /** The plan agent's assignment status when the agent is assigned, else the activity's own status. */
  status: string;
  progress: ActivityProgress;
  /** FULL only. */
  clients?: PlanPerson[];
  leads?: PlanPerson[];
  assignedUsers?: (PlanPerson & { statusText: string | null })[];
}

export interface ActivityWithoutPlan {
  Id: string;
  name: string;
  location: string | null;
  lat: number | null;
  lng: number | null;
  startDate: string | null;
  endDate: string | null;
  status: string;
  typeDesc: string | null;
  tenantId: string;
  assignedUsers: PlanPerson[];
}

export interface MapOverviewPlan {
  Id: string;
  name: string;
  planDate: string;
  status: ActivityPlanStatus;
  agentUserId: string | null;
  agentName: string | null;
  stops: ActivityPlanStop[];
}

/**
 * One agent's day in the day overview. Stops count each planned activity once; the distance is the
 * great-circle distance between consecutive stops with coordinates, plan by plan, in kilometres.
 */
export interface DayOverviewAgent {
  agentUserId: string;
  agentName: string;
  plans: number;
  plannedStops: number;
  completed: number;
  inProgress: number;
  pending: number;
  cancelled: number;
  /** The agent's first and last status update of those stops (any day), or null when none was made. */
  firstStatusUpdate: string | null;
  lastStatusUpdate: string | null;
  distanceKm: number;
  /** Stops without coordinates, left out of the distance. */
  stopsWithoutPosition: number;
}

export interface DayOverview {
  date: string;
  agents: DayOverviewAgent[];
}

/** The 409 of a stop that another plan already holds. */
export const activityInOtherPlanMessage = (activityName: string, planName: string) =>
  `The activity '${activityName}' is already a stop of the plan '${planName}'.`;
/** The 400 of a stop that is not an activity of the acting tenant's subtree. */
export const activityOutsideScopeMessage = (activityId: string) => `Activity ${activityId} was not found in the tenant you are acting for.`;

// The answers' schemas (api/src/http/route-answers.ts).

export const planPersonSchema: z.ZodType<PlanPerson> = z
  .strictObject({ Id: answerId, firstName: z.string(), lastName: z.string() })
  .meta({ id: 'PlanPerson' });
const activityPlanListItemFields = {
  Id: answerId,
  name: z.string(),
  planDate: answerDay,
  status: z.enum(ACTIVITY_PLAN_STATUSES),
  agentUserId: answerId.nullable(),
  agentName: z.string().nullable(),
  stopCount: answerCount,
  tenantId: answerId,
  tenantName: z.string(),
  createdUserId: answerId.nullable(),
  dateCreated: answerInstant,
  dateModified: answerInstant,
};
export const activityPlanListItemSchema: z.ZodType<ActivityPlanListItem> = z
  .strictObject(activityPlanListItemFields)
  .meta({ id: 'ActivityPlanListItem' });
export const activityPlanSchema: z.ZodType<ActivityPlan> = z
  .strictObject({ ...activityPlanListItemFields, activityIds: z.array(answerId) })
  .meta({ id: 'ActivityPlan' });
export const activityPlanStopSchema: z.ZodType<ActivityPlanStop> = z
  .strictObject({
    position: answerCount,
    Id: answerId,
    name: z.string(),
    location: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    startDate: answerInstant.nullable(),
    endDate: answerInstant.nullable(),
    status: z.string(),
    progress: z.enum(['completed', 'inProgress', 'cancelled', 'pending']),
    clients: z.array(planPersonSchema).optional(),
    leads: z.array(planPersonSchema).optional(),
    assignedUsers: z
      .array(z.strictObject({ Id: answerId, firstName: z.string(), lastName: z.string(), statusText: z.string().nullable() }))
      .optional(),
  })
  .meta({ id: 'ActivityPlanStop' });
export const activityWithoutPlanSchema: z.ZodType<ActivityWithoutPlan> = z
  .strictObject({
    Id: answerId,
    name: z.string(),
    location: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    startDate: answerInstant.nullable(),
    endDate: answerInstant.nullable(),
    status: z.string(),
    typeDesc: z.string().nullable(),
    tenantId: answerId,
    assignedUsers: z.array(planPersonSchema),
  })
  .meta({ id: 'ActivityWithoutPlan' });
export const mapOverviewPlanSchema: z.ZodType<MapOverviewPlan> = z
  .strictObject({
    Id: answerId,
    name: z.string(),
    planDate: answerDay,
    status: z.enum(ACTIVITY_PLAN_STATUSES),
    agentUserId: answerId.nullable(),
    agentName: z.string().nullable(),
    stops: z.array(activityPlanStopSchema),
  })
  .meta({ id: 'MapOverviewPlan' });
export const dayOverviewSchema: z.ZodType<DayOverview> = z
  .strictObject({
    date: answerDay,
    agents: z.array(
      z.strictObject({
        agentUserId: answerId,
        agentName: z.string(),
        plans: answerCount,
        plannedStops: answerCount,
        completed: answerCount,
        inProgress: answerCount,
        pending: answerCount,
        cancelled: answerCount,
        firstStatusUpdate: answerInstant.nullable(),
        lastStatusUpdate: answerInstant.nullable(),
        distanceKm: z.number(),
        stopsWithoutPosition: answerCount,
      }),
    ),
  })
  .meta({ id: 'DayOverview' });
/** DELETE /activities/activity-plan/delete: plans deleted, and their activities when asked to. */
export const activityPlansDeletedSchema = z.strictObject({ deleted: answerCount, activitiesDeleted: answerCount });
