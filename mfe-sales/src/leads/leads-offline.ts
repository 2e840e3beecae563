/**
 * New leads offline (sales spec 4, 5 and 8). A field user offline creates a lead on the device: it is
 * given its Id here, status New and source UI, and goes into the change log to be created on the
 * server by the sync (with that Id, so it is the same lead everywhere). Before that, it is refused as
 * a duplicate when a lead this device holds has the same contact number or e-mail address (ignoring
 * case), with the spec's 'Unable to create lead, lead already exists.' and 'Duplicate email or phone
 * number.' on the field, as the server answers. The server checks the whole company again when the
 * lead arrives; a refusal then shows with the other refused changes.
 */
import type { FieldErrors } from '@meridian/shared/contract/envelope';
import type { LeadSave } from '@meridian/shared/contract/lead';
import { ApiError } from '@meridian/shared/http/api-error';
import { MESSAGES } from '@meridian/shared/messages';
import { keepCopy, keptCopy, queueFieldChange, waitingChanges } from '@meridian/shared/offline/field-sync';
import { newId } from '@meridian/shared/offline/new-id';
import { LEADS_API } from './lead-paths';

/** What the device remembers of a lead created on it, for the duplicate check. */
export interface DeviceLead {
  Id: string;
  /** Kept for the leads list's "Waiting to send" rows; copies kept by an older build lack them. */
  firstName?: string;
  lastName?: string;
  contactNumber: string;
  emailAddress: string | null;
  dateCreated: string;
}

const DEVICE_LEADS = 'device-leads';
/** Leads created on the device are remembered this long; the server knows them by then. */
const REMEMBERED_DAYS = 30;

const recent = (leads: readonly DeviceLead[]) => leads.filter((l) => Date.parse(l.dateCreated) > Date.now() - REMEMBERED_DAYS * 86_400_000);

function duplicateOf(leads: readonly DeviceLead[], lead: Pick<LeadSave, 'contactNumber' | 'emailAddress'>): FieldErrors | null {
  const email = lead.emailAddress?.toLowerCase() ?? null;
  const fieldErrors: FieldErrors = {};
  if (leads.some((l) => l.contactNumber === lead.contactNumber)) fieldErrors.contactNumber = [MESSAGES.leadDuplicateDetail];
  if (email && leads.some((l) => l.emailAddress?.toLowerCase() === email)) fieldErrors.emailAddress = [MESSAGES.leadDuplicateDetail];
  return Object.keys(fieldErrors).length ? fieldErrors : null;
}

/** Creates the lead on the device; throws the server's duplicate refusal when this device already holds such a lead. */
export async function saveLeadOnDevice(lead: LeadSave): Promise<DeviceLead> {
  const leads = recent((await keptCopy<DeviceLead[]>(DEVICE_LEADS)) ?? []);
  const duplicate = duplicateOf(leads, lead);
  if (duplicate) throw new ApiError({ status: 400, code: 'VALIDATION', message: MESSAGES.leadExists, fieldErrors: duplicate });
  const saved: DeviceLead = {
    Id: newId(),
    firstName: lead.firstName,
    lastName: lead.lastName,
    contactNumber: lead.contactNumber,
    emailAddress: lead.emailAddress ?? null,
    dateCreated: new Date().toISOString(),
  };
  await queueFieldChange({
    entityId: saved.Id,
    entityType: 'lead',
    changeType: 'INSERT',
    call: { method: 'POST', path: LEADS_API.create, body: { ...lead, Id: saved.Id, status: 'New', source: 'UI' } },
  });
  await keepCopy(DEVICE_LEADS, [...leads, saved]);
  return saved;
}

/** The leads created on this device that the sync has not sent yet, oldest first. */
export async function leadsWaitingToSend(): Promise<DeviceLead[]> {
  const waiting = new Set(
    (await waitingChanges()).filter((c) => c.entityType === 'lead' && c.changeType === 'INSERT').map((c) => c.entityId),
  );
  if (waiting.size === 0) return [];
  return ((await keptCopy<DeviceLead[]>(DEVICE_LEADS)) ?? []).filter((lead) => waiting.has(lead.Id));
}
