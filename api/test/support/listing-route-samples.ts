/**
 * Route samples of the public listing and the bids (issue 20), joined into ROUTE_SAMPLES: Lending's
 * listed repossession (a vehicle with a photo, moved to Listed by the owner, the photo chosen for the
 * listing, one bid) is made on first use. The public routes open it through Meridian Lending's public
 * key from the demo data.
 */
import type { Fixtures, MatrixActor } from './route-matrix-fixtures';
import { LENDING_MARK, matrixPhotoForm } from './route-matrix-fixtures';
import type { Sample, SampleRequest } from './route-samples';

const DEMO_LISTING_KEY = 'meridian-lending';
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

async function made<T extends { id: string }>(
  f: Fixtures,
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string> },
) {
  const answer = await f.owner.call<T | T[]>(method, url, { tenant: f.tenants.lending, ...options });
  if (answer.status !== 201 && answer.status !== 200) throw new Error(`${method} ${url} answered ${answer.status}: ${answer.text}`);
  const data = answer.body.data;
  return Array.isArray(data) ? data[0]!.id : data.id;
}

interface Listed {
  repossession: string;
  photo: string;
  bid: string;
}

/** A Listed repossession of Lending (company level) with a listing photo and one bid from the public. */
async function newListed(f: Fixtures): Promise<Listed> {
  const vehicle = await made(f, 'POST', '/api/vehicles', {
    body: { registrationNumber: `${LENDING_MARK} ${unique()}`, make: LENDING_MARK, model: 'Hilux', year: 2021 },
  });
  const photo = await made(f, 'POST', `/api/vehicles/${vehicle}/photos`, await matrixPhotoForm());
  const repossession = await made(f, 'POST', '/api/vehicles/repossessions', { body: { vehicleId: vehicle } });
  for (const status of ['Dispatched', 'Recovered', 'In storage', 'Listed'])
    await made(f, 'PUT', '/api/vehicles/repossessions-status', { body: { id: repossession, status } });
  await made(f, 'PUT', '/api/vehicles/repossessions-publiclistingphoto', { body: { repossessionId: repossession, vehiclePhotoId: photo } });
  // Straight into the table: the public route's own throttle would otherwise count the fixtures' bids.
  const bid = await f.s.db.one<{ id: string }>(
    `insert into vehicle_bids (tenant_id, repossession_id, bidder_name, bidder_contact, amount_minor, currency)
     values ($1, $2, 'Matrix Bidder', '+27 82 555 0100', 10000000, 'ZAR') returning id`,
    [f.tenants.lending, repossession],
  );
  return { repossession, photo, bid: bid!.id };
}

const listedMade = new WeakMap<Fixtures, Listed>();
const listedMaking = new WeakMap<Fixtures, Promise<Listed>>();
function listed(f: Fixtures): Promise<Listed> {
  let making = listedMaking.get(f);
  if (!making) {
    making = newListed(f).then((one) => {
      listedMade.set(f, one);
      return one;
    });
    listedMaking.set(f, making);
  }
  return making;
}
/** The listed objects, once made (`holds` reads them after the call made them). */
const P = (f: Fixtures) => {
  const one = listedMade.get(f);
  if (!one) throw new Error('the listed repossession is made by the sample call first');
  return one;
};
const withListed =
  (call: (f: Fixtures, me: MatrixActor, one: Listed) => SampleRequest): Sample['call'] =>
  async (f, me) =>
    call(f, me, await listed(f));

const object = (call: Sample['call'], extra: Partial<Sample> = {}): Sample => ({ kind: 'object', call, ...extra });
const own = (call: Sample['call'], extra: Partial<Sample> = {}): Sample => ({ kind: 'own', call, ...extra });
const publicRoute = (call: Sample['call'], extra: Partial<Sample> = {}): Sample => ({ kind: 'public', call, ...extra });
const publicParams = (one: Listed) => ({ tenantKey: DEMO_LISTING_KEY, listingId: one.repossession });

export const LISTING_ROUTE_SAMPLES: Record<string, Sample> = {
  'GET /api/vehicles/repossessions/public-listing': own(
    withListed(() => ({ query: { size: 1000 } })),
    { holds: (f) => P(f).repossession },
  ),
  'PUT /api/vehicles/repossessions-publiclistingphoto': object(
    withListed((_f, _me, one) => ({ body: { repossessionId: one.repossession, vehiclePhotoId: one.photo } })),
    { holds: (f) => P(f).photo },
  ),
  'GET /api/vehicles/bids/:userId': own(
    withListed((_f, me) => ({ params: { userId: me.userId }, query: { size: 1000 } })),
    { holds: (f) => P(f).bid, rank: { changes: false, why: 'the id names whose subtree to list; it shows bids, acting on no account' } },
  ),
  'PUT /api/vehicles/bids-accept': object(async (f) => ({ body: { bidId: (await newListed(f)).bid } })),
  'GET /api/public/listing/:tenantKey': publicRoute(withListed(() => ({ params: { tenantKey: DEMO_LISTING_KEY } }))),
  'GET /api/public/listing/:tenantKey/:listingId': publicRoute(withListed((_f, _me, one) => ({ params: publicParams(one) }))),
  'GET /api/public/listing/:tenantKey/:listingId/photo': publicRoute(
    withListed((_f, _me, one) => ({ params: publicParams(one) })),
    { binary: true },
  ),
  'POST /api/public/listing/:tenantKey/:listingId/bids': publicRoute(
    withListed((_f, _me, one) => ({
      params: publicParams(one),
      body: { name: 'Matrix Bidder', contact: 'bidder@example.com', amountMinor: 12_000_000 },
    })),
  ),
};
