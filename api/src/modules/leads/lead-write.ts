/**
 * Writing leads: create and edit (addresses replaced by the payload's), status changes with their
 * history, assignment to a field agent of the lead's company, and soft deletion. A lead's contact
 * number and e-mail address are unique among the live leads of its company.
 */
import type { FieldErrors } from '@meridian/shared/contract/envelope';
import { digitsOnly, type Lead, type LeadAddressSave, type LeadSave, type LeadStatus } from '@meridian/shared/contract/lead';
import { ROLE_GROUPS } from '@meridian/shared/contract/roles';
import { MESSAGES } from '@meridian/shared/messages';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { badRequest, fieldError } from '../../http/errors';
import { chosenIdOrNull } from '../../tenancy/chosen-id';
import { companyOf } from '../../tenancy/company-of';
import { owningTenant } from '../../tenancy/tenant-owned';
import { inScope, isPathWithin, tenantRowInScope } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';
import { visibleLead } from './lead-access';

/** Consent answered: its date is when it was answered. */
const CONSENT_ANSWERED = new Set(['PROVIDED', 'DECLINED']);

/**
 * Refuses a contact number or e-mail address (ignoring case) that another live lead of the company
 * already has. Checks of one company run one at a time (a transaction lock), so two saves cannot
 * both pass.
 */
async function assertNotDuplicate(
  q: Queryable,
  companyPath: string,
  input: Pick<LeadSave, 'contactNumber' | 'emailAddress'>,
  message: string,
  exceptId?: string,
) {
  await q.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`leads:${companyPath}`]);
  const p = sqlParams([input.contactNumber, input.emailAddress ?? null, exceptId ?? null]);
  const found = await q.one<{ phone: boolean | null; email: boolean | null }>(
    `select bool_or(l.contact_number = $1) as phone, bool_or(lower(l.email_address) = lower($2::text)) as email from leads l
     where l.deleted_at is null and ${inScope('l.tenant_id', companyPath, p)}
       and (l.contact_number = $1 or lower(l.email_address) = lower($2::text)) and ($3::uuid is null or l.id <> $3)`,
    p.values,
  );
  if (!found?.phone && !found?.email) return;
  const fieldErrors: FieldErrors = {};
  if (found.phone) fieldErrors.contactNumber = [MESSAGES.leadDuplicateDetail];
  if (found.email) fieldErrors.emailAddress = [MESSAGES.leadDuplicateDetail];
  throw badRequest(message, fieldErrors);
}

/** The lead's addresses become `addresses`, listed in the order given (each dated a microsecond after the one before). */
async function writeAddresses(q: Queryable, leadId: string, addresses: LeadAddressSave[]) {
  await q.query(`delete from lead_addresses where lead_id = $1`, [leadId]);
  if (!addresses.length) return;
  const column = <K extends keyof LeadAddressSave>(key: K, fallback: LeadAddressSave[K] | null = null) =>
    addresses.map((a) => a[key] ?? fallback);
  await q.query(
    `insert into lead_addresses (lead_id, type, lineone, city, postcode, state, country, latitude, longitude, date_created)
     select $1, x.type, x.lineone, x.city, x.postcode, x.state, x.country, x.latitude, x.longitude, now() + x.ord * interval '1 microsecond'
     from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::float8[]) with ordinality
       as x(type, lineone, city, postcode, state, country, latitude, longitude, ord)`,
    [
      leadId,
      column('type'),
      column('lineone'),
      column('city'),
      column('postcode'),
      column('state'),
      column('country'),
      column('latitude', 0),
      column('longitude', 0),
    ],
  );
}

const recordStatus = (q: Queryable, leadId: string, status: LeadStatus, userId: string) =>
  q.query(`insert into lead_status_history (lead_id, status, changed_by_user_id) values ($1, $2, $3)`, [leadId, status, userId]);

/**
 * The person and contact columns, replaced on every save. On an edit that leaves the phone number
 * and country code out, the lead keeps its own (a +27 form, say) while its contact number is unchanged.
 */
function contactValues(input: LeadSave, saved?: Pick<Lead, 'phonenumber' | 'contactNumber' | 'countryCode'>) {
  const keptPhone = saved && saved.contactNumber === input.contactNumber ? saved.phonenumber : null;
  const phonenumber = input.phonenumber ?? keptPhone ?? input.contactNumber;
  return [
    input.firstName,
    input.lastName,
    input.emailAddress ?? null,
    phonenumber,
    digitsOnly(phonenumber),
    input.countryCode ?? saved?.countryCode ?? null,
    input.contactNumber,
    input.idNumber ?? null,
    input.empNumber ?? null,
    input.location ?? null,
    input.latitude ?? 0,
    input.longitude ?? 0,
  ];
}

/** Creates a lead in the acting subtree (or the tenant beneath it the input names); answers its id. */
export async function createLead(q: Queryable, scope: TenantScope, userId: string, input: LeadSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  const chosenId = await chosenIdOrNull(q, 'leads', input.Id, scope, 'A lead with this Id exists already.');
  await assertNotDuplicate(q, (await companyOf(q, tenantId)).path, input, MESSAGES.leadExists);
  const status = input.status ?? 'New';
  const consentStatus = input.consentStatus ?? 'NONE PROVIDED';
  const outcome = input.affordabilityOutcome ?? 'NONE';
  const assessed = input.totalAffordability != null || input.installmentAmount != null || outcome !== 'NONE';
  const row = await q.one<{ id: string }>(
    `insert into leads (id, first_name, last_name, email_address, phonenumber, trimmed_phonenumber, country_code, contact_number, id_number, emp_number,
       location, latitude, longitude, tenant_id, status, source, created_by_user_id, consent_status, consent_date, installment_amount,
       total_affordability, affordability_outcome, affordability_date)
     values (coalesce($23::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) returning id`,
    [
      ...contactValues(input),
      tenantId,
      status,
      input.source ?? 'WEB',
      userId,
      consentStatus,
      CONSENT_ANSWERED.has(consentStatus) ? new Date() : null,
      input.installmentAmount ?? null,
      input.totalAffordability ?? null,
      outcome,
      assessed ? new Date() : null,
      chosenId,
    ],
  );
  await writeAddresses(q, row!.id, input.addresses ?? []);
  await recordStatus(q, row!.id, status, userId);
  return row!.id;
}

/** Saves a visible lead from the payload; a status change is recorded in its history. */
export async function updateLead(q: Queryable, scope: TenantScope, userId: string, id: string, input: LeadSave) {
  const lead = await visibleLead(q, scope, id);
  const tenantId = await owningTenant(q, scope, input.tenantId, lead.tenantId);
  await assertNotDuplicate(q, (await companyOf(q, tenantId)).path, input, MESSAGES.leadExistsOnSave, lead.Id);
  const status = input.status ?? lead.status;
  const consentStatus = input.consentStatus ?? lead.consentStatus;
  const consentDate = consentStatus === lead.consentStatus ? lead.consentDate : CONSENT_ANSWERED.has(consentStatus) ? new Date() : null;
  const outcome = input.affordabilityOutcome ?? lead.affordabilityOutcome;
  const total = input.totalAffordability === undefined ? lead.totalAffordability : input.totalAffordability;
  const installment = input.installmentAmount === undefined ? lead.installmentAmount : input.installmentAmount;
  const reassessed =
    outcome !== lead.affordabilityOutcome ||
    Number(total ?? -1) !== Number(lead.totalAffordability ?? -1) ||
    Number(installment ?? -1) !== Number(lead.installmentAmount ?? -1);
  const assessed = total != null || installment != null || outcome !== 'NONE';
  await q.query(
    `update leads set first_name = $1, last_name = $2, email_address = $3, phonenumber = $4, trimmed_phonenumber = $5, country_code = $6,
       contact_number = $7, id_number = $8, emp_number = $9, location = $10, latitude = $11, longitude = $12, tenant_id = $13, status = $14,
       source = $15, consent_status = $16, consent_date = $17, installment_amount = $18, total_affordability = $19, affordability_outcome = $20,
       affordability_date = $21, date_modified = now()
     where id = $22`,
    [
      ...contactValues(input, lead),
      tenantId,
      status,
      input.source ?? lead.source,
      consentStatus,
      consentDate,
      installment,
      total,
      outcome,
      reassessed ? (assessed ? new Date() : null) : lead.affordabilityDate,
      lead.Id,
    ],
  );
  if (input.addresses) await writeAddresses(q, lead.Id, input.addresses);
  if (status !== lead.status) await recordStatus(q, lead.Id, status, userId);
}

/** Sets a visible lead's status, recording the change (nothing happens when it already has it). */
export async function setLeadStatus(q: Queryable, scope: TenantScope, userId: string, id: string, status: LeadStatus) {
  const lead = await visibleLead(q, scope, id);
  if (status === lead.status) return;
  await q.query(`update leads set status = $2, date_modified = now() where id = $1`, [lead.Id, status]);
  await recordStatus(q, lead.Id, status, userId);
}

/** Assigns a visible lead to a field agent of its company inside the acting subtree, or unassigns it (userId null). */
export async function assignLead(q: Queryable, scope: TenantScope, leadId: string, userId: string | null | undefined) {
  const lead = await visibleLead(q, scope, leadId);
  if (userId) {
    const p = sqlParams([userId, [...ROLE_GROUPS.agent]]);
    const agent = await q.one<{ path: string; is_agent: boolean }>(
      `select t.path, exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and lower(trim(r.name)) = any($2::text[])) as is_agent
       from users u join tenants t on t.id = u.tenant_id where u.id = $1 and u.deleted_at is null and ${tenantRowInScope('t', scope, p)}`,
      p.values,
    );
    if (!agent) throw fieldError('userId', 'Choose a user inside the tenant you are acting for.');
    if (!agent.is_agent) throw fieldError('userId', `Leads are assigned to field agents: ${ROLE_GROUPS.agent.join(', ')}.`);
    if (!isPathWithin(agent.path, (await companyOf(q, lead.tenantId)).path))
      throw fieldError('userId', 'Choose an agent of the company the lead belongs to.');
  }
  await q.query(`update leads set assigned_user_id = $2, date_modified = now() where id = $1`, [lead.Id, userId]);
}

export async function deleteLead(q: Queryable, scope: TenantScope, id: string) {
  const lead = await visibleLead(q, scope, id);
  await q.query(`update leads set deleted_at = now(), date_modified = now() where id = $1`, [lead.Id]);
}
