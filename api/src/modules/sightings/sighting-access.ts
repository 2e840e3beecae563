/**
 * Who sees which sightings and wanted vehicles. Staff (VEHICLES/REPOSSESSIONS or VEHICLES) see every sighting
 * of the acting subtree and every dispatched vehicle. A field spotter (VEHICLES/SIGHTINGS alone) sees only the
 * sightings they reported, and only the wanted list: repossessions of the subtree in an open status that are
 * dispatched to their own spotter record or carry a published reward on an open dispatch.
 */
import { can } from '@meridian/shared/contract/access';
import { repossessions, sightings, wanted } from '@meridian/shared/contract/areas/vehicles';
import type { SightingStatus } from '@meridian/shared/contract/sighting';
import { WANTED_STATUSES } from '@meridian/shared/contract/sighting';
import type { Principal, TenantScope } from '../../auth/principal';
import { allow, grantsOf } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';
import { spotterOfUser } from '../spotters/spotter-access';

export const SIGHTING_READERS = allow(sightings, 'read');
export const SIGHTING_CREATORS = allow(sightings, 'create');
export const SIGHTING_EDITORS = allow(sightings, 'edit');
export const SIGHTING_DELETERS = allow(sightings, 'delete');
export const SIGHTING_CONFIRMERS = allow(sightings, 'confirm');
export const WANTED_READERS = allow(wanted, 'read');

/** The caller as the sightings see them: staff, or a field spotter with (perhaps) a spotter record. */
export interface SightingCaller {
  scope: TenantScope;
  userId: string;
  staff: boolean;
  spotterId: string | null;
}

export async function sightingCaller(q: Queryable, principal: Principal, scope: TenantScope): Promise<SightingCaller> {
  return {
    scope,
    userId: principal.userId,
    staff: can(principal, grantsOf(repossessions, 'read')),
    spotterId: await spotterOfUser(q, principal.userId),
  };
}

/** SQL condition: sighting `g` is live, in the subtree, and (for a field spotter) their own. */
export const sightingVisible = (caller: SightingCaller, p: SqlParams, alias = 'g') =>
  `${alias}.deleted_at is null and ${inScope(`${alias}.tenant_id`, caller.scope, p)}${
    caller.staff ? '' : ` and ${alias}.reported_user_id = ${p.add(caller.userId)}`
  }`;

/** SQL condition: an open dispatch `d` of repossession `r` puts it on the caller's wanted list. */
export const dispatchShows = (caller: SightingCaller, p: SqlParams) =>
  caller.staff
    ? `d.status = 'Open'`
    : `d.status = 'Open' and (d.spotter_id = ${p.add(caller.spotterId)}::uuid or exists (
         select 1 from repossession_rewards rw where rw.dispatch_id = d.id and rw.published))`;

/** SQL condition: repossession `r` is on the caller's wanted list. */
export const onWantedList = (caller: SightingCaller, p: SqlParams) =>
  `r.deleted_at is null and ${inScope('r.tenant_id', caller.scope, p)} and r.status = any(${p.add(WANTED_STATUSES)}::text[])
   and exists (select 1 from repossession_dispatches d where d.repossession_id = r.id and ${dispatchShows(caller, p)})`;

export interface VisibleSighting {
  id: string;
  tenant_id: string;
  repossession_id: string;
  status: SightingStatus;
  reported_user_id: string;
  photo_stored_name: string | null;
  photo_content_type: string | null;
}

export async function visibleSighting(q: Queryable, caller: SightingCaller, id: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const row = await q.one<VisibleSighting>(
    `select g.id, g.tenant_id, g.repossession_id, g.status, g.reported_user_id, g.photo_stored_name, g.photo_content_type
     from vehicle_sightings g where g.id = $1 and ${sightingVisible(caller, p)}${options.lock ? ' for update of g' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Sighting');
  return row;
}
