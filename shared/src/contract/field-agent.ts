/** Field agents: their actions, positions, device registration, error log and stats (platform 7.3-7.6, sales 7). */
import { z } from 'zod';
import { idSchema, instantSchema, isValidPosition } from '../validation';
import { MESSAGES } from '../messages';
import { AGENT_ACTION } from '../constants';
import { pagingQuerySchema, wholeNumberFromQuery } from './paging';
import { daySchema } from './activity-plan';
import { madeOfflineAtSchema } from './activity';
import { answerCount, answerDay, answerId, answerInstant } from './answer-fields';

/**
 * POST /agent/action. The 999 placeholder (a device without a fix) is accepted and recorded as no
 * position; starting or stopping the day (1/0) without a usable position is refused where the acting
 * tenant, or one above it, requires location. An action made offline carries `actedAt` and is recorded
 * at that time, so the day's start and end are where and when they happened.
 */
export const agentActionSchema = z
  .object({
    action: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    latitude: z.number().nullable().optional(),
    longitude: z.number().nullable().optional(),
    accuracy: z.number().min(0).nullable().optional(),
    location: z.string().max(300).nullable().optional(),
    entityId: idSchema.nullable().optional(),
    entityType: z.string().max(60).nullable().optional(),
    /** When the day was started or stopped, for an action made offline and sent later; now when left out. */
    actedAt: madeOfflineAtSchema.optional(),
  })
  .superRefine((a, ctx) => {
    if (!isValidPosition(a.latitude, a.longitude)) return;
    if (Math.abs(a.latitude!) > 90) ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'Latitude is between -90 and 90.' });
    if (Math.abs(a.longitude!) > 180) ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'Longitude is between -180 and 180.' });
  });
export interface AgentAction {
  Id: string;
  action: number;
  performedByUserId: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  location: string | null;
  entityId: string | null;
  entityType: string | null;
  dateCreated: string;
}

export const userPositionSchema = z
  .object({
    id: idSchema.optional(),
    userId: idSchema,
    latitude: z.number(),
    longitude: z.number(),
    accuracy: z.number().min(0).nullable().optional(),
    entityId: idSchema.nullable().optional(),
    entityType: z.string().trim().min(1).max(60).default('user_position'),
    deviceTime: instantSchema(),
    serverTime: instantSchema().optional(),
    battery: z.number().min(0).max(100).default(0),
  })
  .superRefine((p, ctx) => {
    // The 999 placeholder means "no fix"; it gets the spec's own message rather than a range error.
    if (!isValidPosition(p.latitude, p.longitude)) ctx.addIssue({ code: 'custom', path: ['latitude'], message: MESSAGES.noPosition });
    else {
      if (Math.abs(p.latitude) > 90) ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'Latitude is between -90 and 90.' });
      if (Math.abs(p.longitude) > 180) ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'Longitude is between -180 and 180.' });
    }
  });
export interface UserPosition {
  id: string;
  userId: string;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  entityId: string | null;
  entityType: string;
  deviceTime: string;
  serverTime: string;
  battery: number;
}

export const registerDeviceSchema = z.object({ token: z.string().trim().min(10).max(4096), platform: z.string().max(20).optional() });

export const errorLogSchema = z.object({
  entityId: z.string().max(100).nullable().optional(),
  entityType: z.string().max(60).nullable().optional(),
  errorDetail: z.string().min(1).max(20000),
});
export interface ErrorLog {
  Id: string;
  userId: string | null;
  entityId: string | null;
  entityType: string | null;
  errorDetail: string;
  dateCreated: string;
}

export interface Stats {
  assignedActivities: number;
  unassignedActivities: number;
  assignedAgents: number;
  unassignedAgents: number;
}
export const statsSchema: z.ZodType<Stats> = z
  .strictObject({
    assignedActivities: z.number().int(),
    unassignedActivities: z.number().int(),
    assignedAgents: z.number().int(),
    unassignedAgents: z.number().int(),
  })
  .meta({ id: 'Stats' });
export const ZERO_STATS: Stats = { assignedActivities: 0, unassignedActivities: 0, assignedAgents: 0, unassignedAgents: 0 };

// Agent day: actions of a day, their history and reports (sales spec 7, Agent).

export const AGENT_ACTION_NAMES: Record<number, string> = {
  [AGENT_ACTION.OFFLINE]: 'Stopped day',
  [AGENT_ACTION.ONLINE]: 'Started day',
  [AGENT_ACTION.FILE_ADDED]: 'File added',
  [AGENT_ACTION.FILE_REMOVED]: 'File removed',
};

/** GET /agent/{userId}/{date}. */
export const agentDayParamsSchema = z.object({ userId: idSchema, date: daySchema });
/** GET /agent/actions/{date}/{id}. */
export const agentActionsParamsSchema = z.object({ date: daySchema, id: idSchema });

/**
 * The spec's `sort` parameter: a field, optionally followed by its order ("dateCreated DESC",
 * "region_name,asc", "action:desc"). sortField and sortOrder are accepted too and win.
 */
export const sortParamSchema = z
  .string()
  .trim()
  .max(80)
  .regex(/^[A-Za-z_]+([ ,:](asc|desc|ASC|DESC))?$/, 'Sort by a field name, optionally followed by ASC or DESC.');

/** Splits the spec's `sort` parameter; snake_case fields are read as camelCase (region_name is regionName). */
export function parseSortParam(sort: string | undefined): { sortField?: string; sortOrder?: 'ASC' | 'DESC' } {
  if (!sort) return {};
  const [field, order] = sort.split(/[ ,:]/);
  return {
    sortField: field!.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()),
    ...(order ? { sortOrder: order.toUpperCase() as 'ASC' | 'DESC' } : {}),
  };
}

export const agentActionsQuerySchema = pagingQuerySchema.extend({
  sort: sortParamSchema.optional(),
  /** csv answers the whole filtered history as a CSV file instead of a page. */
  download: z.enum(['csv'], { error: 'download is csv.' }).optional(),
});

export const SUMMARY_PERIODS = ['day', 'week', 'month'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];
export const SUMMARY_REPORT_DEFAULT_SIZE = 20;

/** GET /agent/summary-report: the day, ISO week (Monday first) or month around thedate (default today); see summaryPeriod. */
export const summaryReportQuerySchema = pagingQuerySchema.extend({
  size: wholeNumberFromQuery(SUMMARY_REPORT_DEFAULT_SIZE),
  thedate: daySchema.optional(),
  period: z
    .preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(SUMMARY_PERIODS, { error: 'period is day, week or month.' }))
    .default('day'),
  sort: sortParamSchema.optional(),
});

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first and last day of the summary report's period: the day, its ISO week (Monday to Sunday) or its month. */
export function summaryPeriod(day: string, period: SummaryPeriod): { from: string; to: string } {
  if (period === 'day') return { from: day, to: day };
  if (period === 'week') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const from = addDays(day, -weekday);
    return { from, to: addDays(from, 6) };
  }
  const from = `${day.slice(0, 7)}-01`;
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, to: addDays(next.toISOString().slice(0, 10), -1) };
}

/** An agent action as shown in a day's history, with its name. */
export interface AgentDayAction extends AgentAction {
  actionName: string;
}

export interface AgentActionLocation {
  Id: string;
  action: number;
  performedByUserId: string;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  location: string | null;
  dateCreated: string;
}

export interface LastPosition {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  at: string;
}

/**
 * One agent's line of the summary report over the period. Online time adds up the spans from each
 * start-day action (1) to the agent's next start or stop action, clipped to the period; a day still
 * open counts until now (or the end of the period). Completed activities are the agent's assignments
 * with a completed status whose activity starts in the period; files are file-added actions (2).
 */
export interface AgentSummaryRow {
  userId: string;
  agentName: string;
  userName: string;
  tenantName: string;
  /** The agent's branch, else company, else home tenant. */
  regionName: string;
  onlineMinutes: number;
  activitiesCompleted: number;
  filesAdded: number;
  lastPosition: LastPosition | null;
}

/** GET /agent/dashboard: the caller's day. */
export interface AgentDashboard {
  date: string;
  /** True when the caller's latest start or stop action is a start. */
  online: boolean;
  /** The first start-day action of today, or null when the day was not started. */
  startedDayAt: string | null;
  onlineMinutesToday: number;
  /** Today's activities assigned to the caller, by status text. */
  activitiesByStatus: { status: string; count: number }[];
  /** Today's activities in the acting tenant's subtree: assigned to the caller, and assigned to nobody. */
  assignedActivities: number;
  unassignedActivities: number;
}
/** GET /agent/action/latest: the caller's latest online or offline action, or none. */
export type LatestAgentAction = z.infer<typeof latestAgentActionSchema>;

// The answers' schemas (api/src/http/route-answers.ts).

const agentActionFields = {
  Id: answerId,
  action: answerCount,
  performedByUserId: answerId,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  location: z.string().nullable(),
  entityId: answerId.nullable(),
  entityType: z.string().nullable(),
  dateCreated: answerInstant,
};
export const agentActionAnswerSchema: z.ZodType<AgentAction> = z.strictObject(agentActionFields).meta({ id: 'AgentAction' });
/** GET /agent/action/latest: the caller's latest start or stop action, as a list of at most one. */
export const latestAgentActionSchema = z.strictObject({ agentAction: z.array(agentActionAnswerSchema) });
export const agentDayActionSchema: z.ZodType<AgentDayAction> = z
  .strictObject({ ...agentActionFields, actionName: z.string() })
  .meta({ id: 'AgentDayAction' });
export const agentActionLocationSchema: z.ZodType<AgentActionLocation> = z
  .strictObject({
    Id: answerId,
    action: answerCount,
    performedByUserId: answerId,
    latitude: z.number(),
    longitude: z.number(),
    accuracy: z.number().nullable(),
    location: z.string().nullable(),
    dateCreated: answerInstant,
  })
  .meta({ id: 'AgentActionLocation' });

export const lastPositionSchema: z.ZodType<LastPosition> = z
  .strictObject({ latitude: z.number(), longitude: z.number(), accuracy: z.number().nullable(), at: answerInstant })
  .meta({ id: 'LastPosition' });
export const agentSummaryRowSchema: z.ZodType<AgentSummaryRow> = z
  .strictObject({
    userId: answerId,
    agentName: z.string(),
    userName: z.string(),
    tenantName: z.string(),
    regionName: z.string(),
    onlineMinutes: answerCount,
    activitiesCompleted: answerCount,
    filesAdded: answerCount,
    lastPosition: lastPositionSchema.nullable(),
  })
  .meta({ id: 'AgentSummaryRow' });
export const agentDashboardSchema: z.ZodType<AgentDashboard> = z
  .strictObject({
    date: answerDay,
    online: z.boolean(),
    startedDayAt: answerInstant.nullable(),
    onlineMinutesToday: answerCount,
    activitiesByStatus: z.array(z.strictObject({ status: z.string(), count: answerCount })),
    assignedActivities: answerCount,
    unassignedActivities: answerCount,
  })
  .meta({ id: 'AgentDashboard' });

export const userPositionAnswerSchema: z.ZodType<UserPosition> = z
  .strictObject({
    id: answerId,
    userId: answerId,
    latitude: z.number(),
    longitude: z.number(),
    accuracy: z.number().nullable(),
    entityId: answerId.nullable(),
    entityType: z.string(),
    deviceTime: answerInstant,
    serverTime: answerInstant,
    battery: z.number(),
  })
  .meta({ id: 'UserPosition' });
/** An address lookup's answer (GET /usertracking/geo_address, geo_lat): the address, null when the geocoder knows none. */
export const geocodedAddressSchema = z
  .strictObject({ address: z.string().nullable(), lat: z.number(), lng: z.number() })
  .meta({ id: 'GeocodedAddress' });
