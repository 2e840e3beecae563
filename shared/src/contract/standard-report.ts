/**
 * The two standard reports that read people rather than loans (issue 22, item 1): the sales agent report and
 * the sign-ins per user. Both cover a window of calendar days in the tenant's time zone over the caller's
 * subtree, narrowed to one tenant inside it (another company's is 404).
 *
 * Sales agent report (README "Standard report screens"), per agent (a user holding an agent role) of the subtree:
 * - activities: the agent's assignments of live activities starting in the window, counted by status;
 * - leads: leads the agent created in the window; conversions: those of them now in a converted status;
 * - distance: the great-circle distance between the agent's successive positioned actions (day start and stop,
 *   files, check-ins: every `agent_actions` row with a valid latitude and longitude) in the window, in time
 *   order, summed in whole metres; no road routing, so it is the least the agent travelled;
 * - time in the field: from each start-day action to the agent's next start or stop action, clipped to the
 *   window and to now, in whole minutes (the agent summary report's online time).
 * Without dates: one day ago to 30 days ahead (sales spec section 9, the agent report's window).
 *
 * Sign-ins per user, for each user of the subtree with any attempt in the window (one day ago to 7 days
 * ahead by default): successful sign-ins, failed ones (wrong password, a network not allowed) and lock-outs,
 * a lock-out being a failure that put the account on hold (the failure that reaches the limit of failures in
 * a row, and each further one while the hold runs: each starts or lengthens the wait).
 */
import { z } from 'zod';
import { answerCount, answerDay, answerId, answerInstant } from './answer-fields';
import { daySchema } from './activity-plan';
import { pagingQuerySchema } from './paging';
import { idSchema } from '../validation';
import { EMPTY_GUID } from '../constants';

export const STANDARD_REPORT_WINDOWS = {
  /** The spec's report window: one day ago to 7 days ahead ... */
  daysBack: 1,
  daysAhead: 7,
  /** ... and the agent report's: one day ago to 30 days ahead. */
  agentDaysAhead: 30,
} as const;

/** The reason a failed sign-in that put the account on hold is recorded with (login_history.reason). */
export const LOCKED_OUT_REASON = 'locked out';

/** An optional tenant inside the caller's subtree: empty or the all-zero GUID means the whole subtree. */
const tenantFilter = z.preprocess((v) => (v === '' || v === EMPTY_GUID ? undefined : v), idSchema.optional());

const windowQuery = pagingQuerySchema.pick({ page: true, size: true, sortField: true, sortOrder: true, search: true }).extend({
  fromDate: daySchema.optional(),
  toDate: daySchema.optional(),
  tenantId: tenantFilter,
});

export const salesAgentReportQuerySchema = windowQuery;
export type SalesAgentReportQuery = z.infer<typeof salesAgentReportQuerySchema>;

export const statusCountSchema = z.strictObject({ status: z.string(), count: answerCount });
export type StatusCount = z.infer<typeof statusCountSchema>;

export const salesAgentRowSchema = z.strictObject({
  userId: answerId,
  agentName: z.string(),
  userName: z.string(),
  tenantName: z.string(),
  activities: answerCount,
  /** By status, the most first. */
  activitiesByStatus: z.array(statusCountSchema),
  leads: answerCount,
  conversions: answerCount,
  distanceMeters: answerCount,
  fieldMinutes: answerCount,
});
export type SalesAgentRow = z.infer<typeof salesAgentRowSchema>;

export const salesAgentReportSchema = z.strictObject({
  fromDate: answerDay,
  toDate: answerDay,
  /** One page of the subtree's agents, sorted as asked (agent name by default). */
  agents: z.array(salesAgentRowSchema),
});
export type SalesAgentReport = z.infer<typeof salesAgentReportSchema>;

export const SALES_AGENT_SORT_FIELDS = ['agentName', 'userName', 'tenantName'] as const;

export const userLoginsQuerySchema = windowQuery;
export type UserLoginsQuery = z.infer<typeof userLoginsQuerySchema>;

export const userLoginsRowSchema = z.strictObject({
  userId: answerId,
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  tenantName: z.string(),
  signIns: answerCount,
  failures: answerCount,
  lockOuts: answerCount,
  lastSignInAt: answerInstant.nullable(),
  lastFailureAt: answerInstant.nullable(),
});
export type UserLoginsRow = z.infer<typeof userLoginsRowSchema>;

export const userLoginsReportSchema = z.strictObject({
  fromDate: answerDay,
  toDate: answerDay,
  users: z.array(userLoginsRowSchema),
});
export type UserLoginsReport = z.infer<typeof userLoginsReportSchema>;

export const USER_LOGINS_SORT_FIELDS = ['userName', 'tenantName', 'signIns', 'failures', 'lockOuts'] as const;
