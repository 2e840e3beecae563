/** Reading leads: pages of the list (all, by a date window, by assigned agent), one lead in full, its addresses, a name search. */
import {
  LEAD_LIMITS,
  currentWeek,
  queryWindow,
  type Lead,
  type LeadAddress,
  type LeadDateType,
  type LeadStatus,
  type LeadStatusChange,
} from '@meridian/shared/contract/lead';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { personName } from '../../db/person-name';
import { fieldError } from '../../http/errors';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { sqlParams } from '../../db/sql-params';
import { LEAD_COLUMNS, LEAD_FROM, leadVisible, visibleLead } from './lead-access';

const LEAD_SORT: SortSpec = {
  fields: {
    dateCreated: 'l.date_created',
    dateModified: 'l.date_modified',
    firstName: 'l.first_name',
    lastName: 'l.last_name',
    status: 'l.status',
    source: 'l.source',
    contactNumber: 'l.contact_number',
    emailAddress: 'l.email_address',
    consentStatus: 'l.consent_status',
    consentDate: 'l.consent_date',
    affordabilityOutcome: 'l.affordability_outcome',
    affordabilityDate: 'l.affordability_date',
    totalAffordability: 'l.total_affordability',
    tenantName: 'tn.name',
    assignedTo: `coalesce(${personName('au')}, '')`,
  },
  defaultField: 'dateCreated',
  defaultOrder: 'DESC',
  tieBreaker: 'l.id',
};
/** The column a window applies to, per dateType (constants, never input). */
const WINDOW_COLUMN: Record<LeadDateType, string> = {
  created: 'l.date_created',
  consent: 'l.consent_date',
  affordability: 'l.affordability_date',
};

const ADDRESS_COLUMNS = `id as "Id", lead_id as "leadId", type, lineone, city, postcode, state, country, latitude, longitude, date_created as "dateCreated"`;

export const addressesOf = (q: Queryable, leadId: string) =>
  q.query<LeadAddress>(`select ${ADDRESS_COLUMNS} from lead_addresses where lead_id = $1 order by date_created, id`, [leadId]);

/** A lead of the acting subtree with its addresses and its latest status changes. */
export async function loadLead(q: Queryable, scope: TenantScope, id: string): Promise<Lead> {
  const lead = await visibleLead(q, scope, id);
  const [addresses, statusHistory] = await Promise.all([
    addressesOf(q, lead.Id),
    q.query<LeadStatusChange>(
      `select h.id as "Id", h.status, h.changed_by_user_id as "changedByUserId", ${personName('u')} as "changedBy", h.date_created as "dateCreated"
       from lead_status_history h left join users u on u.id = h.changed_by_user_id where h.lead_id = $1 order by h.date_created desc, h.id desc limit 100`,
      [lead.Id],
    ),
  ]);
  return { ...lead, addresses, statusHistory };
}

/** The window a query asks for; an empty one is a field error. */
export function checkedWindow(query: { startDate?: string; endDate?: string }, fallback: { start: Date; end: Date }) {
  const window = queryWindow(query, fallback);
  if (window.end <= window.start) throw fieldError('endDate', 'endDate must be after startDate.');
  return window;
}

interface LeadFilter {
  status?: LeadStatus;
  assignedUserId?: string;
  /** Leads whose dateType column lies in [startDate, endDate), the current week unless given. */
  window?: { dateType: LeadDateType; startDate?: string; endDate?: string };
}

/** One page of the visible leads that pass the filter, searched and sorted as the query asks. */
export async function leadPage(
  q: Queryable,
  scope: TenantScope,
  filter: LeadFilter,
  query: Parameters<typeof pageSql>[0],
  maxPageSize: number,
) {
  const window = filter.window ? checkedWindow(filter.window, currentWeek()) : null;
  const page = pageSql(query, LEAD_SORT, maxPageSize);
  const p = sqlParams();
  let where = leadVisible(scope, p);
  if (window) {
    const column = WINDOW_COLUMN[filter.window!.dateType];
    where += ` and ${column} >= ${p.add(window.start)} and ${column} < ${p.add(window.end)}`;
  }
  if (filter.assignedUserId) {
    where += ` and l.assigned_user_id = ${p.add(filter.assignedUserId)}`;
  }
  if (filter.status) {
    where += ` and l.status = ${p.add(filter.status)}`;
  }
  if (page.searchPattern) {
    where += ` and l.search_text like ${p.add(page.searchPattern)}`;
  }
  return pagedQuery(q, { select: LEAD_COLUMNS, from: `${LEAD_FROM} where ${where}`, params: p.values }, page);
}

/** Visible leads whose name contains `name` (any case), for linking a lead to an activity or a case. */
export function searchLeadsByName(q: Queryable, scope: TenantScope, name: string) {
  // The name is part of search_text, whose trigram index finds the candidates.
  const pattern = name.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const p = sqlParams([`%${pattern}%`]);
  return q.query(
    `select l.id as "Id", l.first_name as "firstName", l.last_name as "lastName", l.contact_number as "contactNumber", l.email_address as "emailAddress",
       l.status, tn.name as "tenantName"
     from leads l join tenants tn on tn.id = l.tenant_id
     where ${leadVisible(scope, p)} and l.search_text like $1 and upper(l.first_name || ' ' || l.last_name) like $1
     order by l.last_name, l.first_name, l.id limit ${LEAD_LIMITS.searchMatches}`,
    p.values,
  );
}
