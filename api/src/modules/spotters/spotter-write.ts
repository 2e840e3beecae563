/**
 * Spotter writes. A spotter may be linked to one user account of the acting subtree (the account a field
 * spotter signs in with); an account is linked to at most one spotter.
 */
import type { SpotterSave } from '@meridian/shared/contract/spotter';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { conflict, fieldError } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

async function checkUserLink(q: Queryable, scope: TenantScope, userId: string | null, spotterId: string | null) {
  if (!userId) return;
  const p = sqlParams([userId]);
  const user = await q.one(
    `select 1 from users u where u.id = $1 and u.deleted_at is null and ${inScope('u.tenant_id', scope, p)}`,
    p.values,
  );
  if (!user) throw fieldError('userId', 'There is no such user.');
  const linked = await q.one<{ name: string }>(`select name from spotters where user_id = $1 and id is distinct from $2::uuid`, [
    userId,
    spotterId,
  ]);
  if (linked) throw conflict('This user is linked to another spotter already.', { userId: ['Linked to another spotter already.'] });
}

export async function createSpotter(q: Queryable, scope: TenantScope, input: SpotterSave): Promise<string> {
  await checkUserLink(q, scope, input.userId, null);
  const row = await q.one<{ id: string }>(
    `insert into spotters (tenant_id, name, mobile, email, user_id, notes, active) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [scope.tenantId, input.name, input.mobile, input.email, input.userId, input.notes, input.active],
  );
  return row!.id;
}

export async function updateSpotter(q: Queryable, scope: TenantScope, id: string, input: SpotterSave) {
  await checkUserLink(q, scope, input.userId, id);
  await q.query(
    `update spotters set name = $1, mobile = $2, email = $3, user_id = $4, notes = $5, active = $6, date_modified = now() where id = $7`,
    [input.name, input.mobile, input.email, input.userId, input.notes, input.active, id],
  );
}
