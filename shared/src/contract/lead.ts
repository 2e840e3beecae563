/**
 * Leads: people who may become clients, their addresses, status, consent and affordability, the
 * lead dashboard and the sales dashboard. New leads start 'New', with consent 'NONE PROVIDED' and
 * affordability outcome 'NONE' (spec sections 3 and 4); the other values are ours.
 */
import { z } from 'zod';
import { clientIdSchema, idSchema, phoneSchema } from '../validation';
import { choice } from '../validation-messages';
import { pagingQuerySchema } from './paging';
import { ACTIVITY_PROGRESS_STATUS_NAMES, dayOrDateTimeSchema, isCalendarDay } from './activity-plan';
import { answerCount, answerDay, answerId, answerInstant } from './answer-fields';
import { idOf, optionalField, optionalLatitude, optionalLongitude, optionalText, owningTenantField, personFields } from './client';

/** The stages of a lead, in order of the usual path (the spec leaves the set open). */
export const LEAD_STATUSES = ['New', 'Contacted', 'Qualified', 'Application', 'Approved', 'Declined', 'Lost', 'Converted'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** Leads in these statuses count as won in the conversion rate. */
export const LEAD_CONVERTED_STATUSES: readonly LeadStatus[] = ['Converted'];

/** 'NONE PROVIDED' until the consent request is sent (REQUESTED), then the answer. */
export const LEAD_CONSENT_STATUSES = ['NONE PROVIDED', 'REQUESTED', 'PROVIDED', 'DECLINED'] as const;
export type LeadConsentStatus = (typeof LEAD_CONSENT_STATUSES)[number];

export const LEAD_AFFORDABILITY_OUTCOMES = ['NONE', 'AFFORDABLE', 'NOT AFFORDABLE', 'REFERRED'] as const;
export type LeadAffordabilityOutcome = (typeof LEAD_AFFORDABILITY_OUTCOMES)[number];

/** Where a lead came from: WEB by default, UI when created offline (spec section 3). */
export const LEAD_SOURCES = ['WEB', 'UI', 'REFERRAL', 'WALK_IN', 'CALL_CENTRE', 'IMPORT', 'API'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_ADDRESS_TYPES = ['HOME', 'WORK', 'POSTAL', 'BUSINESS', 'OTHER'] as const;

/** Which date of a lead the list's window applies to. */
export const LEAD_DATE_TYPES = ['created', 'consent', 'affordability'] as const;
export type LeadDateType = (typeof LEAD_DATE_TYPES)[number];

/** Assignment status names that count an activity as completed on the sales dashboard (compared case-insensitively). */
export const COMPLETED_ACTIVITY_STATUS_NAMES = ACTIVITY_PROGRESS_STATUS_NAMES.completed;

export const LEAD_LIMITS = {
  maxAddresses: 10,
  /** POST /leads/search answers at most this many matches. */
  searchMatches: 20,
  /** The dashboards look back this many days unless given a window. */
  dashboardDefaultDays: 30,
  dashboardMaxDays: 366,
  /** The sales dashboard ranks this many agents. */
  topAgents: 10,
  maxAmount: 1_000_000_000,
} as const;

/** One of `values`, typed in any case ('converted' is 'Converted'). */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (values.find((known) => known.toLowerCase() === v.trim().toLowerCase()) ?? v) : v),
    choice(values, { whenMissing: `Choose ${what}.` }),
  );

export const leadStatusSchema = oneOf(LEAD_STATUSES, 'a status');
const amount = (label: string) =>
  optionalField(
    z
      .number(`${label} is a number.`)
      .min(0, `${label} cannot be negative.`)
      .max(LEAD_LIMITS.maxAmount, `${label} is at most ${LEAD_LIMITS.maxAmount}.`),
  );

export const leadAddressSchema = z.object({
  type: oneOf(LEAD_ADDRESS_TYPES, 'an address type').default('HOME'),
  lineone: optionalText(300, 'An address line'),
  city: optionalText(100, 'A city'),
  postcode: optionalText(20, 'A postcode'),
  state: optionalText(100, 'A state or province'),
  country: optionalText(100, 'A country'),
  latitude: optionalLatitude,
  longitude: optionalLongitude,
});
export type LeadAddressSave = z.infer<typeof leadAddressSchema>;

/**
 * What POST /leads and PUT /leads/{id} take. The person and contact fields are replaced on PUT (left
 * out is none); status, source, consent, affordability and addresses left out of a PUT stay as they
 * are. Missing coordinates are 0. The contact number must not be another live lead's in the same
 * company, nor the e-mail address (ignoring case).
 */
export const leadSaveSchema = z.object({
  /** Used when creating only: the Id a device gave the lead it created offline (clientIdSchema). */
  Id: clientIdSchema,
  ...personFields,
  contactNumber: z.string({ error: 'A contact number is required.' }).pipe(phoneSchema),
  /** The number as typed, e.g. with a country prefix; the contact number when left out. */
  phonenumber: optionalField(
    z
      .string()
      .trim()
      .max(30, 'A phone number has at most 30 characters.')
      .regex(/^\+?[\d ()-]+$/, 'A phone number has digits, spaces, brackets and dashes, with an optional leading +.'),
  ),
  countryCode: optionalField(
    z
      .string()
      .trim()
      .regex(/^\+?\d{1,4}$/, 'A country code is 1 to 4 digits, with an optional leading +.'),
  ),
  empNumber: optionalText(30, 'An employee number'),
  status: leadStatusSchema.optional(),
  source: oneOf(LEAD_SOURCES, 'a source').optional(),
  consentStatus: oneOf(LEAD_CONSENT_STATUSES, 'a consent status').optional(),
  affordabilityOutcome: oneOf(LEAD_AFFORDABILITY_OUTCOMES, 'an affordability outcome').optional(),
  installmentAmount: amount('An instalment amount'),
  totalAffordability: amount('The total affordability'),
  location: optionalText(300, 'A location'),
  latitude: optionalLatitude,
  longitude: optionalLongitude,
  addresses: z
    .array(leadAddressSchema, { error: 'Give the addresses as a list.' })
    .max(LEAD_LIMITS.maxAddresses, `A lead has at most ${LEAD_LIMITS.maxAddresses} addresses.`)
    .optional(),
  tenantId: owningTenantField,
});
export type LeadSave = z.infer<typeof leadSaveSchema>;

/** Digits only: what trimmedPhonenumber holds. */
export const digitsOnly = (phone: string) => phone.replace(/\D/g, '');

/** PUT /leads/status/{id}. */
export const leadStatusUpdateSchema = z.object({ status: leadStatusSchema });

/** POST /leads/assignlead: userId null takes the lead off its agent. */
export const leadAssignSchema = z.object({
  leadId: idOf('lead'),
  userId: z.union([z.null(), idSchema], { error: 'Choose the agent (a user id), or null to unassign.' }),
});

/** POST /leads/resend-consent-request (spec's body). */
export const consentRequestSchema = z.object({
  leadId: idOf('lead'),
  tenantId: owningTenantField,
  mobileNumber: optionalField(phoneSchema),
});

/** POST /leads/generate-pdf: the spec sends {pdfData}; here the server draws the lead it is named. */
export const leadPdfSchema = z.object({ leadId: idOf('lead') });
export const leadDeleteSchema = z.object({ id: idOf('lead') });
export const leadSearchSchema = z.object({
  name: z.string({ error: 'Type part of a name to search for.' }).trim().max(100, 'A name to search for has at most 100 characters.'),
});

export const leadListQuerySchema = pagingQuerySchema.extend({
  status: leadStatusSchema.optional(),
});

/** A date window: days (YYYY-MM-DD, the whole end day included) or date-times (end excluded). */
export const dateWindowQuerySchema = z.object({
  startDate: dayOrDateTimeSchema.optional(),
  endDate: dayOrDateTimeSchema.optional(),
});

/** GET /leads/tenant/getbyid: the window defaults to the current week, over the created date. */
export const leadWindowQuerySchema = leadListQuerySchema.extend(dateWindowQuerySchema.shape).extend({
  dateType: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase()) : v),
    z.enum(LEAD_DATE_TYPES, { error: `dateType is one of ${LEAD_DATE_TYPES.join(', ')}.` }).default('created'),
  ),
});

/** GET /leads/dashboard and GET /sales/dashboard: the last 30 days unless given. */
export const dashboardQuerySchema = dateWindowQuerySchema;

/** Midnight starting a calendar day, in the local time of whoever runs this (the API: server time). */
const localDayStart = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const addDays = (date: Date, days: number) =>
  new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() + days,
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );

/** Monday 00:00 of the week `now` is in, to the next Monday 00:00, in local time. */
export function currentWeek(now: Date = new Date()) {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const start = addDays(today, -((today.getDay() + 6) % 7));
  return { start, end: addDays(start, 7) };
}

/** The start of a window: a day's midnight, or the instant given. */
export const windowStart = (value: string) => (isCalendarDay(value) ? localDayStart(value) : new Date(value));
/** The (excluded) end of a window: the midnight after a day, or the instant given. */
export const windowEnd = (value: string) => (isCalendarDay(value) ? addDays(localDayStart(value), 1) : new Date(value));

/** The half-open window [start, end) a query asks for, `fallback` filling what it leaves out. */
export function queryWindow(query: { startDate?: string; endDate?: string }, fallback: { start: Date; end: Date }) {
  return {
    start: query.startDate ? windowStart(query.startDate) : fallback.start,
    end: query.endDate ? windowEnd(query.endDate) : fallback.end,
  };
}

/** The dashboards' default: the last 30 days up to now. */
export const lastDays = (days: number = LEAD_LIMITS.dashboardDefaultDays, now: Date = new Date()) => ({
  start: addDays(now, -days),
  end: now,
});

/** The local calendar day (YYYY-MM-DD) of an instant. */
export const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Every local calendar day the window [start, end) touches, in order. */
export function daysOf(window: { start: Date; end: Date }) {
  const days: string[] = [];
  for (let day = localDayStart(localDay(window.start)); day < window.end; day = addDays(day, 1)) days.push(localDay(day));
  return days;
}

export interface LeadAddress {
  Id: string;
  leadId: string;
  type: string;
  lineone: string | null;
  city: string | null;
  postcode: string | null;
  state: string | null;
  country: string | null;
  latitude: number;
  longitude: number;
  dateCreated: string;
}

export interface LeadStatusChange {
  Id: string;
  status: LeadStatus;
  changedByUserId: string | null;
  changedBy: string | null;
  dateCreated: string;
}

export interface LeadListItem {
  Id: string;
  tenantId: string;
  tenantName: string;
  firstName: string;
  lastName: string;
  emailAddress: string | null;
  phonenumber: string | null;
  trimmedPhonenumber: string | null;
  countryCode: string | null;
  contactNumber: string;
  idNumber: string | null;
  empNumber: string | null;
  status: LeadStatus;
  source: LeadSource;
  createdByUserId: string | null;
  /** The name of who created the lead. */
  leadCreatedBy: string | null;
  assignedUserId: string | null;
  /** The name of the agent the lead is assigned to. */
  assignedTo: string | null;
  consentStatus: LeadConsentStatus;
  consentDate: string | null;
  consentRequestedAt: string | null;
  installmentAmount: number | null;
  totalAffordability: number | null;
  affordabilityOutcome: LeadAffordabilityOutcome;
  affordabilityDate: string | null;
  location: string | null;
  latitude: number;
  longitude: number;
  dateCreated: string;
  dateModified: string;
}

export interface Lead extends LeadListItem {
  addresses: LeadAddress[];
  /** Newest first. */
  statusHistory: LeadStatusChange[];
}

/** One match of POST /leads/search. */
export type LeadMatch = Pick<LeadListItem, 'Id' | 'firstName' | 'lastName' | 'contactNumber' | 'emailAddress' | 'status' | 'tenantName'>;

/** What POST /leads/resend-consent-request answers: how the request went out. */
export interface ConsentRequestSent {
  leadId: string;
  channel: 'email';
  sentTo: string;
  consentStatus: LeadConsentStatus;
  consentRequestedAt: string;
}

export interface CountBy<K extends string = string> {
  key: K;
  count: number;
}

export interface DashboardWindow {
  startDate: string;
  endDate: string;
}

/** GET /leads/dashboard: leads created in the window, in the acting subtree. */
export interface LeadDashboard {
  window: DashboardWindow;
  total: number;
  /** Every status, zeros included, in LEAD_STATUSES order. */
  byStatus: CountBy<LeadStatus>[];
  byConsentStatus: CountBy<LeadConsentStatus>[];
  byAffordabilityOutcome: CountBy<LeadAffordabilityOutcome>[];
  /** Every day of the window (server time), zeros included. */
  newPerDay: { day: string; count: number }[];
  converted: number;
  /** converted / total, 0 when there are no leads; 0..1 with 4 decimals. */
  conversionRate: number;
}

export interface SalesDashboardAgent {
  userId: string;
  name: string;
  tenantName: string;
  leadsCreated: number;
  clientsAdded: number;
  activitiesPlanned: number;
  activitiesCompleted: number;
}

/**
 * GET /sales/dashboard over the window in the acting subtree. Activities count per assignment (one
 * activity given to two agents is two), dated by their start date (else their creation); completed
 * means the assignment's status is one of COMPLETED_ACTIVITY_STATUS_NAMES.
 */
export interface SalesDashboard {
  window: DashboardWindow;
  leadsCreated: number;
  leadsConverted: number;
  clientsAdded: number;
  activities: { planned: number; completed: number; completionRate: number };
  /** Field agents (ROLE_GROUPS.agent) with any work in the window, most activities completed first, at most 10. */
  topAgents: SalesDashboardAgent[];
}

/** A lead's PDF file name: lead-<first>-<last>.pdf, with anything but letters, digits and dashes dropped. */
export const leadPdfFileName = (lead: { firstName: string; lastName: string }) =>
  `lead-${`${lead.firstName} ${lead.lastName}`
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9-]/g, '')}.pdf`;

// The answers' schemas (api/src/http/route-answers.ts).

export const leadAddressAnswerSchema: z.ZodType<LeadAddress> = z
  .strictObject({
    Id: answerId,
    leadId: answerId,
    type: z.string(),
    lineone: z.string().nullable(),
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    dateCreated: answerInstant,
  })
  .meta({ id: 'LeadAddress' });
export const leadStatusChangeSchema: z.ZodType<LeadStatusChange> = z
  .strictObject({
    Id: answerId,
    status: z.enum(LEAD_STATUSES),
    changedByUserId: answerId.nullable(),
    changedBy: z.string().nullable(),
    dateCreated: answerInstant,
  })
  .meta({ id: 'LeadStatusChange' });
const leadListItemFields = {
  Id: answerId,
  tenantId: answerId,
  tenantName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string().nullable(),
  phonenumber: z.string().nullable(),
  trimmedPhonenumber: z.string().nullable(),
  countryCode: z.string().nullable(),
  contactNumber: z.string(),
  idNumber: z.string().nullable(),
  empNumber: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  source: z.enum(LEAD_SOURCES),
  createdByUserId: answerId.nullable(),
  leadCreatedBy: z.string().nullable(),
  assignedUserId: answerId.nullable(),
  assignedTo: z.string().nullable(),
  consentStatus: z.enum(LEAD_CONSENT_STATUSES),
  consentDate: answerInstant.nullable(),
  consentRequestedAt: answerInstant.nullable(),
  installmentAmount: z.number().nullable(),
  totalAffordability: z.number().nullable(),
  affordabilityOutcome: z.enum(LEAD_AFFORDABILITY_OUTCOMES),
  affordabilityDate: answerInstant.nullable(),
  location: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  dateCreated: answerInstant,
  dateModified: answerInstant,
};
export const leadListItemSchema: z.ZodType<LeadListItem> = z.strictObject(leadListItemFields).meta({ id: 'LeadListItem' });
export const leadSchema: z.ZodType<Lead> = z
  .strictObject({ ...leadListItemFields, addresses: z.array(leadAddressAnswerSchema), statusHistory: z.array(leadStatusChangeSchema) })
  .meta({ id: 'Lead' });
export const leadMatchSchema: z.ZodType<LeadMatch> = z
  .strictObject({
    Id: answerId,
    firstName: z.string(),
    lastName: z.string(),
    contactNumber: z.string(),
    emailAddress: z.string().nullable(),
    status: z.enum(LEAD_STATUSES),
    tenantName: z.string(),
  })
  .meta({ id: 'LeadMatch' });
export const consentRequestSentSchema: z.ZodType<ConsentRequestSent> = z
  .strictObject({
    leadId: answerId,
    channel: z.literal('email'),
    sentTo: z.string(),
    consentStatus: z.enum(LEAD_CONSENT_STATUSES),
    consentRequestedAt: answerInstant,
  })
  .meta({ id: 'ConsentRequestSent' });

const dashboardWindowSchema: z.ZodType<DashboardWindow> = z.strictObject({ startDate: answerInstant, endDate: answerInstant });
const countBy = <K extends readonly [string, ...string[]]>(keys: K) => z.array(z.strictObject({ key: z.enum(keys), count: answerCount }));
export const leadDashboardSchema: z.ZodType<LeadDashboard> = z
  .strictObject({
    window: dashboardWindowSchema,
    total: answerCount,
    byStatus: countBy(LEAD_STATUSES),
    byConsentStatus: countBy(LEAD_CONSENT_STATUSES),
    byAffordabilityOutcome: countBy(LEAD_AFFORDABILITY_OUTCOMES),
    newPerDay: z.array(z.strictObject({ day: answerDay, count: answerCount })),
    converted: answerCount,
    conversionRate: z.number(),
  })
  .meta({ id: 'LeadDashboard' });
export const salesDashboardSchema: z.ZodType<SalesDashboard> = z
  .strictObject({
    window: dashboardWindowSchema,
    leadsCreated: answerCount,
    leadsConverted: answerCount,
    clientsAdded: answerCount,
    activities: z.strictObject({ planned: answerCount, completed: answerCount, completionRate: z.number() }),
    topAgents: z.array(
      z.strictObject({
        userId: answerId,
        name: z.string(),
        tenantName: z.string(),
        leadsCreated: answerCount,
        clientsAdded: answerCount,
        activitiesPlanned: answerCount,
        activitiesCompleted: answerCount,
      }),
    ),
  })
  .meta({ id: 'SalesDashboard' });
