/** Shared steps of the recovery field tests: a repossession to work on, spotters and third parties, a signed-in field spotter. */
import assert from 'node:assert/strict';
import type { Dispatch } from '@meridian/shared/contract/dispatch';
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import type { SpotterDetails } from '@meridian/shared/contract/spotter';
import type { ThirdPartyDetails } from '@meridian/shared/contract/third-party';
import type { VehicleDetails } from '@meridian/shared/contract/vehicle';
import type { Actor, TestServer } from './harness';

let serial = 0;
const next = () => {
  serial += 1;
  return `${process.pid % 1000}${serial}`;
};

export async function raiseRepossession(actor: Actor, vehicle: Record<string, unknown> = {}): Promise<RepossessionDetails> {
  const made = await actor.call<VehicleDetails>('POST', '/api/vehicles', {
    body: { registrationNumber: `RF ${next()} GP`, make: 'Toyota', model: 'Etios', colour: 'Red', ...vehicle },
  });
  assert.equal(made.status, 201, made.text);
  const raised = await actor.call<RepossessionDetails>('POST', '/api/vehicles/repossessions', {
    body: { vehicleId: made.body.data.id, reason: 'Arrears', notes: 'Debtor Mr Secret Person, ID 8001015009087' },
  });
  assert.equal(raised.status, 201, raised.text);
  return raised.body.data;
}

export async function newSpotter(actor: Actor, body: Record<string, unknown> = {}): Promise<SpotterDetails> {
  const made = await actor.call<SpotterDetails>('POST', '/api/vehicles/agent', { body: { name: `Spotter ${next()}`, ...body } });
  assert.equal(made.status, 201, made.text);
  return made.body.data;
}

export async function newThirdParty(actor: Actor, body: Record<string, unknown> = {}): Promise<ThirdPartyDetails> {
  const made = await actor.call<ThirdPartyDetails>('POST', '/api/vehicles/third-party', {
    body: { name: `Recoveries ${next()}`, ...body },
  });
  assert.equal(made.status, 201, made.text);
  return made.body.data;
}

export async function dispatch(actor: Actor, body: Record<string, unknown>): Promise<Dispatch> {
  const made = await actor.call<Dispatch>('POST', '/api/vehicles/repossessions-dispatch', { body });
  assert.equal(made.status, 201, made.text);
  return made.body.data;
}

/** A signed-in user of Meridian Lending holding VEHICLES/SIGHTINGS only, linked to a new spotter record (unless told not to). */
export async function fieldSpotter(s: TestServer, staff: Actor, options: { linked?: boolean } = {}) {
  const actor = await s.actorWith(`field-spotter-${next()}`, ['VEHICLES/SIGHTINGS']);
  const spotter = options.linked === false ? null : await newSpotter(staff, { userId: actor.userId });
  return { actor, spotter };
}
