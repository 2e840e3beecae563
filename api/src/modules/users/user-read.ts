/** Reads a user with roles, tenants and permissions in the shape of the shared User contract. */
import type { User } from '@meridian/shared/contract/user';
import type { Queryable } from '../../db/database';

const USER_SQL = `
select u.id as "Id", u.first_name as "firstName", u.last_name as "lastName", u.user_name as "userName",
  u.email_address as "emailAddress", u.mobile, u.tenant_id as "tenantId", u.selected_tenant_id as "selectedTenant",
  u.tours, u.email_verified_at is not null as "emailVerified", u.must_change_password as "mustChangePassword",
  u.password_expires_at as "passwordExpiresAt", u.last_login_at as "lastLoginAt", u.date_created as "dateCreated",
  u.deleted_at as "dateDeleted",
  (select coalesce(json_agg(json_build_object('Id', r.id, 'name', r.name) order by r.name), '[]')
     from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles,
  (select coalesce(json_agg(json_build_object('Id', t.id, 'name', t.name, 'parentId', t.parent_id, 'shortCode', t.short_code,
      'tenant_type', t.type, 'locationRequired', t.location_required, 'location', t.location, 'lat', t.lat, 'lng', t.lng)
      order by (t.id = u.tenant_id) desc, t.name), '[]')
     from user_tenants ut join tenants t on t.id = ut.tenant_id where ut.user_id = u.id and t.deleted_at is null) as tenants,
  (select coalesce(json_agg(json_build_object('Id', p.id, 'hierarchy', p.hierarchy) order by p.hierarchy), '[]')
     from user_permissions up join permissions p on p.id = up.permission_id where up.user_id = u.id) as permissions,
  (select coalesce(json_agg(json_build_object('hierarchy', h.hierarchy) order by h.hierarchy), '[]') from (
     select distinct p.hierarchy from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
       join permissions p on p.id = rp.permission_id where ur.user_id = u.id) h) as rolepermissions
from users u where u.id = $1`;

export async function loadUser(q: Queryable, userId: string): Promise<User | null> {
  return q.one<User>(USER_SQL, [userId]);
}

/** The user's home tenant path, for scope checks. */
export async function userTenantPath(q: Queryable, userId: string, includeDeleted = false) {
  return q.one<{ path: string; deleted: boolean }>(
    `select t.path, u.deleted_at is not null as deleted from users u join tenants t on t.id = u.tenant_id
     where u.id = $1 ${includeDeleted ? '' : 'and u.deleted_at is null'}`,
    [userId],
  );
}
