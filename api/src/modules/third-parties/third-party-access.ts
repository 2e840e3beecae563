/**
 * Who may manage third parties, and which a caller sees: those of the acting tenant's subtree; anything
 * else answers 404, as if it did not exist.
 */
import { thirdParties } from '@meridian/shared/contract/areas/vehicles';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';
import type { VisibleParty } from '../spotters/spotter-access';

export const THIRD_PARTY_READERS = allow(thirdParties, 'read');
export const THIRD_PARTY_CREATORS = allow(thirdParties, 'create');
export const THIRD_PARTY_EDITORS = allow(thirdParties, 'edit');

export const thirdPartyVisible = (scope: TenantScope, p: SqlParams, alias = 't') => inScope(`${alias}.tenant_id`, scope, p);

export async function visibleThirdParty(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const row = await q.one<VisibleParty>(
    `select t.id, t.tenant_id, t.name, t.active from third_parties t where t.id = $1 and ${thirdPartyVisible(scope, p)}${
      options.lock ? ' for update of t' : ''
    }`,
    p.values,
  );
  if (!row) throw notFound('Third party');
  return row;
}
