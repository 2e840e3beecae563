/**
 * Who may do what with geofences and points of interest, and which a caller sees: the live fences of
 * the acting tenant's subtree; anything else answers 404. A device is tested against fences of its own
 * tenant or above it, so a link joins a device to such a fence only.
 */
import { deviceGeofences, geofences } from '@meridian/shared/contract/areas/tracking';
import type { GeofenceType } from '@meridian/shared/contract/geofence';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const GEOFENCE_READERS = allow(geofences, 'read');
export const GEOFENCE_CREATORS = allow(geofences, 'create');
export const GEOFENCE_EDITORS = allow(geofences, 'edit');
export const GEOFENCE_DELETERS = allow(geofences, 'delete');
export const LINK_READERS = allow(deviceGeofences, 'read');
export const LINK_EDITORS = allow(deviceGeofences, 'edit');

/** SQL condition: fence `g` is live and in the acting subtree. */
export const geofenceVisible = (scope: TenantScope, p: SqlParams, alias = 'g') =>
  `${alias}.deleted_at is null and ${inScope(`${alias}.tenant_id`, scope, p)}`;

export interface VisibleGeofence {
  id: string;
  tenant_id: string;
  type: GeofenceType;
}

const WHAT: Record<GeofenceType, string> = { geofence: 'Geofence', poi: 'Point of interest' };

/** The fence if the caller's subtree holds it (and, when `type` is given, it is of that type), else 404. */
export async function visibleGeofence(
  q: Queryable,
  scope: TenantScope,
  id: string,
  options: { type?: GeofenceType; lock?: boolean } = {},
): Promise<VisibleGeofence> {
  const p = sqlParams([id]);
  const typed = options.type ? ` and g.type = ${p.add(options.type)}` : '';
  const row = await q.one<VisibleGeofence>(
    `select g.id, g.tenant_id, g.type from geofences g where g.id = $1 and ${geofenceVisible(scope, p)}${typed}${options.lock ? ' for update of g' : ''}`,
    p.values,
  );
  if (!row) throw notFound(options.type ? WHAT[options.type] : 'Geofence');
  return row;
}
