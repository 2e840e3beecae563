/** Cases: a piece of work to follow up for a client or lead, with an owner, a priority and a due date. */
import { z } from 'zod';
import { idSchema } from '../validation';
import { choice } from '../validation-messages';
import { pagingQuerySchema } from './paging';
import { daySchema } from './activity-plan';
import { answerDay, answerId, answerInstant } from './answer-fields';

export const CASE_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_NAMES: Record<CaseStatus, string> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};
/** Moving into one of these sets closedAt; moving back to OPEN or IN_PROGRESS clears it. */
export const CASE_CLOSED_STATUSES: readonly CaseStatus[] = ['RESOLVED', 'CLOSED'];
export const CASE_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];
export const CASE_PRIORITY_NAMES: Record<CasePriority, string> = { LOW: 'Low', NORMAL: 'Normal', HIGH: 'High', URGENT: 'Urgent' };

export const CASE_LIMITS = { titleMaxLength: 200, descriptionMaxLength: 4000 } as const;

/** What POST /cases and PUT /cases/{id} take. Without ownerUserId the caller owns the case; without tenantId it belongs to the acting tenant. */
export const caseSaveSchema = z.object({
  title: z
    .string({ error: 'A title is required.' })
    .trim()
    .min(1, 'A title is required.')
    .max(CASE_LIMITS.titleMaxLength, `A title has at most ${CASE_LIMITS.titleMaxLength} characters.`),
  description: z
    .string()
    .trim()
    .max(CASE_LIMITS.descriptionMaxLength, `A description has at most ${CASE_LIMITS.descriptionMaxLength} characters.`)
    .nullable()
    .optional(),
  status: choice(CASE_STATUSES, { labels: CASE_STATUS_NAMES }).default('OPEN'),
  priority: choice(CASE_PRIORITIES, { labels: CASE_PRIORITY_NAMES }).default('NORMAL'),
  ownerUserId: idSchema.nullable().optional(),
  clientId: idSchema.nullable().optional(),
  leadId: idSchema.nullable().optional(),
  dueDate: daySchema.nullable().optional(),
  tenantId: idSchema.optional(),
});
export type CaseSave = z.infer<typeof caseSaveSchema>;

/** POST /cases/delete. */
export const caseDeleteSchema = z.object({
  ids: z.array(idSchema, { error: 'Give the cases as a list of ids.' }).min(1, 'Choose at least one case.').max(1000),
});

export const caseListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(CASE_STATUSES, { error: `status is one of ${CASE_STATUSES.join(', ')}.` }).optional(),
  priority: z.enum(CASE_PRIORITIES, { error: `priority is one of ${CASE_PRIORITIES.join(', ')}.` }).optional(),
  ownerUserId: idSchema.optional(),
});

export interface SalesCase {
  Id: string;
  title: string;
  description: string | null;
  status: CaseStatus;
  priority: CasePriority;
  ownerUserId: string | null;
  ownerName: string | null;
  clientId: string | null;
  clientName: string | null;
  leadId: string | null;
  leadName: string | null;
  dueDate: string | null;
  tenantId: string;
  tenantName: string;
  createdUserId: string | null;
  createdBy: string | null;
  dateCreated: string;
  dateModified: string;
  closedAt: string | null;
}

export const salesCaseSchema: z.ZodType<SalesCase> = z
  .strictObject({
    Id: answerId,
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(CASE_STATUSES),
    priority: z.enum(CASE_PRIORITIES),
    ownerUserId: answerId.nullable(),
    ownerName: z.string().nullable(),
    clientId: answerId.nullable(),
    clientName: z.string().nullable(),
    leadId: answerId.nullable(),
    leadName: z.string().nullable(),
    dueDate: answerDay.nullable(),
    tenantId: answerId,
    tenantName: z.string(),
    createdUserId: answerId.nullable(),
    createdBy: z.string().nullable(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
    closedAt: answerInstant.nullable(),
  })
  .meta({ id: 'SalesCase' });
