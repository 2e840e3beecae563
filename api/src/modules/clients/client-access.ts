/**
 * Who may do what with clients and client groups, and which a caller sees: the live ones of the
 * acting tenant's subtree, never those of a deleted tenant.
 */
import type { ClientGroupListItem, ClientListItem } from '@meridian/shared/contract/client';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { personName } from '../../db/person-name';
import { notFound } from '../../http/errors';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { inScope, type Subtree } from '../../tenancy/subtree';
import { allow } from '../../auth/allow';
import { clientGroups, clients } from '@meridian/shared/contract/areas/sales';

export const CLIENT_READERS = allow(clients, 'read');
/** Finding a client by name: client readers, and those who link activities and cases to a client. */
export const CLIENT_FINDERS = allow(clients, 'find');
export const CLIENT_CREATORS = allow(clients, 'create');
export const CLIENT_EDITORS = allow(clients, 'edit');
export const GROUP_KEEPERS = allow(clientGroups, 'read');

export const CLIENT_COLUMNS = `c.id as "Id", c.tenant_id as "tenantId", tn.name as "tenantName", c.first_name as "firstName", c.last_name as "lastName",
  c.email_address as "emailAddress", c.mobile, c.id_number as "idNumber", to_char(c.date_of_birth, 'YYYY-MM-DD') as "dateOfBirth", c.gender,
  c.address_line as "addressLine", c.city, c.postcode, c.country, c.lat, c.lng, c.created_user_id as "createdUserId", ${personName('u')} as "createdBy",
  c.date_created as "dateCreated", c.date_modified as "dateModified"`;
export const CLIENT_FROM = `from clients c join tenants tn on tn.id = c.tenant_id left join users u on u.id = c.created_user_id`;
/** Live, and in the subtree (so not of a deleted tenant). */
export const clientVisible = (subtree: Subtree, p: SqlParams) => `${inScope('c.tenant_id', subtree, p)} and c.deleted_at is null`;

export const GROUP_COLUMNS = `g.id as "Id", g.tenant_id as "tenantId", tn.name as "tenantName", g.name, g.description,
  (select count(*)::int from client_group_members m join clients mc on mc.id = m.client_id where m.group_id = g.id and mc.deleted_at is null) as "memberCount",
  g.created_user_id as "createdUserId", ${personName('u')} as "createdBy", g.date_created as "dateCreated", g.date_modified as "dateModified"`;
export const GROUP_FROM = `from client_groups g join tenants tn on tn.id = g.tenant_id left join users u on u.id = g.created_user_id`;
export const groupVisible = (scope: TenantScope, p: SqlParams) => `${inScope('g.tenant_id', scope, p)} and g.deleted_at is null`;

export async function visibleClient(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const row = await q.one<ClientListItem>(
    `select ${CLIENT_COLUMNS} ${CLIENT_FROM} where c.id = $1 and ${clientVisible(scope, p)}`,
    p.values,
  );
  if (!row) throw notFound('Client');
  return row;
}

/** A visible group with the path of its tenant (to check members against). */
export async function visibleGroup(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const row = await q.one<ClientGroupListItem & { path: string }>(
    `select ${GROUP_COLUMNS}, tn.path ${GROUP_FROM} where g.id = $1 and ${groupVisible(scope, p)}`,
    p.values,
  );
  if (!row) throw notFound('Client group');
  return row;
}

/** A visible group as answered. */
export async function shownGroup(q: Queryable, scope: TenantScope, id: string): Promise<ClientGroupListItem> {
  const { path: _path, ...group } = await visibleGroup(q, scope, id);
  return group;
}
