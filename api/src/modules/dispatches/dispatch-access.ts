/**
 * Who may dispatch, and which dispatches and rewards a caller reaches: those of repossessions in the acting
 * tenant's subtree (a dispatch and its reward carry their repossession's tenant); anything else is a 404.
 */
import { dispatches } from '@meridian/shared/contract/areas/vehicles';
import type { DispatchStatus } from '@meridian/shared/contract/dispatch';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const DISPATCH_READERS = allow(dispatches, 'read');
export const DISPATCH_CREATORS = allow(dispatches, 'create');
export const DISPATCH_EDITORS = allow(dispatches, 'edit');

export interface VisibleDispatch {
  id: string;
  repossession_id: string;
  status: DispatchStatus;
  assignee: string;
}

export async function visibleDispatch(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const row = await q.one<VisibleDispatch>(
    `select d.id, d.repossession_id, d.status, coalesce(sp.name, tp.name) as assignee
     from repossession_dispatches d join repossessions r on r.id = d.repossession_id
     left join spotters sp on sp.id = d.spotter_id left join third_parties tp on tp.id = d.third_party_id
     where d.id = $1 and r.deleted_at is null and ${inScope('d.tenant_id', scope, p)} for update of d`,
    p.values,
  );
  if (!row) throw notFound('Dispatch');
  return row;
}

export interface VisibleReward {
  id: string;
  dispatch_id: string;
  dispatch_status: DispatchStatus;
  repossession_id: string;
}

export async function visibleReward(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const row = await q.one<VisibleReward>(
    `select rw.id, rw.dispatch_id, d.status as dispatch_status, d.repossession_id
     from repossession_rewards rw join repossession_dispatches d on d.id = rw.dispatch_id join repossessions r on r.id = d.repossession_id
     where rw.id = $1 and r.deleted_at is null and ${inScope('rw.tenant_id', scope, p)} for update of rw`,
    p.values,
  );
  if (!row) throw notFound('Reward');
  return row;
}
