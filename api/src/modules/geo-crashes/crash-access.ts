/**
 * Who reads and reviews crashes (those who keep the event rules: TRACKING/EVENTS or TRACKING), and
 * which a caller sees: those of devices in the acting subtree (else 404).
 */
import { crashEvents } from '@meridian/shared/contract/areas/tracking';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const CRASH_READERS = allow(crashEvents, 'read');
export const CRASH_REVIEWERS = allow(crashEvents, 'review');

/** SQL condition: crash `alias` lies in the acting subtree. */
export const crashVisible = (scope: TenantScope, p: SqlParams, alias: string) => inScope(`${alias}.tenant_id`, scope, p);

export interface VisibleCrash {
  id: string;
  status: string;
}

export async function visibleCrash(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}): Promise<VisibleCrash> {
  const p = sqlParams([id]);
  const row = await q.one<VisibleCrash>(
    `select c.id, c.status from crash_events c where c.id = $1 and ${crashVisible(scope, p, 'c')}${options.lock ? ' for update of c' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Crash');
  return row;
}
