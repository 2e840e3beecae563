/**
 * A tenant's effective time zone: its own valid setting, else the nearest tenant's above it, else
 * the default (as the settings module resolves it). Every list of days asks for it, so it is kept
 * for a moment per tenant: a change made here is seen at once (the settings and tenant routes forget
 * them), one made through another API process within ZONE_KEPT_MS.
 */
import { SETTING_DEFAULTS, settingValueSchema } from '@meridian/shared/contract/setting';
import type { Queryable } from '../db/database';

const ZONE_KEPT_MS = 2_000;
const kept = new Map<string, { timeZone: string; until: number }>();

export async function tenantTimeZone(q: Queryable, tenantId: string): Promise<string> {
  const hit = kept.get(tenantId);
  if (hit && hit.until > Date.now()) return hit.timeZone;
  const timeZone = await readTimeZone(q, tenantId);
  kept.set(tenantId, { timeZone, until: Date.now() + ZONE_KEPT_MS });
  return timeZone;
}

/** After a time zone setting or a tenant's place in the tree changed. */
export function forgetTenantTimeZones() {
  kept.clear();
}

async function readTimeZone(q: Queryable, tenantId: string): Promise<string> {
  const stored = await q.query<{ value: unknown }>(
    `select s.value from tenants self join tenants t on self.path like t.path || '%' and t.deleted_at is null
       join tenant_settings s on s.tenant_id = t.id and s.key = 'timeZone'
     where self.id = $1 order by length(t.path) desc`,
    [tenantId],
  );
  for (const { value } of stored) {
    const parsed = settingValueSchema('timeZone').safeParse(value);
    if (parsed.success) return parsed.data as string;
  }
  return SETTING_DEFAULTS.timeZone;
}
