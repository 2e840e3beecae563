/**
 * Sighting writes. A field spotter reports only vehicles on their wanted list and changes or deletes only
 * their own sightings while unconfirmed; staff report any looked-for repossession of the subtree, and confirm
 * a sighting, which moves a Dispatched repossession to Sighted through the workflow (recorded in its history).
 */
import type { RepossessionStatus } from '@meridian/shared/contract/repossession';
import { WANTED_STATUSES, type SightingCreate, type SightingUpdate } from '@meridian/shared/contract/sighting';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { conflict, forbidden, notFound } from '../../http/errors';
import { visibleRepossession, type VisibleRepossession } from '../repossessions/repossession-access';
import { illegalMoveMessage, moveRepossession } from '../repossessions/repossession-write';
import { onWantedList, type SightingCaller, type VisibleSighting } from './sighting-access';

/** The repossession a caller may report a sighting of: any looked-for one for staff, one on the wanted list for a spotter. */
export async function reportableRepossession(q: Queryable, caller: SightingCaller, id: string): Promise<VisibleRepossession> {
  if (caller.staff) {
    const repossession = await visibleRepossession(q, caller.scope, id);
    if (!(WANTED_STATUSES as readonly RepossessionStatus[]).includes(repossession.status))
      throw conflict(`A ${repossession.status} repossession is no longer looked for: its sightings are closed.`);
    return repossession;
  }
  const p = sqlParams([id]);
  const row = await q.one<VisibleRepossession>(
    `select r.id, r.tenant_id, r.vehicle_id, r.status from repossessions r where r.id = $1 and ${onWantedList(caller, p)}`,
    p.values,
  );
  if (!row) throw notFound('Repossession');
  return row;
}

export async function createSighting(q: Queryable, caller: SightingCaller, input: SightingCreate): Promise<string> {
  const repossession = await reportableRepossession(q, caller, input.repossessionId);
  const row = await q.one<{ id: string }>(
    `insert into vehicle_sightings (tenant_id, repossession_id, latitude, longitude, accuracy, seen_at, note, spotter_id, reported_user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      repossession.tenant_id,
      repossession.id,
      input.latitude,
      input.longitude,
      input.accuracy,
      input.seenAt ?? new Date(),
      input.note,
      caller.spotterId,
      caller.userId,
    ],
  );
  return row!.id;
}

/** Staff change any sighting they see; a spotter only their own (visibility sees to that) while it is unconfirmed. */
export function assertMayChange(caller: SightingCaller, sighting: VisibleSighting) {
  if (!caller.staff && sighting.status === 'Confirmed') throw forbidden('This sighting is confirmed: only staff change it now.');
}

export async function updateSighting(q: Queryable, caller: SightingCaller, sighting: VisibleSighting, input: SightingUpdate) {
  assertMayChange(caller, sighting);
  await q.query(
    `update vehicle_sightings set latitude = $1, longitude = $2, accuracy = $3, seen_at = coalesce($4, seen_at), note = $5, date_modified = now()
     where id = $6`,
    [input.latitude, input.longitude, input.accuracy, input.seenAt ?? null, input.note, sighting.id],
  );
}

export async function deleteSighting(q: Queryable, caller: SightingCaller, sighting: VisibleSighting) {
  assertMayChange(caller, sighting);
  await q.query(`update vehicle_sightings set deleted_at = now(), date_modified = now() where id = $1`, [sighting.id]);
}

/** Confirms the sighting; a Dispatched repossession moves to Sighted, a Sighted one stays, any other status is a 409. */
export async function confirmSighting(q: Queryable, caller: SightingCaller, sighting: VisibleSighting, note: string | null) {
  if (sighting.status === 'Confirmed') throw conflict('This sighting is confirmed already.');
  const repossession = await visibleRepossession(q, caller.scope, sighting.repossession_id, { lock: true });
  if (repossession.status === 'Dispatched')
    await moveRepossession(q, repossession, { to: 'Sighted', note: note ?? 'Sighting confirmed', userId: caller.userId });
  else if (repossession.status !== 'Sighted')
    throw conflict(`${illegalMoveMessage(repossession.status, 'Sighted')} The sighting stays unconfirmed.`);
  await q.query(
    `update vehicle_sightings set status = 'Confirmed', confirmed_user_id = $1, date_confirmed = now(), date_modified = now() where id = $2`,
    [caller.userId, sighting.id],
  );
}
