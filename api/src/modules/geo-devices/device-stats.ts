/** Counts of the dashboard: the acting subtree's devices by status, and the active (online, enabled) ones. */
import type { ActiveDevicesOfTenant, DeviceDashboardStats } from '@meridian/shared/contract/geo-device';
import { GEO_LIST_DEFAULTS } from '@meridian/shared/contract/geo-list';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { deviceVisible } from './device-access';
import { deviceStatusCondition } from './device-status';
import { devicesByIds } from './device-read';

export async function dashboardStats(q: Queryable, scope: TenantScope, timeoutSeconds: number): Promise<DeviceDashboardStats> {
  const p = sqlParams();
  const where = deviceVisible(scope, p);
  const online = deviceStatusCondition('online', timeoutSeconds, p);
  const offline = deviceStatusCondition('offline', timeoutSeconds, p);
  const row = await q.one<DeviceDashboardStats>(
    `select count(*)::int as total, count(*) filter (where ${online})::int as online, count(*) filter (where ${offline})::int as offline,
       count(*) filter (where d.last_update is null)::int as unknown, count(*) filter (where d.disabled)::int as disabled
     from geo_devices d where ${where}`,
    p.values,
  );
  return row!;
}

/** The enabled devices heard from within the timeout, by name, cut to the first 1000 (spec 9). */
export async function activeDevices(q: Queryable, scope: TenantScope, timeoutSeconds: number) {
  const p = sqlParams();
  const rows = await q.query<{ id: string }>(
    `select d.id from geo_devices d where ${deviceVisible(scope, p)} and not d.disabled and ${deviceStatusCondition('online', timeoutSeconds, p)}
     order by d.name, d.id limit ${GEO_LIST_DEFAULTS.cut}`,
    p.values,
  );
  return devicesByIds(
    q,
    rows.map((r) => r.id),
    timeoutSeconds,
  );
}

/** Per tenant of the subtree that has devices: how many are active, of how many, by tenant name. */
export async function activeByTenant(q: Queryable, scope: TenantScope, timeoutSeconds: number): Promise<ActiveDevicesOfTenant[]> {
  const p = sqlParams();
  const where = deviceVisible(scope, p);
  const online = deviceStatusCondition('online', timeoutSeconds, p);
  return q.query<ActiveDevicesOfTenant>(
    `select d.tenant_id as "tenantId", tn.name as "tenantName", count(*) filter (where not d.disabled and ${online})::int as active,
       count(*)::int as total
     from geo_devices d join tenants tn on tn.id = d.tenant_id where ${where} group by d.tenant_id, tn.name order by tn.name, d.tenant_id`,
    p.values,
  );
}
