/**
 * Activities (sales spec 3, 4, 5, 7 Activities): lists over a window of days, widgets, the calendar,
 * one activity with its assignments, links and files, writes, assignment status updates with the
 * position they were made at, and the company's activity types and statuses.
 */
import { z } from 'zod';
import { EMPTY_GUID } from '../constants';
import { clientIdSchema, DATE_RANGE_MESSAGE, idSchema, isDateInRange, isValidPosition } from '../validation';
import { dayOrDateTimeSchema } from './activity-plan';
import { pagingQuerySchema } from './paging';
import { answerCount, answerId, answerInstant } from './answer-fields';

export const ACTIVITY_LIMITS = {
  nameMaxLength: 200,
  descriptionMaxLength: 4000,
  locationMaxLength: 300,
  maxAssignees: 100,
  maxLinks: 200,
  maxBulk: 1000,
  maxListIds: 500,
  /** The default window of lists: from this many days ago ... */
  defaultDaysBack: 1,
  /** ... to this many days ahead (the days counted in the acting tenant's time zone). */
  defaultDaysAhead: 7,
  /** The calendar answers at most this many days at once, and at most this many events in all. */
  calendarMaxDays: 62,
  calendarMaxEvents: 2000,
  /** Events the calendar answers per day unless asked for more (a month's cell shows them and "+N more"). */
  calendarEventsPerDay: 3,
  /** A status change made offline and sent later may say when it was made: at most this many days ago. */
  offlineChangeMaxAgeDays: 30,
} as const;

/** Files of an assignment: multipart file parts named `newFiles` (or `files`), each at most 10 MB. */
export const ACTIVITY_FILES = {
  fields: ['newFiles', 'newFiles[]', 'files', 'files[]'] as readonly string[],
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 10,
} as const;

/** A location text that counts as none: the activity then takes the acting tenant's location. */
export const isUnknownLocation = (location: string | null | undefined) => {
  const text = (location ?? '').trim().toLowerCase();
  return text === '' || text === 'unknown';
};

const MESSAGE = {
  endBeforeStart: 'The end date cannot be before the start date.',
  dateTime: 'Give a date and time (ISO 8601).',
  latitude: 'Latitude is between -90 and 90.',
  longitude: 'Longitude is between -180 and 180.',
} as const;

/** An ISO 8601 date-time (or date), as an instant in DATE_RANGE. */
export const dateTimeSchema = z
  .string({ error: MESSAGE.dateTime })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), { message: MESSAGE.dateTime, abort: true })
  .refine((v) => isDateInRange(new Date(v)), DATE_RANGE_MESSAGE)
  .transform((v) => new Date(v));

const idListSchema = (what: string, max: number) =>
  z
    .array(idSchema, { error: `Give the ${what} as a list of ids.` })
    .max(max, `At most ${max} ${what}.`)
    .transform((ids) => [...new Set(ids)]);

/**
 * A position a device reported is usable when it is not the 999 placeholder and lies in range;
 * anything else is recorded as no position.
 */
export const isUsablePosition = (lat: number | null | undefined, lng: number | null | undefined) =>
  isValidPosition(lat, lng) && Math.abs(lat!) <= 90 && Math.abs(lng!) <= 180;

/** A position: the 999 placeholder (or none) is accepted and means "no position"; a real one must be in range. */
const coordinate = z.number({ error: 'A coordinate is a number.' }).nullable().optional();
const checkPosition = (lat: number | null | undefined, lng: number | null | undefined, ctx: z.RefinementCtx, fields: [string, string]) => {
  if (!isValidPosition(lat, lng)) return;
  if (Math.abs(lat!) > 90) ctx.addIssue({ code: 'custom', path: [fields[0]], message: MESSAGE.latitude });
  if (Math.abs(lng!) > 180) ctx.addIssue({ code: 'custom', path: [fields[1]], message: MESSAGE.longitude });
};

/** POST /activities and PUT /activities/{id}. An empty or 'unknown' location is filled from the acting tenant's. */
export const activitySaveSchema = z
  .object({
    /** Used when creating only: the Id a device gave the activity it created offline (clientIdSchema). */
    Id: clientIdSchema,
    name: z
      .string({ error: 'An activity name is required.' })
      .trim()
      .min(1, 'An activity name is required.')
      .max(ACTIVITY_LIMITS.nameMaxLength, `An activity name has at most ${ACTIVITY_LIMITS.nameMaxLength} characters.`),
    description: z
      .string()
      .trim()
      .max(ACTIVITY_LIMITS.descriptionMaxLength, `A description has at most ${ACTIVITY_LIMITS.descriptionMaxLength} characters.`)
      .nullable()
      .optional(),
    activityTypeId: z.string({ error: 'Choose the activity type.' }).pipe(idSchema),
    startDate: dateTimeSchema,
    endDate: dateTimeSchema.nullable().optional(),
    location: z
      .string()
      .trim()
      .max(ACTIVITY_LIMITS.locationMaxLength, `A location has at most ${ACTIVITY_LIMITS.locationMaxLength} characters.`)
      .nullable()
      .optional(),
    lat: coordinate,
    lng: coordinate,
    assignedUserIds: idListSchema('assigned users', ACTIVITY_LIMITS.maxAssignees).default([]),
    clientIds: idListSchema('clients', ACTIVITY_LIMITS.maxLinks).default([]),
    leadIds: idListSchema('leads', ACTIVITY_LIMITS.maxLinks).default([]),
    parentId: idSchema.nullable().optional(),
  })
  .superRefine((a, ctx) => {
    if (a.endDate && a.endDate < a.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGE.endBeforeStart });
    checkPosition(a.lat, a.lng, ctx, ['lat', 'lng']);
  });
export type ActivitySave = z.infer<typeof activitySaveSchema>;
export type ActivitySaveInput = z.input<typeof activitySaveSchema>;

/** The window of a list: days (YYYY-MM-DD, or a date-time counting as its day) in the acting tenant's time zone. */
const windowFields = {
  startDate: dayOrDateTimeSchema.optional(),
  endDate: dayOrDateTimeSchema.optional(),
};

/**
 * A status or type filter: its id, or its name, compared case-insensitively (a viewer above several companies
 * filters all of their statuses or types of that name at once).
 */
const filterText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

/** GET /activities, /activities/agents/{id}: the window defaults to one day ago through 7 days ahead. */
export const activityListQuerySchema = pagingQuerySchema.extend({
  ...windowFields,
  status: filterText,
  type: filterText,
});
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

/** GET /activities/agent-my-work-activities: the caller's assignments, today by default. */
export const myWorkQuerySchema = pagingQuerySchema.extend({ ...windowFields, status: filterText });

/** GET /activities/agentActivityStatusReport. */
export const agentStatusReportQuerySchema = pagingQuerySchema.extend({ ...windowFields, status: filterText });

/** The type widget's name for activities without a type. */
export const NO_ACTIVITY_TYPE_NAME = 'No type';

/** GET /activities/for-status-widget and /activities/for-type-widget. */
export const widgetQuerySchema = pagingQuerySchema.extend(windowFields);

/**
 * GET /activities/calendar: at most ACTIVITY_LIMITS.calendarMaxDays days, each with its count and its
 * first `perDay` events (default ACTIVITY_LIMITS.calendarEventsPerDay; never more than
 * ACTIVITY_LIMITS.calendarMaxEvents in all, so a week may have about 285 a day and one day all 2,000).
 */
export const calendarQuerySchema = z.object({
  ...windowFields,
  perDay: z.preprocess(
    (v) => (v === undefined || v === '' ? ACTIVITY_LIMITS.calendarEventsPerDay : Number(v)),
    z
      .number()
      .int('Must be a whole number.')
      .min(1, 'Must be 1 or more.')
      .max(ACTIVITY_LIMITS.calendarMaxEvents, `Must be at most ${ACTIVITY_LIMITS.calendarMaxEvents}.`),
  ),
});

/**
 * The ids of GET /activities/list/{ids}: comma-separated; an empty id becomes the all-zero GUID,
 * which matches nothing.
 */
export const activityIdListSchema = z
  .string()
  .max(37 * ACTIVITY_LIMITS.maxListIds)
  .transform((raw) => raw.split(',').map((id) => id.trim() || EMPTY_GUID))
  .pipe(
    z
      .array(idSchema, { error: 'Give activity ids (UUIDs) separated by commas.' })
      .max(ACTIVITY_LIMITS.maxListIds, `At most ${ACTIVITY_LIMITS.maxListIds} ids.`),
  );

/** POST /activities/assignment: assigns a user (with the company's default status). */
export const assignmentCreateSchema = z.object({
  activityId: idSchema,
  userId: z.string({ error: 'Choose the user to assign.' }).pipe(idSchema),
});

/** PUT /activities/assignment: hands a user's assignment, with its status and history, over to another user. */
export const assignmentMoveSchema = z.object({
  activityId: idSchema,
  userId: z.string({ error: 'Choose the assigned user.' }).pipe(idSchema),
  newUserId: z.string({ error: 'Choose the user who takes the assignment over.' }).pipe(idSchema),
});

export const activityClientLinkSchema = z.object({
  activityId: idSchema,
  clientId: z.string({ error: 'Choose a client.' }).pipe(idSchema),
});
export const activityLeadLinkSchema = z.object({ activityId: idSchema, leadId: z.string({ error: 'Choose a lead.' }).pipe(idSchema) });
export const activityEntitiesLinkSchema = z
  .object({
    activityId: idSchema,
    clientIds: idListSchema('clients', ACTIVITY_LIMITS.maxLinks).default([]),
    leadIds: idListSchema('leads', ACTIVITY_LIMITS.maxLinks).default([]),
  })
  .refine((l) => l.clientIds.length + l.leadIds.length > 0, { message: 'Choose at least one client or lead.', path: ['clientIds'] });

/** POST /activities/bulk-update: every activity in scope, or nothing changes. */
export const activityBulkUpdateSchema = z
  .object({
    ids: z
      .array(idSchema, { error: 'Give the activities as a list of ids.' })
      .min(1, 'Choose at least one activity.')
      .max(ACTIVITY_LIMITS.maxBulk, `At most ${ACTIVITY_LIMITS.maxBulk} activities at once.`)
      .transform((ids) => [...new Set(ids)]),
    statusId: idSchema.optional(),
    activityTypeId: idSchema.optional(),
    startDate: dateTimeSchema.optional(),
    endDate: dateTimeSchema.optional(),
    assignedUserIds: idListSchema('assigned users', ACTIVITY_LIMITS.maxAssignees).optional(),
  })
  .superRefine((b, ctx) => {
    const changes = [b.statusId, b.activityTypeId, b.startDate, b.endDate, b.assignedUserIds].filter((v) => v !== undefined);
    if (changes.length === 0)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Choose something to change: status, type, dates or assigned users.' });
    if (b.startDate && b.endDate && b.endDate < b.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGE.endBeforeStart });
  });
export type ActivityBulkUpdate = z.infer<typeof activityBulkUpdateSchema>;

export const activityDeleteSchema = z.object({ id: idSchema });

/**
 * PUT /activities/updateAssignmentStatus. The status must be an active status of the company; its
 * name is what is stored as statusText. A position that is not usable (missing, the 999 placeholder,
 * out of range) is recorded as none, and refused where the activity's tenant (or one above it)
 * requires location.
 */
/**
 * When a change made offline was made, sent later by the device's sync: not in the future (a minute
 * of clock drift allowed) and not older than the device keeps unsent work.
 */
export const madeOfflineAtSchema = dateTimeSchema
  .refine((at) => at.getTime() <= Date.now() + 60_000, 'A change cannot be made in the future.')
  .refine(
    (at) => at.getTime() >= Date.now() - ACTIVITY_LIMITS.offlineChangeMaxAgeDays * 86_400_000,
    `A change sent later must have been made within the last ${ACTIVITY_LIMITS.offlineChangeMaxAgeDays} days.`,
  );

export const assignmentStatusUpdateSchema = z.object({
  userId: z.string({ error: 'Give the assigned user.' }).pipe(idSchema),
  updatingUserId: idSchema.nullable().optional(),
  activityId: z.string({ error: 'Give the activity.' }).pipe(idSchema),
  statusId: z.string({ error: 'Choose a status.' }).pipe(idSchema),
  statusText: z.string().max(100).nullable().optional(),
  latitude: coordinate,
  longitude: coordinate,
  accuracy: z.number({ error: 'Accuracy is a number.' }).min(0, 'Accuracy cannot be negative.').nullable().optional(),
  /**
   * When the change was made, for one made offline and sent later; now when left out. An earlier
   * change than the assignment's latest is kept in its history without changing the current status.
   */
  changedAt: madeOfflineAtSchema.optional(),
});
export type AssignmentStatusUpdate = z.infer<typeof assignmentStatusUpdateSchema>;

const optionalNumberField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: 'A coordinate is a number.' }).optional(),
);

/**
 * PUT /activities/update-assignment-files, as multipart: the text fields below plus the new files as
 * file parts (ACTIVITY_FILES.fields). removedFiles is a JSON array of file ids (or the ids repeated
 * as fields); the position fields are optional and recorded with each file action.
 */
export const assignmentFilesSchema = z.object({
  activityId: z.string({ error: 'Give the activity.' }).pipe(idSchema),
  removedFiles: z
    .preprocess(
      (v) => {
        if (v === undefined || v === null || v === '') return [];
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v);
        } catch {
          return v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
        }
      },
      z.array(idSchema, { error: 'Give the removed files as a JSON list of file ids.' }).max(ACTIVITY_LIMITS.maxLinks),
    )
    .transform((ids) => [...new Set(ids)]),
  latitude: optionalNumberField,
  longitude: optionalNumberField,
  accuracy: optionalNumberField,
});

// Answers

export interface ActivityPerson {
  Id: string;
  firstName: string;
  lastName: string;
}
export interface ActivityAssignee extends ActivityPerson {
  activityAssignmentId: string;
  statusId: string | null;
  statusText: string | null;
}

/** A row of the activity lists. */
export interface ActivityListItem {
  Id: string;
  parentId: string | null;
  name: string;
  description: string | null;
  activityTypeId: string | null;
  typeDesc: string | null;
  statusId: string | null;
  /** The activity's status: that of its latest assignment status change, else its company's default. */
  status: string;
  statusText: string;
  location: string | null;
  lat: number | null;
  lng: number | null;
  startDate: string | null;
  endDate: string | null;
  tenantId: string;
  tenantName: string;
  createdUserId: string | null;
  createdBy: string | null;
  dateCreated: string;
  dateModified: string;
  assignedUsers: ActivityAssignee[];
  clients: ActivityPerson[];
  leads: ActivityPerson[];
  activityPlans: { Id: string; name: string }[];
  activityPlanNames: string[];
}

/** A row of My Work: the caller's assignment of the activity. */
export interface MyWorkActivity extends ActivityListItem {
  activityAssignmentId: string;
  assignmentStatusId: string | null;
  assignmentStatusText: string | null;
}

export interface ActivityFileInfo {
  Id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  assignmentId: string | null;
  uploadedByUserId: string | null;
  /** The uploader's full name (null once unknown). */
  uploadedBy: string | null;
  dateCreated: string;
}

export interface Activity extends ActivityListItem {
  files: ActivityFileInfo[];
}

export interface ActivityAssignment {
  Id: string;
  activityId: string;
  userId: string;
  firstName: string;
  lastName: string;
  statusId: string | null;
  statusText: string | null;
  dateCreated: string;
  dateModified: string;
  /** Status changes, newest first, with the position each was made at (null when none was usable). */
  history: {
    statusId: string | null;
    statusText: string | null;
    latitude: number | null;
    longitude: number | null;
    accuracy: number | null;
    changedByUserId: string | null;
    changedBy: string | null;
    dateCreated: string;
  }[];
}

export interface CalendarEvent {
  Id: string;
  name: string;
  startDate: string;
  endDate: string | null;
  statusText: string;
  typeDesc: string | null;
}

/** A day of the calendar (in the tenant's time zone): how many activities start on it, and the first of them. */
export interface CalendarDay {
  /** YYYY-MM-DD. */
  day: string;
  /** Every activity of the day the caller sees; more than `events` holds when the day was cut short ("+N more"). */
  count: number;
  /** The day's first events in start order. */
  events: CalendarEvent[];
}

export interface StatusWidgetRow {
  statusId: string | null;
  status: string;
  count: number;
}
export interface TypeWidgetRow {
  activityTypeId: string | null;
  typeDesc: string;
  count: number;
}

export interface AgentStatusReportRow {
  userId: string;
  agentName: string;
  userName: string;
  tenantName: string;
  total: number;
  byStatus: { statusId: string | null; status: string; count: number }[];
  /** The agent's latest status change of an activity in the window, or null. */
  statusDateCreated: string | null;
}

/** An assignee as the activity's agents list gives it (`/activities/activityagents/:id`). */
export type ActivityAgent = ActivityAssignee & { userName: string };

export interface ActivityType {
  Id: string;
  name: string;
  status: number;
  tenantId: string;
}
export interface ActivityStatus {
  Id: string;
  name: string;
  status: number;
  tenantId: string;
  isDefault: boolean;
}

export interface BulkUpdateResult {
  updated: number;
}
export interface FilesUpdateResult {
  added: ActivityFileInfo[];
  removed: string[];
}

// The answers' schemas (api/src/http/route-answers.ts).

const personFieldsAnswered = { Id: answerId, firstName: z.string(), lastName: z.string() };
export const activityPersonSchema: z.ZodType<ActivityPerson> = z.strictObject(personFieldsAnswered).meta({ id: 'ActivityPerson' });
const assigneeFields = {
  ...personFieldsAnswered,
  activityAssignmentId: answerId,
  statusId: answerId.nullable(),
  statusText: z.string().nullable(),
};
export const activityAssigneeSchema: z.ZodType<ActivityAssignee> = z.strictObject(assigneeFields).meta({ id: 'ActivityAssignee' });
/** GET /activities/activityagents/{id}: the assignees, with their user names. */
export const activityAgentSchema = z.strictObject({ ...assigneeFields, userName: z.string() }).meta({ id: 'ActivityAgent' });
const activityListItemFields = {
  Id: answerId,
  parentId: answerId.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  activityTypeId: answerId.nullable(),
  typeDesc: z.string().nullable(),
  statusId: answerId.nullable(),
  status: z.string(),
  statusText: z.string(),
  location: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  startDate: answerInstant.nullable(),
  endDate: answerInstant.nullable(),
  tenantId: answerId,
  tenantName: z.string(),
  createdUserId: answerId.nullable(),
  createdBy: z.string().nullable(),
  dateCreated: answerInstant,
  dateModified: answerInstant,
  assignedUsers: z.array(activityAssigneeSchema),
  clients: z.array(activityPersonSchema),
  leads: z.array(activityPersonSchema),
  activityPlans: z.array(z.strictObject({ Id: answerId, name: z.string() })),
  activityPlanNames: z.array(z.string()),
};
export const activityListItemSchema: z.ZodType<ActivityListItem> = z.strictObject(activityListItemFields).meta({ id: 'ActivityListItem' });
export const myWorkActivitySchema: z.ZodType<MyWorkActivity> = z
  .strictObject({
    ...activityListItemFields,
    activityAssignmentId: answerId,
    assignmentStatusId: answerId.nullable(),
    assignmentStatusText: z.string().nullable(),
  })
  .meta({ id: 'MyWorkActivity' });
export const activityFileInfoSchema: z.ZodType<ActivityFileInfo> = z
  .strictObject({
    Id: answerId,
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: answerCount,
    assignmentId: answerId.nullable(),
    uploadedByUserId: answerId.nullable(),
    uploadedBy: z.string().nullable(),
    dateCreated: answerInstant,
  })
  .meta({ id: 'ActivityFileInfo' });
export const activitySchema: z.ZodType<Activity> = z
  .strictObject({ ...activityListItemFields, files: z.array(activityFileInfoSchema) })
  .meta({ id: 'Activity' });
export const activityAssignmentSchema: z.ZodType<ActivityAssignment> = z
  .strictObject({
    Id: answerId,
    activityId: answerId,
    userId: answerId,
    firstName: z.string(),
    lastName: z.string(),
    statusId: answerId.nullable(),
    statusText: z.string().nullable(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
    history: z.array(
      z.strictObject({
        statusId: answerId.nullable(),
        statusText: z.string().nullable(),
        latitude: z.number().nullable(),
        longitude: z.number().nullable(),
        accuracy: z.number().nullable(),
        changedByUserId: answerId.nullable(),
        changedBy: z.string().nullable(),
        dateCreated: answerInstant,
      }),
    ),
  })
  .meta({ id: 'ActivityAssignment' });
export const calendarEventSchema: z.ZodType<CalendarEvent> = z
  .strictObject({
    Id: answerId,
    name: z.string(),
    startDate: answerInstant,
    endDate: answerInstant.nullable(),
    statusText: z.string(),
    typeDesc: z.string().nullable(),
  })
  .meta({ id: 'CalendarEvent' });
export const calendarDaySchema: z.ZodType<CalendarDay> = z
  .strictObject({ day: z.iso.date(), count: answerCount, events: z.array(calendarEventSchema) })
  .meta({ id: 'CalendarDay' });
export const statusWidgetRowSchema: z.ZodType<StatusWidgetRow> = z
  .strictObject({ statusId: answerId.nullable(), status: z.string(), count: answerCount })
  .meta({ id: 'StatusWidgetRow' });
export const typeWidgetRowSchema: z.ZodType<TypeWidgetRow> = z
  .strictObject({ activityTypeId: answerId.nullable(), typeDesc: z.string(), count: answerCount })
  .meta({ id: 'TypeWidgetRow' });
export const agentStatusReportRowSchema: z.ZodType<AgentStatusReportRow> = z
  .strictObject({
    userId: answerId,
    agentName: z.string(),
    userName: z.string(),
    tenantName: z.string(),
    total: answerCount,
    byStatus: z.array(z.strictObject({ statusId: answerId.nullable(), status: z.string(), count: answerCount })),
    statusDateCreated: answerInstant.nullable(),
  })
  .meta({ id: 'AgentStatusReportRow' });
export const activityTypeSchema: z.ZodType<ActivityType> = z
  .strictObject({ Id: answerId, name: z.string(), status: answerCount, tenantId: answerId })
  .meta({ id: 'ActivityType' });
export const activityStatusSchema: z.ZodType<ActivityStatus> = z
  .strictObject({ Id: answerId, name: z.string(), status: answerCount, tenantId: answerId, isDefault: z.boolean() })
  .meta({ id: 'ActivityStatus' });
export const bulkUpdateResultSchema: z.ZodType<BulkUpdateResult> = z
  .strictObject({ updated: answerCount })
  .meta({ id: 'BulkUpdateResult' });
export const filesUpdateResultSchema: z.ZodType<FilesUpdateResult> = z
  .strictObject({ added: z.array(activityFileInfoSchema), removed: z.array(answerId) })
  .meta({ id: 'FilesUpdateResult' });
