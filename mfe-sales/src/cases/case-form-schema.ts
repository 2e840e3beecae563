/**
 * The case form's schema: the contract's own (shared/contract/case caseSaveSchema), so the browser
 * checks what the API checks: a title of at most 200 characters, a description of at most 4,000, a
 * status and priority, an optional owner (the caller when empty), an optional client or lead and an
 * optional due date. The form asks whether the case is about a client or a lead and keeps only that
 * one.
 */
import type { DefaultValues } from 'react-hook-form';
import { caseSaveSchema, type CaseSave, type SalesCase } from '@meridian/shared/contract/case';

export const caseFormSchema = caseSaveSchema.omit({ tenantId: true });
export type CaseFormInput = (typeof caseFormSchema)['_zod']['input'];
export type CaseFormValues = (typeof caseFormSchema)['_zod']['output'];
export type CaseAbout = 'none' | 'client' | 'lead';

export const CASE_FORM_FIELDS = ['title', 'description', 'status', 'priority', 'ownerUserId', 'clientId', 'leadId', 'dueDate'] as const;

export const caseAboutOf = (salesCase: SalesCase | undefined): CaseAbout =>
  salesCase?.clientId ? 'client' : salesCase?.leadId ? 'lead' : 'none';

export const emptyCaseForm = (): DefaultValues<CaseFormInput> => ({
  title: '',
  description: null,
  status: 'OPEN',
  priority: 'NORMAL',
  ownerUserId: null,
  clientId: null,
  leadId: null,
  dueDate: null,
});

export const caseFormValuesOf = (salesCase: SalesCase): DefaultValues<CaseFormInput> => ({
  title: salesCase.title,
  description: salesCase.description,
  status: salesCase.status,
  priority: salesCase.priority,
  ownerUserId: salesCase.ownerUserId,
  clientId: salesCase.clientId,
  leadId: salesCase.leadId,
  dueDate: salesCase.dueDate,
});

/** POST /api/cases and PUT /api/cases/{id}: the client or the lead the case is about, never both. */
export const toCaseBody = (values: CaseFormValues, about: CaseAbout): CaseSave => ({
  ...values,
  description: values.description || null,
  ownerUserId: values.ownerUserId ?? null,
  clientId: about === 'client' ? (values.clientId ?? null) : null,
  leadId: about === 'lead' ? (values.leadId ?? null) : null,
  dueDate: values.dueDate ?? null,
});

/** A listed case as PUT /api/cases/{id} takes it, with `changes` (closing it from the list). */
export const caseBodyOf = (salesCase: SalesCase, changes: Partial<CaseSave> = {}): CaseSave => ({
  title: salesCase.title,
  description: salesCase.description,
  status: salesCase.status,
  priority: salesCase.priority,
  ownerUserId: salesCase.ownerUserId,
  clientId: salesCase.clientId,
  leadId: salesCase.leadId,
  dueDate: salesCase.dueDate,
  ...changes,
});
