/**
 * Maker-checker rules per tenant: the actions that wait for a second user. A tenant's rules bind every
 * tenant below it too, so what binds a loan is its tenant's rules and those of the tenants above it.
 */
import type { CheckedAction, MakerCheckerRules } from '@meridian/shared/contract/maker-checker';
import { CHECKED_ACTIONS } from '@meridian/shared/contract/maker-checker';
import type { Queryable } from '../../db/database';
import { pathWithin } from '../../tenancy/subtree';

const inOrder = (actions: string[]) => CHECKED_ACTIONS.filter((a) => actions.includes(a));

export async function effectiveRules(q: Queryable, tenantId: string): Promise<CheckedAction[]> {
  const rows = await q.query<{ action: string }>(
    `select distinct r.action from tenants self join tenants t on ${pathWithin('self.path', 't.path')} and t.deleted_at is null
       join maker_checker_rules r on r.tenant_id = t.id where self.id = $1`,
    [tenantId],
  );
  return inOrder(rows.map((r) => r.action));
}

export async function rulesOf(q: Queryable, tenantId: string): Promise<MakerCheckerRules> {
  const own = await q.query<{ action: string }>(`select action from maker_checker_rules where tenant_id = $1`, [tenantId]);
  return { tenantId, actions: inOrder(own.map((r) => r.action)), effective: await effectiveRules(q, tenantId) };
}

export async function saveRules(q: Queryable, tenantId: string, actions: readonly CheckedAction[], userId: string) {
  await q.query(`delete from maker_checker_rules where tenant_id = $1 and action <> all($2::text[])`, [tenantId, actions]);
  await q.query(
    `insert into maker_checker_rules (tenant_id, action, updated_user_id) select $1, a, $3 from unnest($2::text[]) as a
     on conflict (tenant_id, action) do nothing`,
    [tenantId, actions, userId],
  );
}
