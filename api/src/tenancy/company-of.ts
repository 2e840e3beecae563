/** A tenant's company: the nearest Company (type 2) at or above it, else the tenant itself (a group, or a lone tenant). */
import type { Queryable } from '../db/database';
import { pathWithin } from './subtree';

export async function companyOf(q: Queryable, tenantId: string) {
  return (await q.one<{ path: string; name: string }>(
    `select coalesce(c.path, t.path) as path, coalesce(c.name, t.name) as name from tenants t
     left join lateral (select a.path, a.name from tenants a where ${pathWithin('t.path', 'a.path')} and a.type = 2 order by length(a.path) desc limit 1) c on true
     where t.id = $1`,
    [tenantId],
  ))!;
}
