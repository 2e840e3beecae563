/**
 * Who may manage spotters, and which a caller sees: the spotters of the acting tenant's subtree; anything
 * else answers 404, as if it did not exist.
 */
import { spotters } from '@meridian/shared/contract/areas/vehicles';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const SPOTTER_READERS = allow(spotters, 'read');
export const SPOTTER_CREATORS = allow(spotters, 'create');
export const SPOTTER_EDITORS = allow(spotters, 'edit');

export const spotterVisible = (scope: TenantScope, p: SqlParams, alias = 's') => inScope(`${alias}.tenant_id`, scope, p);

export interface VisibleParty {
  id: string;
  tenant_id: string;
  name: string;
  active: boolean;
}

export async function visibleSpotter(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const row = await q.one<VisibleParty>(
    `select s.id, s.tenant_id, s.name, s.active from spotters s where s.id = $1 and ${spotterVisible(scope, p)}${
      options.lock ? ' for update of s' : ''
    }`,
    p.values,
  );
  if (!row) throw notFound('Spotter');
  return row;
}

/** The spotter record linked to a user account, if any. */
export async function spotterOfUser(q: Queryable, userId: string): Promise<string | null> {
  const row = await q.one<{ id: string }>(`select id from spotters where user_id = $1`, [userId]);
  return row?.id ?? null;
}
