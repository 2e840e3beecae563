/** Third-party writes: a company's details; it is created in the acting tenant. */
import type { ThirdPartySave } from '@meridian/shared/contract/third-party';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';

export async function createThirdParty(q: Queryable, scope: TenantScope, input: ThirdPartySave): Promise<string> {
  const row = await q.one<{ id: string }>(
    `insert into third_parties (tenant_id, name, contact_name, mobile, email, notes, active) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [scope.tenantId, input.name, input.contactName, input.mobile, input.email, input.notes, input.active],
  );
  return row!.id;
}

export async function updateThirdParty(q: Queryable, id: string, input: ThirdPartySave) {
  await q.query(
    `update third_parties set name = $1, contact_name = $2, mobile = $3, email = $4, notes = $5, active = $6, date_modified = now() where id = $7`,
    [input.name, input.contactName, input.mobile, input.email, input.notes, input.active, id],
  );
}
