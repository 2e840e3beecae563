/**
 * Who may do what with leads, and which leads a caller sees: the live leads of the acting tenant's
 * subtree, never those of a deleted tenant.
 */
import type { LeadListItem } from '@meridian/shared/contract/lead';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { notFound } from '../../http/errors';
import { personName } from '../../db/person-name';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { inScope } from '../../tenancy/subtree';
import { allow } from '../../auth/allow';
import { leads, salesDashboard } from '@meridian/shared/contract/areas/sales';

export const LEAD_READERS = allow(leads, 'read');
/** Finding a lead by name: lead readers, and those who link activities and cases to a lead. */
export const LEAD_FINDERS = allow(leads, 'find');
export const LEAD_CREATORS = allow(leads, 'create');
export const LEAD_EDITORS = allow(leads, 'edit');
export const SALES_DASHBOARD_READERS = allow(salesDashboard, 'api');

/** Money is numeric in the table and answered as float8: a number on both drivers (PGlite answers numeric as text). */
export const LEAD_COLUMNS = `l.id as "Id", l.tenant_id as "tenantId", tn.name as "tenantName", l.first_name as "firstName", l.last_name as "lastName",
  l.email_address as "emailAddress", l.phonenumber, l.trimmed_phonenumber as "trimmedPhonenumber", l.country_code as "countryCode",
  l.contact_number as "contactNumber", l.id_number as "idNumber", l.emp_number as "empNumber", l.status, l.source,
  l.created_by_user_id as "createdByUserId", ${personName('cu')} as "leadCreatedBy", l.assigned_user_id as "assignedUserId", ${personName('au')} as "assignedTo",
  l.consent_status as "consentStatus", l.consent_date as "consentDate", l.consent_requested_at as "consentRequestedAt",
  l.installment_amount::float8 as "installmentAmount", l.total_affordability::float8 as "totalAffordability", l.affordability_outcome as "affordabilityOutcome",
  l.affordability_date as "affordabilityDate", l.location, l.latitude, l.longitude, l.date_created as "dateCreated", l.date_modified as "dateModified"`;
export const LEAD_FROM = `from leads l join tenants tn on tn.id = l.tenant_id left join users cu on cu.id = l.created_by_user_id left join users au on au.id = l.assigned_user_id`;
/** Live, and in the acting subtree (so not of a deleted tenant). */
export const leadVisible = (scope: TenantScope, p: SqlParams) => `${inScope('l.tenant_id', scope, p)} and l.deleted_at is null`;

export async function visibleLead(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const row = await q.one<LeadListItem>(`select ${LEAD_COLUMNS} ${LEAD_FROM} where l.id = $1 and ${leadVisible(scope, p)}`, p.values);
  if (!row) throw notFound('Lead');
  return row;
}
