/**
 * Reading clients: pages of the list (by tenant and group), of their latest affordability and of the
 * phone book; one client with its groups; look-up by mobile number; a name search.
 */
import {
  CLIENT_LIMITS,
  type Client,
  type clientAffordabilityQuerySchema,
  type clientListQuerySchema,
  type phoneBookQuerySchema,
} from '@meridian/shared/contract/client';
import type { z } from 'zod';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { fieldError, notFound } from '../../http/errors';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { tenantInScope } from '../../tenancy/scope';
import { inScope } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';
import { CLIENT_COLUMNS, CLIENT_FROM, clientVisible, visibleClient, visibleGroup } from './client-access';

const CLIENT_SORT: SortSpec = {
  fields: {
    dateCreated: 'c.date_created',
    dateModified: 'c.date_modified',
    firstName: 'c.first_name',
    lastName: 'c.last_name',
    emailAddress: 'c.email_address',
    mobile: 'c.mobile',
    idNumber: 'c.id_number',
    city: 'c.city',
    tenantName: 'tn.name',
  },
  defaultField: 'dateCreated',
  defaultOrder: 'DESC',
  tieBreaker: 'c.id',
};
/** Members and phone-book lines read best by name. */
export const BY_NAME: SortSpec = { ...CLIENT_SORT, defaultField: 'lastName', defaultOrder: 'ASC', tieBreaker: 'c.first_name, c.id' };

/** A visible client with the live groups it belongs to. */
export async function loadClient(q: Queryable, scope: TenantScope, id: string): Promise<Client> {
  const client = await visibleClient(q, scope, id);
  const groups = await q.query<{ Id: string; name: string }>(
    `select g.id as "Id", g.name from client_group_members m join client_groups g on g.id = m.group_id
     where m.client_id = $1 and g.deleted_at is null order by lower(g.name), g.id`,
    [id],
  );
  return { ...client, groups };
}

/** One page of the visible clients, of one tenant's subtree or one group when the query names them. */
export async function clientPage(q: Queryable, scope: TenantScope, query: z.infer<typeof clientListQuerySchema>, maxPageSize: number) {
  const groupId = query.groupId ?? query.filter.groupId;
  const tenantId = query.tenantId ?? query.filter.tenantId;
  if (query.groupId && query.filter.groupId && query.groupId !== query.filter.groupId)
    throw fieldError('filter', 'filter names another group than groupId.');
  if (query.tenantId && query.filter.tenantId && query.tenantId !== query.filter.tenantId)
    throw fieldError('filter', 'filter names another tenant than tenantId.');
  const subtreePath = tenantId ? (await tenantInScope(q, scope, tenantId)).path : scope.path;
  const page = pageSql(query, CLIENT_SORT, maxPageSize);
  const p = sqlParams();
  let where = clientVisible(subtreePath, p);
  if (groupId) {
    await visibleGroup(q, scope, groupId);
    where += ` and exists (select 1 from client_group_members m where m.client_id = c.id and m.group_id = ${p.add(groupId)})`;
  }
  if (page.searchPattern) {
    where += ` and c.search_text like ${p.add(page.searchPattern)}`;
  }
  return pagedQuery(q, { select: CLIENT_COLUMNS, from: `${CLIENT_FROM} where ${where}`, params: p.values }, page);
}

/** One page of the visible clients with the latest affordability assessment of their leads. */
export function affordabilityPage(
  q: Queryable,
  scope: TenantScope,
  query: z.infer<typeof clientAffordabilityQuerySchema>,
  maxPageSize: number,
) {
  const page = pageSql(
    query,
    {
      fields: {
        affordabilityDate: `coalesce(a.affordability_date, '-infinity'::timestamptz)`,
        totalAffordability: 'coalesce(a.total_affordability, -1)',
        lastName: 'c.last_name',
        firstName: 'c.first_name',
        dateCreated: 'c.date_created',
        tenantName: 'tn.name',
      },
      defaultField: 'affordabilityDate',
      defaultOrder: 'DESC',
      tieBreaker: 'c.id',
    },
    maxPageSize,
  );
  const p = sqlParams();
  let where = `${clientVisible(scope, p)}${query.assessedOnly ? ' and a.id is not null' : ''}`;
  if (page.searchPattern) {
    where += ` and c.search_text like ${p.add(page.searchPattern)}`;
  }
  // The client's leads: same ID number, or contact number = mobile; the latest assessed one wins.
  const latest = `left join lateral (
      select l.id, l.total_affordability, l.installment_amount, l.affordability_outcome, l.affordability_date from leads l
      where l.deleted_at is null and ${inScope('l.tenant_id', scope, p)}
        and (l.total_affordability is not null or l.affordability_outcome <> 'NONE')
        and (l.id_number = c.id_number or l.contact_number = c.mobile)
      order by l.affordability_date desc nulls last, l.date_modified desc, l.id desc limit 1
    ) a on true`;
  return pagedQuery(
    q,
    {
      select: `c.id as "Id", c.first_name as "firstName", c.last_name as "lastName", c.mobile, c.email_address as "emailAddress",
      c.id_number as "idNumber", tn.name as "tenantName", a.id as "leadId", a.total_affordability::float8 as "totalAffordability",
      a.installment_amount::float8 as "installmentAmount", a.affordability_outcome as "affordabilityOutcome", a.affordability_date as "affordabilityDate"`,
      from: `from clients c join tenants tn on tn.id = c.tenant_id ${latest} where ${where}`,
      params: p.values,
    },
    page,
  );
}

/** One page of the phone book: the visible clients who can be reached, by last name. */
export function phoneBookPage(q: Queryable, scope: TenantScope, query: z.infer<typeof phoneBookQuerySchema>, maxPageSize: number) {
  const page = pageSql(
    query,
    { ...BY_NAME, fields: { lastName: 'c.last_name', firstName: 'c.first_name', tenantName: 'tn.name' } },
    maxPageSize,
  );
  // A phone book lists the people who can be reached.
  const p = sqlParams();
  let where = `${clientVisible(scope, p)} and (c.mobile is not null or c.email_address is not null)`;
  if (query.letter) {
    where += ` and upper(left(c.last_name, 1)) = ${p.add(query.letter)}`;
  }
  if (page.searchPattern) {
    where += ` and c.search_text like ${p.add(page.searchPattern)}`;
  }
  return pagedQuery(
    q,
    {
      select: `c.id as "Id", c.first_name as "firstName", c.last_name as "lastName", c.mobile, c.email_address as "emailAddress", tn.name as "tenantName"`,
      from: `from clients c join tenants tn on tn.id = c.tenant_id where ${where}`,
      params: p.values,
    },
    page,
  );
}

/** The visible client with this mobile number. */
export async function clientByMobile(q: Queryable, scope: TenantScope, phone: string): Promise<Client> {
  // Should two clients share the number, the one added last answers.
  const p = sqlParams([phone]);
  const row = await q.one<{ id: string }>(
    `select c.id from clients c where c.mobile = $1 and ${clientVisible(scope, p)} order by c.date_created desc, c.id desc limit 1`,
    p.values,
  );
  if (!row) throw notFound(`A client with the mobile number ${phone}`);
  return loadClient(q, scope, row.id);
}

/** Visible clients whose name contains `name` (any case), for linking a client to an activity or a case. */
export function searchClientsByName(q: Queryable, scope: TenantScope, name: string) {
  // The name is part of search_text, whose trigram index finds the candidates.
  const pattern = name.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const p = sqlParams([`%${pattern}%`]);
  return q.query(
    `select c.id as "Id", c.first_name as "firstName", c.last_name as "lastName", c.email_address as "emailAddress", c.mobile,
       c.id_number as "idNumber", tn.name as "tenantName"
     from clients c join tenants tn on tn.id = c.tenant_id
     where ${clientVisible(scope, p)} and c.search_text like $1 and upper(c.first_name || ' ' || c.last_name) like $1
     order by c.last_name, c.first_name, c.id limit ${CLIENT_LIMITS.searchMatches}`,
    p.values,
  );
}
