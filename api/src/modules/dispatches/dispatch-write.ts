/**
 * Dispatching a repossession to spotters and third parties, recording each dispatch's outcome, and
 * publishing rewards (contract/dispatch.ts says what success true and false mean). Status moves of the
 * repossession go through its workflow (moveRepossession), so its history records them.
 */
import type { DispatchCreate, DispatchStatusChange } from '@meridian/shared/contract/dispatch';
import type { RepossessionStatus } from '@meridian/shared/contract/repossession';
import { WANTED_STATUSES } from '@meridian/shared/contract/sighting';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { AppError, conflict, fieldError } from '../../http/errors';
import { visibleRepossession } from '../repossessions/repossession-access';
import { illegalMoveMessage, moveRepossession } from '../repossessions/repossession-write';
import { visibleSpotter, type VisibleParty } from '../spotters/spotter-access';
import { visibleThirdParty } from '../third-parties/third-party-access';
import { visibleDispatch, visibleReward } from './dispatch-access';

const isWanted = (status: RepossessionStatus) => (WANTED_STATUSES as readonly RepossessionStatus[]).includes(status);
/** Statuses in which the vehicle is back in the lender's hands: a dispatch may still be credited with it. */
const RECOVERED: readonly RepossessionStatus[] = ['Recovered', 'In storage', 'Listed', 'Sold'];

/** The party named, as a field error when the caller cannot see it (it names another object than the call's). */
async function partyOf(q: Queryable, scope: TenantScope, input: DispatchCreate): Promise<{ field: string; party: VisibleParty }> {
  const field = input.spotterId ? 'spotterId' : 'thirdPartyId';
  try {
    const party = input.spotterId
      ? await visibleSpotter(q, scope, input.spotterId, { lock: true })
      : await visibleThirdParty(q, scope, input.thirdPartyId!, { lock: true });
    if (!party.active) throw fieldError(field, `${party.name} is inactive: make them active before dispatching to them.`);
    return { field, party };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404)
      throw fieldError(field, input.spotterId ? 'There is no such spotter.' : 'There is no such third party.');
    throw error;
  }
}

export async function createDispatch(q: Queryable, scope: TenantScope, userId: string, input: DispatchCreate): Promise<string> {
  const repossession = await visibleRepossession(q, scope, input.repossessionId, { lock: true });
  if (!isWanted(repossession.status))
    throw conflict(`A ${repossession.status} repossession is not dispatched: only a New, Dispatched or Sighted one is looked for.`);
  const { field, party } = await partyOf(q, scope, input);
  const open = await q.one(
    `select 1 from repossession_dispatches where repossession_id = $1 and coalesce(spotter_id, third_party_id) = $2 and status = 'Open'`,
    [repossession.id, party.id],
  );
  if (open) throw conflict(`This repossession is dispatched to ${party.name} already.`, { [field]: ['Dispatched to them already.'] });
  const row = await q.one<{ id: string }>(
    `insert into repossession_dispatches (tenant_id, repossession_id, spotter_id, third_party_id, note, dispatched_user_id)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [repossession.tenant_id, repossession.id, input.spotterId ?? null, input.thirdPartyId ?? null, input.note, userId],
  );
  if (input.reward)
    await q.query(`insert into repossession_rewards (dispatch_id, tenant_id, amount_minor, currency) values ($1, $2, $3, $4)`, [
      row!.id,
      repossession.tenant_id,
      input.reward.amountMinor,
      input.reward.currency,
    ]);
  if (repossession.status === 'New')
    await moveRepossession(q, repossession, { to: 'Dispatched', note: input.note ?? `Dispatched to ${party.name}`, userId });
  return row!.id;
}

const closeDispatch = (q: Queryable, id: string, status: 'Succeeded' | 'Failed', userId: string) =>
  q.query(`update repossession_dispatches set status = $1, date_closed = now(), closed_user_id = $2 where id = $3`, [status, userId, id]);

/**
 * success true: this dispatch recovered the vehicle (its reward earned; the repossession moves to Recovered
 * unless it is there or further already; the other open dispatches close as Failed). false: it is closed as
 * Failed. Either way the rewards that no longer stand leave the wanted list.
 */
export async function setDispatchOutcome(q: Queryable, scope: TenantScope, userId: string, change: DispatchStatusChange) {
  const dispatch = await visibleDispatch(q, scope, change.dispatchId);
  if (dispatch.status !== 'Open') throw conflict(`This dispatch is closed already (${dispatch.status}).`);
  if (!change.success) {
    await closeDispatch(q, dispatch.id, 'Failed', userId);
    await q.query(`update repossession_rewards set published = false, date_published = null where dispatch_id = $1`, [dispatch.id]);
    return;
  }
  const repossession = await visibleRepossession(q, scope, dispatch.repossession_id, { lock: true });
  if (repossession.status === 'Dispatched' || repossession.status === 'Sighted')
    await moveRepossession(q, repossession, { to: 'Recovered', note: change.note ?? `Recovered by ${dispatch.assignee}`, userId });
  else if (!RECOVERED.includes(repossession.status))
    throw conflict(`${illegalMoveMessage(repossession.status, 'Recovered')} The dispatch cannot be credited with a recovery.`);
  await closeDispatch(q, dispatch.id, 'Succeeded', userId);
  await q.query(
    `update repossession_dispatches set status = 'Failed', date_closed = now(), closed_user_id = $1
     where repossession_id = $2 and status = 'Open'`,
    [userId, dispatch.repossession_id],
  );
  await q.query(
    `update repossession_rewards set published = false, date_published = null
     where dispatch_id in (select id from repossession_dispatches where repossession_id = $1)`,
    [dispatch.repossession_id],
  );
}

/** Publishes (every spotter of the tenant sees the vehicle and its reward) or withdraws a reward; answers its dispatch. */
export async function publishReward(q: Queryable, scope: TenantScope, rewardId: string, publish: boolean): Promise<string> {
  const reward = await visibleReward(q, scope, rewardId);
  if (publish) {
    if (reward.dispatch_status !== 'Open')
      throw conflict(`Its dispatch is closed (${reward.dispatch_status}): only the reward of an open dispatch is published.`);
    const repossession = await visibleRepossession(q, scope, reward.repossession_id);
    if (!isWanted(repossession.status)) throw conflict(`A ${repossession.status} repossession is no longer looked for.`);
  }
  await q.query(
    `update repossession_rewards set published = $1, date_published = case when $1 then coalesce(date_published, now()) end where id = $2`,
    [publish, reward.id],
  );
  return reward.dispatch_id;
}
