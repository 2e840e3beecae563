/**
 * A device's status from its last contact (Traccar's rule): online when heard from within the timeout
 * (DEVICE_TIMEOUT_SECONDS, 600 s by default), offline after it, unknown when never heard from. The
 * browser refreshes it from lastUpdate with the same rule (deviceStatusOf in the contract).
 */
import type { DeviceStatus } from '@meridian/shared/contract/geo-device';
import type { SqlParams } from '../../db/sql-params';

/** SQL: the status of device `alias` now, the timeout a parameter. */
export const deviceStatusSql = (timeoutSeconds: number, p: SqlParams, alias = 'd') => {
  const timeout = p.add(timeoutSeconds);
  return `(case when ${alias}.last_update is null then 'unknown'
    when ${alias}.last_update >= now() - make_interval(secs => ${timeout}::int) then 'online' else 'offline' end)`;
};

/** SQL condition: device `alias` has the status. */
export function deviceStatusCondition(status: DeviceStatus, timeoutSeconds: number, p: SqlParams, alias = 'd') {
  if (status === 'unknown') return `${alias}.last_update is null`;
  const since = `now() - make_interval(secs => ${p.add(timeoutSeconds)}::int)`;
  return status === 'online' ? `${alias}.last_update >= ${since}` : `${alias}.last_update < ${since}`;
}
