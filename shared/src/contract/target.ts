/**
 * Sales targets: a number to reach on one metric over a period, for one team or one user. Every
 * answer carries what has been achieved so far, counted from the records themselves.
 */
import { z } from 'zod';
import { idSchema } from '../validation';
import { choice } from '../validation-messages';
import { pagingQuerySchema } from './paging';
import { ACTIVITY_PROGRESS_STATUS_NAMES, daySchema } from './activity-plan';
import { answerDay, answerId, answerInstant } from './answer-fields';

/**
 * What each metric counts for the target's user, or the members of its team, in the period:
 * - ACTIVITIES_COMPLETED: their assignments with a completed status (TARGET_COMPLETED_STATUS_NAMES) whose activity starts in the period;
 * - ACTIVITIES_PLANNED: their assignments whose activity starts in the period;
 * - LEADS_CREATED: leads they created in the period;
 * - LEADS_CONVERTED: leads assigned to them (else created by them) with status 'Converted', converted in the period;
 * - CLIENTS_ADDED: clients they created in the period.
 * Deleted activities, leads and clients do not count. Days are the acting tenant's days.
 */
export const TARGET_METRICS = ['ACTIVITIES_COMPLETED', 'ACTIVITIES_PLANNED', 'LEADS_CREATED', 'LEADS_CONVERTED', 'CLIENTS_ADDED'] as const;
export type TargetMetric = (typeof TARGET_METRICS)[number];
export const TARGET_METRIC_NAMES: Record<TargetMetric, string> = {
  ACTIVITIES_COMPLETED: 'Activities completed',
  ACTIVITIES_PLANNED: 'Activities planned',
  LEADS_CREATED: 'Leads created',
  LEADS_CONVERTED: 'Leads converted',
  CLIENTS_ADDED: 'Clients added',
};
export const TARGET_COMPLETED_STATUS_NAMES = ACTIVITY_PROGRESS_STATUS_NAMES.completed;
export const LEAD_CONVERTED_STATUS = 'Converted';

export const TARGET_LIMITS = { nameMaxLength: 100, maxValue: 1_000_000 } as const;

/** What POST /targets and PUT /targets/{id} take. The target belongs to its team's tenant, or its user's home tenant. */
export const targetSaveSchema = z
  .object({
    name: z
      .string({ error: 'A target name is required.' })
      .trim()
      .min(1, 'A target name is required.')
      .max(TARGET_LIMITS.nameMaxLength, `A target name has at most ${TARGET_LIMITS.nameMaxLength} characters.`),
    metric: choice(TARGET_METRICS, { labels: TARGET_METRIC_NAMES, whenMissing: 'Choose a metric.' }),
    targetValue: z
      .number({ error: 'The target value is a whole number above 0.' })
      .int('The target value is a whole number above 0.')
      .min(1, 'The target value is a whole number above 0.')
      .max(TARGET_LIMITS.maxValue, `The target value is at most ${TARGET_LIMITS.maxValue.toLocaleString('en')}.`),
    periodStart: daySchema,
    periodEnd: daySchema,
    teamId: idSchema.nullable().optional(),
    userId: idSchema.nullable().optional(),
  })
  .superRefine((t, ctx) => {
    if (t.periodEnd < t.periodStart)
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'The period cannot end before it starts.' });
    if (t.teamId && t.userId)
      ctx.addIssue({ code: 'custom', path: ['teamId'], message: 'A target is for a team or for a user, not both.' });
    if (!t.teamId && !t.userId)
      ctx.addIssue({ code: 'custom', path: ['teamId'], message: 'Choose the team or the user the target is for.' });
  });
export type TargetSave = z.infer<typeof targetSaveSchema>;

/** POST /targets/delete. */
export const targetDeleteSchema = z.object({
  ids: z.array(idSchema, { error: 'Give the targets as a list of ids.' }).min(1, 'Choose at least one target.').max(1000),
});

/** GET /targets: periodFrom/periodTo keep targets whose period overlaps them. */
export const targetListQuerySchema = pagingQuerySchema.extend({
  periodFrom: daySchema.optional(),
  periodTo: daySchema.optional(),
  teamId: idSchema.optional(),
  userId: idSchema.optional(),
  metric: z.enum(TARGET_METRICS, { error: `metric is one of ${TARGET_METRICS.join(', ')}.` }).optional(),
});

export interface Target {
  Id: string;
  name: string;
  metric: TargetMetric;
  targetValue: number;
  periodStart: string;
  periodEnd: string;
  teamId: string | null;
  teamName: string | null;
  userId: string | null;
  /** The first and last name of the target's user. */
  userFullName: string | null;
  tenantId: string;
  tenantName: string;
  createdUserId: string | null;
  dateCreated: string;
  dateModified: string;
  achieved: number;
  /** achieved / targetValue: 1 when reached, above 1 when exceeded. */
  progress: number;
}

export const targetSchema: z.ZodType<Target> = z
  .strictObject({
    Id: answerId,
    name: z.string(),
    metric: z.enum(TARGET_METRICS),
    targetValue: z.number(),
    periodStart: answerDay,
    periodEnd: answerDay,
    teamId: answerId.nullable(),
    teamName: z.string().nullable(),
    userId: answerId.nullable(),
    userFullName: z.string().nullable(),
    tenantId: answerId,
    tenantName: z.string(),
    createdUserId: answerId.nullable(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
    achieved: z.number(),
    progress: z.number(),
  })
  .meta({ id: 'Target' });
