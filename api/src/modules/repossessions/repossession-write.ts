/**
 * Repossession writes and the status workflow (contract/repossession.ts names the moves). Every move,
 * and the raising itself, leaves a history row: who, when, from, to and a note. A vehicle has at most
 * one open repossession; its status follows the repossession (under repossession, recovered, sold, or
 * back to active when returned or cancelled).
 */
import {
  canMoveRepossession,
  FINAL_REPOSSESSION_STATUSES,
  REPOSSESSION_MOVES,
  type RepossessionCreate,
  type RepossessionStatus,
  type RepossessionUpdate,
} from '@meridian/shared/contract/repossession';
import type { VehicleStatus } from '@meridian/shared/contract/vehicle';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { AppError, conflict, fieldError } from '../../http/errors';
import { visibleVehicle } from '../vehicles/vehicle-access';
import type { VisibleRepossession } from './repossession-access';

/** What the vehicle's own status becomes when its repossession reaches a status. */
const VEHICLE_STATUS_AT: Record<RepossessionStatus, VehicleStatus> = {
  New: 'repossession',
  Dispatched: 'repossession',
  Sighted: 'repossession',
  Recovered: 'recovered',
  'In storage': 'recovered',
  Listed: 'recovered',
  Sold: 'sold',
  Returned: 'active',
  Cancelled: 'active',
};

async function recordMove(
  q: Queryable,
  repossessionId: string,
  move: { from: RepossessionStatus | null; to: RepossessionStatus; note: string | null; userId: string },
) {
  await q.query(`insert into repossession_history (repossession_id, from_status, to_status, note, user_id) values ($1, $2, $3, $4, $5)`, [
    repossessionId,
    move.from,
    move.to,
    move.note,
    move.userId,
  ]);
}

const setVehicleStatus = (q: Queryable, vehicleId: string, status: RepossessionStatus) =>
  q.query(`update vehicles set status = $1, date_modified = now() where id = $2`, [VEHICLE_STATUS_AT[status], vehicleId]);

export async function createRepossession(q: Queryable, scope: TenantScope, userId: string, input: RepossessionCreate): Promise<string> {
  let vehicle;
  try {
    vehicle = await visibleVehicle(q, scope, input.vehicleId, { lock: true });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw fieldError('vehicleId', 'There is no such vehicle.');
    throw error;
  }
  const open = await q.one<{ status: string }>(
    `select status from repossessions where vehicle_id = $1 and deleted_at is null and status <> all($2::text[])`,
    [vehicle.id, FINAL_REPOSSESSION_STATUSES],
  );
  if (open)
    throw conflict(`This vehicle already has an open repossession (${open.status}).`, {
      vehicleId: ['This vehicle already has an open repossession.'],
    });
  const row = await q.one<{ id: string }>(
    `insert into repossessions (vehicle_id, tenant_id, reason, notes, created_user_id) values ($1, $2, $3, $4, $5) returning id`,
    [vehicle.id, vehicle.tenant_id, input.reason, input.notes, userId],
  );
  await recordMove(q, row!.id, { from: null, to: 'New', note: input.reason, userId });
  await setVehicleStatus(q, vehicle.id, 'New');
  return row!.id;
}

export async function updateRepossession(q: Queryable, repossession: VisibleRepossession, input: RepossessionUpdate) {
  await q.query(`update repossessions set reason = $1, notes = $2, date_modified = now() where id = $3`, [
    input.reason,
    input.notes,
    repossession.id,
  ]);
}

/** The message of a refused move: both states, and where the current one may go. */
export function illegalMoveMessage(from: RepossessionStatus, to: RepossessionStatus) {
  const allowed = REPOSSESSION_MOVES[from];
  const next = allowed.length ? `From ${from} it may move to ${allowed.join(', ')}.` : `${from} is final.`;
  return from === to ? `The repossession is already ${from}.` : `A repossession cannot move from ${from} to ${to}. ${next}`;
}

export async function moveRepossession(
  q: Queryable,
  repossession: VisibleRepossession,
  move: { to: RepossessionStatus; note: string | null; userId: string },
) {
  if (!canMoveRepossession(repossession.status, move.to)) throw conflict(illegalMoveMessage(repossession.status, move.to));
  await q.query(`update repossessions set status = $1, date_modified = now() where id = $2`, [move.to, repossession.id]);
  await recordMove(q, repossession.id, { from: repossession.status, ...move });
  await setVehicleStatus(q, repossession.vehicle_id, move.to);
}

/** Soft; an open repossession's vehicle goes back to active (a closed one's status stays as the workflow left it). */
export async function deleteRepossession(q: Queryable, repossession: VisibleRepossession) {
  await q.query(`update repossessions set deleted_at = now(), date_modified = now() where id = $1`, [repossession.id]);
  if (!FINAL_REPOSSESSION_STATUSES.includes(repossession.status)) await setVehicleStatus(q, repossession.vehicle_id, 'Cancelled');
}
