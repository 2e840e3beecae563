/**
 * A tenant's effective time zone: its own valid setting, else the nearest tenant's above it, else
 * the default (as the settings module resolves it). Every list of days asks for it, so it is kept
 * for a moment per tenant (kept-lookups.ts; the settings and tenant routes forget them).
 */
import { SETTING_DEFAULTS, settingValueSchema } from '@meridian/shared/contract/setting';
import type { Queryable } from '../db/database';
import { keptLookups } from './kept-lookups';
import { pathWithin } from './subtree';

const ZONE_KEPT_MS = 2_000;

const zones = keptLookups(ZONE_KEPT_MS, readTimeZone);

export const tenantTimeZone = (q: Queryable, tenantId: string): Promise<string> => zones.get(q, tenantId);

/** After a time zone setting or a tenant's place in the tree changed. */
export const forgetTenantTimeZones = () => zones.forget();

async function readTimeZone(q: Queryable, tenantId: string): Promise<string> {
  const stored = await q.query<{ value: unknown }>(
    `select s.value from tenants self join tenants t on ${pathWithin('self.path', 't.path')} and t.deleted_at is null
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
