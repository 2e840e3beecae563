/** What staff change in the USSD channel: a client's PIN removed (spec 7 Clients), so the next dial sets a new one. */
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export async function deregisterUssdClient(q: Queryable, scope: TenantScope, clientId: string, userId: string) {
  const p = sqlParams([clientId, userId]);
  const row = await q.one<{ id: string }>(
    `update ussd_registrations r set status = 'deregistered', deregistered_at = now(), deregistered_user_id = $2, date_modified = now()
     where r.client_id = $1 and r.status = 'active' and ${inScope('r.tenant_id', scope, p)} returning r.id`,
    p.values,
  );
  if (!row) throw notFound('A USSD registration of this client');
}
