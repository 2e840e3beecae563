/** Creating and updating users, with uniqueness answered as field errors. */
import type { UserCreate, UserUpdate, UserExistAnswer } from '@meridian/shared/contract/user';
import { MESSAGES } from '@meridian/shared/messages';
import type { Queryable } from '../../db/database';
import { conflict } from '../../http/errors';
import { sqlParams } from '../../db/sql-params';
import { inScope } from '../../tenancy/subtree';

interface UniqueFields {
  emailAddress?: string;
  userName?: string;
  mobile?: string | null;
}

/**
 * E-mail address and user name sign a person in, so they are unique across the product and a taken
 * one is "in use" wherever it is. A mobile number signs nobody in: it is unique within a company
 * (`companyPath`), so another company's numbers are neither refused nor revealed.
 */
export async function findExisting(
  q: Queryable,
  v: UniqueFields,
  where: { companyPath: string; excludeId?: string },
): Promise<UserExistAnswer> {
  const p = sqlParams([v.emailAddress ?? null, v.userName ?? null, v.mobile ?? null, where.excludeId ?? null]);
  // Deleted users and tenants keep their numbers: restoring one must not make a duplicate.
  const inCompany = inScope('u.tenant_id', where.companyPath, p, { includeDeleted: true });
  const row = await q.one<{ email: boolean; user_name: boolean; mobile: boolean }>(
    `select
       exists (select 1 from users where lower(email_address) = lower($1) and ($4::uuid is null or id <> $4)) as email,
       exists (select 1 from users where lower(user_name) = lower($2) and ($4::uuid is null or id <> $4)) as user_name,
       exists (select 1 from users u where u.mobile = $3 and ${inCompany} and ($4::uuid is null or u.id <> $4)) as mobile`,
    p.values,
  );
  const answer = { emailAddress: !!row?.email, userName: !!row?.user_name, mobile: !!row?.mobile };
  return { ...answer, exists: answer.emailAddress || answer.userName || answer.mobile };
}

export async function assertUnique(q: Queryable, v: UniqueFields, where: { companyPath: string; excludeId?: string }) {
  const found = await findExisting(q, v, where);
  if (!found.exists) return;
  const fieldErrors: Record<string, string[]> = {};
  if (found.emailAddress) fieldErrors.emailAddress = ['This e-mail address is already in use.'];
  if (found.userName) fieldErrors.userName = ['This user name is already in use.'];
  if (found.mobile) fieldErrors.mobile = ['This mobile number is already in use.'];
  throw conflict(MESSAGES.userExists, fieldErrors);
}

async function replaceLinks(
  q: Queryable,
  userId: string,
  table: 'user_roles' | 'user_tenants' | 'user_permissions',
  column: string,
  ids: readonly string[],
) {
  await q.query(`delete from ${table} where user_id = $1`, [userId]);
  if (ids.length)
    await q.query(`insert into ${table} (user_id, ${column}) select $1, unnest($2::uuid[]) on conflict do nothing`, [
      userId,
      [...new Set(ids)],
    ]);
}

export async function insertUser(q: Queryable, input: UserCreate): Promise<string> {
  const [homeTenant] = input.tenantIds;
  const row = await q.one<{ id: string }>(
    `insert into users (first_name, last_name, user_name, email_address, mobile, tenant_id, selected_tenant_id)
     values ($1, $2, $3, $4, $5, $6, $6) returning id`,
    [input.firstName, input.lastName, input.userName, input.emailAddress, input.mobile ?? null, homeTenant],
  );
  const id = row!.id;
  await replaceLinks(q, id, 'user_roles', 'role_id', input.roleIds);
  await replaceLinks(q, id, 'user_tenants', 'tenant_id', input.tenantIds);
  await replaceLinks(q, id, 'user_permissions', 'permission_id', input.permissionIds ?? []);
  return id;
}

export async function updateUser(q: Queryable, id: string, input: UserUpdate) {
  const columns: Record<string, unknown> = {
    first_name: input.firstName,
    last_name: input.lastName,
    user_name: input.userName,
    email_address: input.emailAddress,
    mobile: input.mobile,
    selected_tenant_id: input.selectedTenant,
    tenant_id: input.tenantIds?.[0],
  };
  const set = Object.entries(columns).filter(([, v]) => v !== undefined);
  if (set.length) {
    await q.query(`update users set ${set.map(([c], i) => `${c} = $${i + 2}`).join(', ')}, date_modified = now() where id = $1`, [
      id,
      ...set.map(([, v]) => v),
    ]);
  }
  if (input.roleIds) await replaceLinks(q, id, 'user_roles', 'role_id', input.roleIds);
  if (input.tenantIds) await replaceLinks(q, id, 'user_tenants', 'tenant_id', input.tenantIds);
  if (input.permissionIds) await replaceLinks(q, id, 'user_permissions', 'permission_id', input.permissionIds);
}
