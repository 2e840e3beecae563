/** Bluebook writes: one valuation per make, model and year in a tenant; a second is a 409 naming the vehicle. */
import type { BluebookSave } from '@meridian/shared/contract/bluebook';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { conflict } from '../../http/errors';
import { owningTenant } from '../../tenancy/tenant-owned';
import type { VisibleBluebook } from './bluebook-access';

async function assertFree(q: Queryable, tenantId: string, input: BluebookSave, exceptId?: string) {
  const taken = await q.one(
    `select 1 from bluebook_values where tenant_id = $1 and upper(make) = upper($2) and upper(model) = upper($3) and year = $4
       and ($5::uuid is null or id <> $5)`,
    [tenantId, input.make, input.model, input.year, exceptId ?? null],
  );
  if (taken) {
    const message = `A bluebook value for the ${input.year} ${input.make} ${input.model} already exists: change that one.`;
    throw conflict(message, { model: [message] });
  }
}

export async function createBluebook(q: Queryable, scope: TenantScope, input: BluebookSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  await assertFree(q, tenantId, input);
  const row = await q.one<{ id: string }>(
    `insert into bluebook_values (make, model, year, value_minor, currency, tenant_id) values ($1, $2, $3, $4, $5, $6) returning id`,
    [input.make, input.model, input.year, input.valueMinor, input.currency, tenantId],
  );
  return row!.id;
}

export async function updateBluebook(q: Queryable, scope: TenantScope, row: VisibleBluebook, input: BluebookSave) {
  const tenantId = await owningTenant(q, scope, input.tenantId, row.tenant_id);
  await assertFree(q, tenantId, input, row.id);
  await q.query(
    `update bluebook_values set make = $1, model = $2, year = $3, value_minor = $4, currency = $5, tenant_id = $6, date_modified = now()
     where id = $7`,
    [input.make, input.model, input.year, input.valueMinor, input.currency, tenantId, row.id],
  );
}

export async function deleteBluebook(q: Queryable, row: VisibleBluebook) {
  await q.query(`delete from bluebook_values where id = $1`, [row.id]);
}
