/** Writing clients: create, edit (a client moved out of a group's tenant leaves the group) and soft deletion. */
import type { ClientSave } from '@meridian/shared/contract/client';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { owningTenant } from '../../tenancy/tenant-owned';
import { pathWithin } from '../../tenancy/subtree';
import { visibleClient } from './client-access';

const clientValues = (input: ClientSave) => [
  input.firstName,
  input.lastName,
  input.emailAddress ?? null,
  input.mobile ?? null,
  input.idNumber ?? null,
  input.dateOfBirth ?? null,
  input.gender ?? null,
  input.addressLine ?? null,
  input.city ?? null,
  input.postcode ?? null,
  input.country ?? null,
  input.lat ?? null,
  input.lng ?? null,
];

/** Creates a client in the acting subtree (or the tenant beneath it the input names); answers its id. */
export async function createClient(q: Queryable, scope: TenantScope, userId: string, input: ClientSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  const row = await q.one<{ id: string }>(
    `insert into clients (tenant_id, first_name, last_name, email_address, mobile, id_number, date_of_birth, gender, address_line, city, postcode,
       country, lat, lng, created_user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
    [tenantId, ...clientValues(input), userId],
  );
  return row!.id;
}

export async function updateClient(q: Queryable, scope: TenantScope, id: string, input: ClientSave) {
  const client = await visibleClient(q, scope, id);
  const tenantId = await owningTenant(q, scope, input.tenantId, client.tenantId);
  await q.query(
    `update clients set tenant_id = $2, first_name = $3, last_name = $4, email_address = $5, mobile = $6, id_number = $7, date_of_birth = $8,
       gender = $9, address_line = $10, city = $11, postcode = $12, country = $13, lat = $14, lng = $15, date_modified = now()
     where id = $1`,
    [client.Id, tenantId, ...clientValues(input)],
  );
  if (tenantId !== client.tenantId) {
    // Moved out of a group's tenant: no longer its member.
    await q.query(
      `delete from client_group_members m using client_groups g, tenants gt, tenants ct
       where m.client_id = $1 and g.id = m.group_id and gt.id = g.tenant_id and ct.id = $2 and not ${pathWithin('ct.path', 'gt.path')}`,
      [client.Id, tenantId],
    );
  }
}

export async function deleteClient(q: Queryable, scope: TenantScope, id: string) {
  const client = await visibleClient(q, scope, id);
  await q.query(`update clients set deleted_at = now(), date_modified = now() where id = $1`, [client.Id]);
}
