/**
 * One sample per route of the API's route table (buildApp(...).routes), keyed `METHOD /api/path/:param`:
 * how to fill the call with real objects of Meridian Lending, who may make it, what its answer must
 * hold, and, where a route cannot fit a check of the matrix, the reason. The matrix
 * (route-matrix.test.ts) fails on any route without a sample here, so a new route cannot slip by.
 *
 * Kinds:
 * - object: the call names objects of Meridian Lending; a caller from anywhere else is refused.
 * - own: the call acts on the caller's own tenant or self (lists, reports, creating in one's own tenant);
 *   a caller from elsewhere may succeed, but their answer holds none of Lending's rows.
 * - public: no sign-in; only the signed-out check applies.
 */
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';
import { dayAt } from '../../src/modules/agent/day-window';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { absolutePath, recordRunDone, recordRunStart } from '../../src/modules/report-runs/report-file-store';
import { openCsvWriter } from '../../src/modules/report-runs/csv-report-writer';
import sharp from 'sharp';
import path from 'node:path';
import type { Fixtures, MatrixActor, Side } from './route-matrix-fixtures';
import { LENDING_MARK, matrixPhotoForm, matrixSquare, matrixUniqueId } from './route-matrix-fixtures';
import type { DeletedCount } from '@meridian/shared/contract/deletion';
import type { IdOnly } from '@meridian/shared/contract/answer-fields';
import { EMPTY_GUID } from '@meridian/shared/constants';
import type { ShareLinkCreated } from '@meridian/shared/contract/share-link';
import { addStop, addTrip } from './tracking-rows';
import { LISTING_ROUTE_SAMPLES } from './listing-route-samples';
import { CSV_IMPORT_ROUTE_SAMPLES } from './csv-import-route-samples';
import { SCHEDULED_REPORT_ROUTE_SAMPLES } from './scheduled-report-route-samples';
import { DEMO_USSD } from '../../src/seed/demo-ussd';

export interface SampleRequest {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Target {
  id: string;
  userName: string;
  email: string;
}

/** Whether a call on another user's account must be refused when that user outranks the caller. */
export type RankRule =
  { changes: true; call(f: Fixtures, target: Target): SampleRequest | Promise<SampleRequest> } | { changes: false; why: string };

export interface Sample {
  kind: 'object' | 'own' | 'public';
  /** The permitted call (and, unchanged, the call callers from elsewhere make). `me` is the caller. */
  call(f: Fixtures, me: MatrixActor): SampleRequest | Promise<SampleRequest>;
  /** Who makes the permitted call; Meridian Lending's company administrator when absent. */
  actor?(f: Fixtures): MatrixActor;
  /** Routes without a permission: the call a signed-in user without any permission makes on their own data. */
  own?(f: Fixtures, me: MatrixActor): SampleRequest | Promise<SampleRequest>;
  /** Routes without a permission that still refuse such a user, and why. */
  withoutPermission?: { status: number; why: string };
  /** An id or mark the permitted answer's data must hold: proof that the reads below have rows to leak. */
  holds?(f: Fixtures): string;
  /** Counts, not rows: what changes them on Lending's side. The owner's answer must change; nobody else's. */
  stir?(f: Fixtures): Promise<unknown>;
  /** The answer is a file, not an envelope. */
  binary?: true;
  /** The call ends or replaces the caller's session, so it is made on a throwaway session. */
  freshSession?: true;
  /** Statuses a caller from elsewhere may get on an object call (default 403 or 404). */
  refusedWith?: number[];
  /** Lending's objects the Johannesburg Branch legitimately sees or uses, and why. */
  fromBelow?: { why: string; marks(f: Fixtures): string[]; allowed?: true };
  rank?: RankRule;
}

let counter = 0;
const unique = () => {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
};
const letters = () => unique().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
// The demo tenants' day, not UTC's: from 22:00 to 24:00 UTC Johannesburg is already on the next day,
// and a UTC date is then yesterday to the server (a plan for a past day is refused).
const day = (offsetDays = 0) => dayAt(new Date(Date.now() + offsetDays * 86_400_000), SETTING_DEFAULTS.timeZone);
const L = (f: Fixtures) => f.lending;
const search = (extra: Record<string, string | number> = {}) => ({ query: { search: 'matrix', size: 100, ...extra } });
const reads = (why: string): RankRule => ({ changes: false, why });
const SHOWS_ONLY = reads('it only shows the user; showing is not acting on their account');
const LISTS_USERS = reads('the id names a tenant or team, not a user: it lists users, acting on none');
const SPOTTER_NOT_ACCOUNT = reads(
  "a spotter (the spec's agent) is a record of the recovery business: linking it only shows the account the vehicles dispatched to it; the account and its privileges stay as they are",
);
const WORK_NOT_ACCOUNT = reads('it gives the user work (or records work about them); their account and privileges stay as they are');
const object = (call: Sample['call'], extra: Partial<Sample> = {}): Sample => ({ kind: 'object', call, ...extra });
const own = (call: Sample['call'], extra: Partial<Sample> = {}): Sample => ({ kind: 'own', call, ...extra });
const publicRoute = (call: Sample['call']): Sample => ({ kind: 'public', call });
const none = () => ({});
const assetCatalogueFromBelow = (marks: (f: Fixtures) => string[]): Sample['fromBelow'] => ({
  why: "a company's asset groups and categories are its branches' catalogue too: seen and chosen from below, changed only from the owner (asset-access.ts)",
  marks: (f) => [...marks(f), LENDING_MARK],
});
const vehicleCatalogueFromBelow = (marks: (f: Fixtures) => string[]): Sample['fromBelow'] => ({
  why: "a company's vehicle reference lists and bluebook values are its branches' catalogue too: read from below, changed only from the owner (vehicle-access.ts, bluebook-access.ts)",
  marks: (f) => [...marks(f), LENDING_MARK],
});
const loanCatalogueFromBelow = (marks: (f: Fixtures) => string[]): Sample['fromBelow'] => ({
  why: "a company's loan products are its branches' catalogue too: chosen from below, changed only from the owner (loan-product-access.ts)",
  marks: (f) => [...marks(f), LENDING_MARK],
});
const ownRolesFromBelow: Sample['fromBelow'] = {
  why: "a tenant's roles are seen (and given) from its subtree, so a branch can hand out its company's roles (roles-routes VISIBLE)",
  marks: (f) => [f.lending.role, LENDING_MARK],
};

/**
 * The matrix's installation serves an offline map archive (MAP_PMTILES_FILE) from its own data folder,
 * set up on first use: the route reads the setting per call, and without an archive it answers 404.
 */
async function withOfflineArchive(f: Fixtures): Promise<SampleRequest> {
  if (!f.s.config.mapPmtilesFile) {
    await writeFile(path.join(f.s.config.dataDir, 'matrix-map.pmtiles'), Buffer.alloc(16_384, 7));
    f.s.config.mapPmtilesFile = 'matrix-map.pmtiles';
  }
  return {};
}

/** A refresh token of a new session of the Lending agent (signed in as a device, so it comes in the body). */
async function refreshTokenOf(f: Fixtures): Promise<string> {
  const token = (await f.agentActor.freshSession()).session.refreshToken;
  if (!token) throw new Error('a device sign-in answered no refresh token');
  return token;
}

/** Mails kept in the outbox carry the links a new user receives; the token is the link's last part. */
async function tokenFromMail(f: Fixtures, email: string, kind: string, marker: string) {
  const mail = await f.s.db.one<{ body_text: string }>(
    `select body_text from outbox_emails where lower(to_address) = lower($1) and kind = $2 order by date_created desc limit 1`,
    [email, kind],
  );
  return mail!.body_text.split(marker)[1]!.split(/\s/)[0]!.split('/');
}

export const ROUTE_SAMPLES: Record<string, Sample> = {
  // Vehicles (issue 20): Lending's objects are made on first use (vehicleObjects below).
  'GET /api/vehicles': own(
    withVehicleObjects((f) => ({ query: { search: V(f).registration } })),
    { holds: (f) => V(f).vehicle },
  ),
  'GET /api/vehicles/details/:id': object(async (f) => ({ params: { id: (await vehicleObjects(f)).vehicle } }), {
    holds: (f) => V(f).vehicle,
  }),
  'GET /api/vehicles/regNumber/:reg': object(async (f) => ({ params: { reg: (await vehicleObjects(f)).registration } }), {
    holds: (f) => V(f).vehicle,
  }),
  'POST /api/vehicles': own(() => ({ body: { registrationNumber: `MX ${unique()}`, make: 'Matrix Motors' } })),
  'PUT /api/vehicles/:id': object(async (f) => ({
    params: { id: (await vehicleObjects(f)).vehicle },
    body: { registrationNumber: V(f).registration, make: LENDING_MARK, model: `Edited ${unique()}` },
  })),
  'POST /api/vehicles/delete': object(async (f) => ({ body: { id: await newVehicle(f) } })),
  'GET /api/vehicles/:id/photos': object(async (f) => ({ params: { id: (await vehicleObjects(f)).vehicle } }), {
    holds: (f) => V(f).photo,
  }),
  'POST /api/vehicles/:id/photos': object(async (f) => ({
    params: { id: (await vehicleObjects(f)).vehicle },
    ...(await matrixPhotoForm()),
  })),
  'GET /api/vehicles/:id/photos/:photoId': object(
    async (f) => ({ params: { id: (await vehicleObjects(f)).vehicle, photoId: V(f).photo } }),
    {
      binary: true,
    },
  ),
  'GET /api/vehicles/:id/photos/:photoId/thumbnail': object(
    async (f) => ({ params: { id: (await vehicleObjects(f)).vehicle, photoId: V(f).photo } }),
    { binary: true },
  ),
  'POST /api/vehicles/photo-delete': object(async (f) => ({ body: { id: await newVehiclePhoto(f, (await vehicleObjects(f)).vehicle) } })),
  'POST /api/vehicles/exist': own(async (f) => ({ body: { registrationNumber: (await vehicleObjects(f)).registration } })),
  'GET /api/vehicles/features': own(
    withVehicleObjects(() => ({})),
    {
      holds: (f) => V(f).feature,
      fromBelow: vehicleCatalogueFromBelow((f) => [V(f).feature]),
    },
  ),
  'GET /api/vehicles/features/:id': object(async (f) => ({ params: { id: (await vehicleObjects(f)).feature } }), {
    holds: (f) => V(f).feature,
    fromBelow: { ...vehicleCatalogueFromBelow((f) => [V(f).feature])!, allowed: true },
  }),
  'GET /api/vehicles/attributes': own(
    withVehicleObjects(() => ({})),
    {
      holds: (f) => V(f).attribute,
      fromBelow: vehicleCatalogueFromBelow((f) => [V(f).attribute]),
    },
  ),
  'GET /api/vehicles/attributes/:id': object(async (f) => ({ params: { id: (await vehicleObjects(f)).attribute } }), {
    holds: (f) => V(f).attribute,
    fromBelow: { ...vehicleCatalogueFromBelow((f) => [V(f).attribute])!, allowed: true },
  }),
  'GET /api/vehicles/categories': own(
    withVehicleObjects(() => ({})),
    {
      holds: (f) => V(f).category,
      fromBelow: vehicleCatalogueFromBelow((f) => [V(f).category]),
    },
  ),
  'GET /api/vehicles/repossessions/:userId': own(
    withVehicleObjects((_f, me) => ({ params: { userId: me.userId } })),
    {
      holds: (f) => V(f).repossession,
      rank: SHOWS_ONLY,
    },
  ),
  'GET /api/vehicles/repossession/:id': object(async (f) => ({ params: { id: (await vehicleObjects(f)).repossession } }), {
    holds: (f) => V(f).repossession,
  }),
  'POST /api/vehicles/repossessions': object(async (f) => ({ body: { vehicleId: await newVehicle(f), reason: 'Matrix arrears' } }), {
    refusedWith: [400],
  }),
  'PUT /api/vehicles/repossessions/:id': object(async (f) => ({
    params: { id: (await vehicleObjects(f)).repossession },
    body: { reason: `Matrix ${unique()}` },
  })),
  'PUT /api/vehicles/repossessions-status': object(async (f) => ({ body: { id: await newRepossession(f), status: 'Dispatched' } })),
  'POST /api/vehicles/repossessions-delete': object(async (f) => ({ body: { id: await newRepossession(f) } })),
  'GET /api/vehicles/bluebook': own(
    withVehicleObjects(() => ({ query: { size: 1000 } })),
    {
      holds: (f) => V(f).bluebook,
      fromBelow: vehicleCatalogueFromBelow((f) => [V(f).bluebook]),
    },
  ),
  'GET /api/vehicles/bluebook/:id': object(async (f) => ({ params: { id: (await vehicleObjects(f)).bluebook } }), {
    holds: (f) => V(f).bluebook,
    fromBelow: { ...vehicleCatalogueFromBelow((f) => [V(f).bluebook])!, allowed: true },
  }),
  'POST /api/vehicles/bluebook': own(() => ({
    body: { make: 'Matrix Motors', model: unique(), year: 2020, valueMinor: 100_00, currency: 'ZAR' },
  })),
  'PUT /api/vehicles/bluebook/:id': object(async (f) => ({
    params: { id: (await vehicleObjects(f)).bluebook },
    body: { make: LENDING_MARK, model: V(f).bluebookModel, year: 2020, valueMinor: 250_000_00, currency: 'ZAR' },
  })),
  'DELETE /api/vehicles/bluebook/:id': object(async (f) => ({ params: { id: await newBluebook(f) } })),
  // The public listing and bids (listing-route-samples.ts).
  ...LISTING_ROUTE_SAMPLES,
  // CSV imports (issue 21; csv-import-route-samples.ts).
  ...CSV_IMPORT_ROUTE_SAMPLES,
  ...SCHEDULED_REPORT_ROUTE_SAMPLES,
  // Recovery field work (issue 20): Lending's spotters, third parties, dispatches and sightings (recoveryObjects below).
  'GET /api/vehicles/repossessionsdispatch/:id': object(async (f) => ({ params: { id: (await recoveryObjects(f)).repossession } }), {
    holds: (f) => R(f).dispatch,
  }),
  'POST /api/vehicles/repossessions-dispatch': object(async (f) => ({
    body: {
      repossessionId: await newRepossession(f),
      spotterId: (await recoveryObjects(f)).spotter,
      reward: { amountMinor: 100_00, currency: 'ZAR' },
    },
  })),
  'PUT /api/vehicles/repossessions-dispatch-status': object(async (f) => ({
    body: { dispatchId: (await newDispatch(f)).id, success: true },
  })),
  'PUT /api/vehicles/repossessions-publish': object(async (f) => ({ body: { rewardId: (await newDispatch(f)).rewardId, success: true } })),
  'GET /api/vehicles/agent': own(
    withRecoveryObjects(() => ({ query: { search: LENDING_MARK } })),
    { holds: (f) => R(f).spotter },
  ),
  'GET /api/vehicles/agent/:id': object(async (f) => ({ params: { id: (await recoveryObjects(f)).spotter } }), {
    holds: (f) => R(f).spotter,
  }),
  'POST /api/vehicles/agent': own(() => ({ body: { name: `Matrix spotter ${unique()}` } }), { rank: SPOTTER_NOT_ACCOUNT }),
  'PUT /api/vehicles/agent/:id': object(
    async (f) => ({
      params: { id: (await recoveryObjects(f)).spotter },
      body: { name: `${LENDING_MARK} spotter ${unique()}` },
    }),
    { rank: SPOTTER_NOT_ACCOUNT },
  ),
  'GET /api/vehicles/third-party': own(
    withRecoveryObjects(() => ({ query: { search: LENDING_MARK } })),
    { holds: (f) => R(f).thirdParty },
  ),
  'GET /api/vehicles/third-party/:id': object(async (f) => ({ params: { id: (await recoveryObjects(f)).thirdParty } }), {
    holds: (f) => R(f).thirdParty,
  }),
  'POST /api/vehicles/third-party': own(() => ({ body: { name: `Matrix recoveries ${unique()}` } })),
  'PUT /api/vehicles/third-party/:id': object(async (f) => ({
    params: { id: (await recoveryObjects(f)).thirdParty },
    body: { name: `${LENDING_MARK} recoveries ${unique()}` },
  })),
  'GET /api/vehicles/sightings': own(
    withRecoveryObjects(() => ({ query: { size: 1000 } })),
    { holds: (f) => R(f).sighting },
  ),
  'POST /api/vehicles/sightings': object(async (f) => ({
    body: { repossessionId: (await recoveryObjects(f)).repossession, ...MATRIX_SPOT },
  })),
  'GET /api/vehicles/sightings/:id': object(async (f) => ({ params: { id: (await recoveryObjects(f)).sighting } }), {
    holds: (f) => R(f).sighting,
  }),
  'PUT /api/vehicles/sightings/:id': object(async (f) => ({
    params: { id: (await recoveryObjects(f)).sighting },
    body: { ...MATRIX_SPOT, note: `${LENDING_MARK} ${unique()}` },
  })),
  'POST /api/vehicles/sightings-delete': object(async (f) => ({
    body: { id: await newSighting(f, (await recoveryObjects(f)).repossession) },
  })),
  'POST /api/vehicles/sightings-confirm': object(async (f) => ({
    body: { id: await newSighting(f, (await newDispatch(f)).repossessionId) },
  })),
  'POST /api/vehicles/sightings/:id/photo': object(async (f) => ({
    params: { id: (await recoveryObjects(f)).sighting },
    ...(await matrixPhotoForm()),
  })),
  'GET /api/vehicles/sightings/:id/photo': object(async (f) => ({ params: { id: (await recoveryObjects(f)).sighting } }), { binary: true }),
  'GET /api/vehicles/sightings/:id/photo/thumbnail': object(async (f) => ({ params: { id: (await recoveryObjects(f)).sighting } }), {
    binary: true,
  }),
  'GET /api/vehicles/wanted': own(
    withRecoveryObjects(() => ({ query: { search: LENDING_MARK, size: 1000 } })),
    { holds: (f) => R(f).repossession },
  ),
  'GET /api/vehicles/wanted/:id/photo': object(async (f) => ({ params: { id: (await recoveryObjects(f)).repossession } }), {
    binary: true,
  }),
  // USSD (issue 21): a Lending client registered through the gateway, one of their sessions (ussdObjects below).
  'POST /api/ussd/gateway': {
    ...publicRoute(() => ({
      body: { sessionId: `matrix-${unique()}`, serviceCode: DEMO_USSD.serviceCode, phoneNumber: '+27 11 000 0001', text: '' },
    })),
    binary: true,
  },
  'GET /api/clients/ussd/clients': own(
    withUssdObjects(() => ({ query: { size: 1000, search: USSD_SURNAME } })),
    { holds: (f) => U(f).clientId },
  ),
  'DELETE /api/clients/deregister-client-ussd-security/:id': object(async (f) => ({ params: { id: (await ussdRegistered(f)).clientId } })),
  'GET /api/clients/ussd/sessions': own(
    withUssdObjects(() => ({ query: { size: 1000, search: USSD_SURNAME } })),
    { holds: (f) => U(f).session },
  ),
  'GET /api/clients/ussd/sessions/:id': object(async (f) => ({ params: { id: (await ussdObjects(f)).session } }), {
    holds: (f) => U(f).session,
  }),
  'GET /api/clients/ussd/dashboard': own(none, { stir: (f) => ussdRegistered(f) }),
  // Portfolio reports (issue 22): figures over the caller's subtree, so a caller from elsewhere reads its own (none of Lending's loans).
  'GET /api/reports/standard/par-over-thirty': own(none),
  'GET /api/reports/standard/par-over-thirty/trend': own(none),
  'GET /api/reports/standard/collections-summary': own(none),
  'GET /api/reports/standard/tenant-loans': own(none),
  // The sales agent report: the subtree's agents (the side's agent is a loan officer) with their figures.
  'GET /api/reports/standard/sales-agents': own(() => search(), { holds: (f) => L(f).agent }),
  // Kept report files (issue 22 item 6): one of Lending's, written by the runs' own store and writer (lendingReportFile below).
  'GET /api/reports/files': own(
    async (f) => {
      await lendingReportFile(f);
      return { query: { size: 1000 } };
    },
    { holds: (f) => reportFileMade.get(f)! },
  ),
  'GET /api/reports/files/:id/download': object(async (f) => ({ params: { id: await lendingReportFile(f) } }), { binary: true }),
  // Report categories and custom reports (issue 22): Lending's open category with a report filed in it (reportObjects below).
  'GET /api/report-categories': own(
    withReportObjects(() => ({ query: { search: LENDING_MARK, size: 1000 } })),
    { holds: (f) => RO(f).category },
  ),
  'GET /api/report-categories/:id': object(async (f) => ({ params: { id: (await reportObjects(f)).category } }), {
    holds: (f) => RO(f).category,
  }),
  // The caller's own view: below the company it shows the company's open categories, as it should.
  'GET /api/report-categories/by-user/:id': own(
    withReportObjects((_, me) => ({ params: { id: me.userId } })),
    {
      holds: (f) => RO(f).category,
      rank: SHOWS_ONLY,
      fromBelow: {
        why: "a company's open report categories are seen from its branches (report-category-access.ts): reports below are filed in them",
        marks: (f) => [RO(f).category, LENDING_MARK],
        allowed: true,
      },
    },
  ),
  'POST /api/report-categories': own(() => ({ body: { name: `Matrix category ${unique()}` } })),
  'PUT /api/report-categories/:id': object(async (f) => ({
    params: { id: (await reportObjects(f)).category },
    body: { name: `${LENDING_MARK} category ${unique()}` },
  })),
  'POST /api/report-categories/delete': object(async (f) => ({
    body: { id: await ownerMade(f, 'POST', '/api/report-categories', { name: `${LENDING_MARK} throwaway ${unique()}` }) },
  })),
  'GET /api/custom-reports': own(
    withReportObjects(() => ({ query: { search: LENDING_MARK, size: 1000 } })),
    { holds: (f) => RO(f).report },
  ),
  'GET /api/custom-reports/catalogue': own(none),
  'POST /api/custom-reports/preview': own(() => ({ body: { definition: MATRIX_REPORT } })),
  'GET /api/custom-reports/:id': object(async (f) => ({ params: { id: (await reportObjects(f)).report } }), { holds: (f) => RO(f).report }),
  'POST /api/custom-reports': own(() => ({ body: { name: `Matrix report ${unique()}`, definition: MATRIX_REPORT } })),
  'PUT /api/custom-reports/:id': object(async (f) => ({
    params: { id: (await reportObjects(f)).report },
    body: { name: `${LENDING_MARK} report ${unique()}`, categoryId: RO(f).category, definition: MATRIX_REPORT },
  })),
  'POST /api/custom-reports/delete': object(async (f) => ({
    body: {
      id: await ownerMade(f, 'POST', '/api/custom-reports', { name: `${LENDING_MARK} throwaway ${unique()}`, definition: MATRIX_REPORT }),
    },
  })),
  // Lending (issue 21): Lending's product, an active loan with a payment, and fresh loans per destructive call (lendingObjects below).
  'GET /api/loan-products': own(
    withLendingObjects(() => ({ query: { search: LENDING_MARK, size: 1000 } })),
    { holds: (f) => LO(f).product, fromBelow: loanCatalogueFromBelow((f) => [LO(f).product]) },
  ),
  'GET /api/loan-products/categories': own(none),
  'GET /api/loan-products/:id': object(async (f) => ({ params: { id: (await lendingObjects(f)).product } }), {
    holds: (f) => LO(f).product,
    fromBelow: { ...loanCatalogueFromBelow((f) => [LO(f).product])!, allowed: true },
  }),
  'POST /api/loan-products': own(async (f) => ({ body: await loanProductBody(f, `Matrix loan ${unique()}`) })),
  'PUT /api/loan-products/:id': object(async (f) => ({
    params: { id: (await lendingObjects(f)).product },
    body: await loanProductBody(f, LO(f).productName),
  })),
  'GET /api/onboarding/product/product-configurator': own(
    withLendingObjects(() => ({ query: { search: LENDING_MARK } })),
    { holds: (f) => LO(f).product, fromBelow: loanCatalogueFromBelow((f) => [LO(f).product]) },
  ),
  'GET /api/loans': own(
    withLendingObjects(() => ({ query: { search: LENDING_MARK, size: 1000 } })),
    { holds: (f) => LO(f).loan },
  ),
  'GET /api/loans/:id': object(async (f) => ({ params: { id: (await lendingObjects(f)).loan } }), { holds: (f) => LO(f).loan }),
  'POST /api/loans': object(async (f) => ({ body: loanApplication(f, (await lendingObjects(f)).product) }), { refusedWith: [400] }),
  'POST /api/loans/:id/approve': object(async (f) => ({ params: { id: await newLoan(f, 'submitted') }, body: { approvedOn: day(-30) } })),
  'POST /api/loans/:id/reject': object(async (f) => ({ params: { id: await newLoan(f, 'submitted') }, body: { note: 'Matrix' } })),
  'POST /api/loans/:id/disburse': object(async (f) => ({
    params: { id: await newLoan(f, 'approved') },
    body: { disbursedOn: day(-20), amountMinor: 500_000, channel: 'cash' },
  })),
  'POST /api/loans/:id/write-off': object(async (f) => ({ params: { id: await newLoan(f, 'active') }, body: {} })),
  'GET /api/disbursements': own(
    withLendingObjects(() => ({ query: { search: LENDING_MARK, size: 1000 } })),
    { holds: (f) => LO(f).loan },
  ),
  'GET /api/clients/payments': own(
    withLendingObjects((f) => ({ query: { loanId: LO(f).loan, from: day(-30), to: day(0) } })),
    { holds: (f) => LO(f).payment },
  ),
  'GET /api/clients/payments/:id': object(async (f) => ({ params: { id: (await lendingObjects(f)).payment } }), {
    holds: (f) => LO(f).payment,
  }),
  'POST /api/clients/payments': object(
    async (f) => ({ body: { loanId: (await lendingObjects(f)).loan, amountMinor: 1_000, paidOn: day(-1), channel: 'mobile-money' } }),
    {
      refusedWith: [400],
    },
  ),
  'PUT /api/clients/payments/:id': object(async (f) => ({
    params: { id: (await lendingObjects(f)).payment },
    body: { amountMinor: 2_500, paidOn: day(-2), channel: 'bank-transfer', reference: `Matrix ${unique()}` },
  })),
  'POST /api/clients/payments/:id/reverse': object(async (f) => ({
    params: { id: await newPayment(f, await newLoan(f, 'active')) },
    body: { note: 'Matrix reversal' },
  })),
  // Consent forms (issue 21): a spousal consent on a fresh submitted loan of Lending's client (consentObjects below).
  'GET /api/loan-consents': own(
    withConsentObjects(() => ({ query: { search: LENDING_MARK, size: 1000 } })),
    { holds: (f) => CO(f).consent },
  ),
  'GET /api/loan-consents/:id': object(async (f) => ({ params: { id: (await consentObjects(f)).consent } }), {
    holds: (f) => CO(f).consent,
  }),
  'GET /api/loan-consents/:id/pdf': object(async (f) => ({ params: { id: (await consentObjects(f)).consent } }), { binary: true }),
  'POST /api/loan-consents': object(async (f) => ({ body: await consentBody(await newLoan(f, 'submitted')) }), { refusedWith: [400] }),
  'POST /api/loan-consents/:id/void': object(async (f) => ({
    params: { id: await newConsent(f) },
    body: { reason: 'Matrix' },
  })),
  'GET /api/maker-checker/rules': own(none),
  'PUT /api/maker-checker/rules': own(() => ({ body: { actions: [] } })),
  'GET /api/maker-checker/requests': own(
    withLendingObjects(() => ({ query: { size: 1000 } })),
    { holds: (f) => LO(f).request },
  ),
  'POST /api/maker-checker/requests/:id/approve': object(async (f) => ({ params: { id: await newCheckRequest(f) }, body: {} })),
  'POST /api/maker-checker/requests/:id/reject': object(async (f) => ({
    params: { id: await newCheckRequest(f) },
    body: { note: 'Matrix' },
  })),
  // Health and authentication
  'GET /api/health': publicRoute(none),
  // Basemap data, no tenant's (map-routes.ts): public, as the browser's archive reader sends no token.
  'GET /api/map/tiles.pmtiles': {
    ...publicRoute(async (f) => ({ ...(await withOfflineArchive(f)), headers: { range: 'bytes=0-126' } })),
    binary: true,
  },
  'POST /api/auth/login': publicRoute((f) => ({ body: { email: f.agentActor.email, password: f.agentActor.password } })),
  'GET /api/auth/refresh/:refreshToken': publicRoute(async (f) => ({ params: { refreshToken: await refreshTokenOf(f) } })),
  // The browser's refresh: the token in the HttpOnly cookie, and the header that proves the product's own page sent it.
  'POST /api/auth/refresh': publicRoute(async (f) => ({
    headers: { 'x-requested-with': 'meridian', cookie: `meridian_refresh=${await refreshTokenOf(f)}` },
  })),
  'POST /api/auth/biometric': publicRoute(async (f) => ({ body: { refreshToken: await refreshTokenOf(f) } })),
  'GET /api/auth/logout': own(none, { freshSession: true }),
  'POST /api/auth/token': publicRoute(async (f) => ({
    body: { email: f.agentActor.email, token: (await f.agentActor.freshSession()).token },
  })),
  'POST /api/auth/impersonate': object((f) => ({ body: { userName: L(f).agentUserName } }), {
    own: (f) => ({ body: { userName: L(f).agentUserName } }),
    withoutPermission: { status: 403, why: 'impersonation is for the administrator role group, whatever the permissions' },
    rank: { changes: true, call: (_f, target) => ({ body: { userName: target.userName } }) },
  }),
  'POST /api/auth/logImpersonation': object((f) => ({ body: { adminId: f.owner.userId, impersonateId: L(f).agent, state: 'started' } }), {
    own: (f, me) => ({ body: { adminId: me.userId, impersonateId: L(f).agent, state: 'started' } }),
    refusedWith: [403],
  }),
  'POST /api/auth/forgot-password': publicRoute((f) => ({ body: { email: L(f).agentEmail } })),
  'POST /api/auth/reset-password': publicRoute(async (f) => {
    const user = await f.make.user();
    const [token] = (await tokenFromMail(f, user.email, 'reset', '/reset-password/')).slice(-1);
    return { body: { token, password: 'Matrix-Reset-Pass-1' } };
  }),
  'POST /api/auth/verify': publicRoute(async (f) => {
    const user = await f.make.user();
    const [, token] = await tokenFromMail(f, user.email, 'verify', '/account/verification/');
    return { body: { token } };
  }),
  'POST /api/auth/verification': {
    ...publicRoute(async (f) => {
      const user = await f.make.user();
      const [userId, token] = await tokenFromMail(f, user.email, 'verify', '/account/verification/');
      return { body: { userId, token } };
    }),
    rank: reads('the user id only names whose mailed token this is; the token is the authority'),
  },
  'GET /api/auth/auth-url/:provider': publicRoute(() => ({ params: { provider: 'matrix-sso' } })),
  'POST /api/auth/authorize': own(() => ({ body: { redirectUri: 'https://partner.example.test/callback?state=matrix' } })),

  // Users
  'GET /api/users': own(() => search(), { holds: (f) => L(f).agent }),
  'GET /api/users/deleted': own(() => search(), { holds: (f) => L(f).deletedUser }),
  'GET /api/users/me/:id': object((f) => ({ params: { id: f.owner.userId } }), {
    own: (_f, me) => ({ params: { id: me.userId } }),
    refusedWith: [403],
    rank: reads('only ever the caller'),
  }),
  'GET /api/users/:id': object((f) => ({ params: { id: L(f).agent } }), { holds: (f) => L(f).agentUserName, rank: SHOWS_ONLY }),
  'GET /api/users/detailswithhighleveltenants/:id': object((f) => ({ params: { id: L(f).agent } }), {
    holds: (f) => L(f).agentUserName,
    rank: SHOWS_ONLY,
  }),
  'GET /api/users/bytenantid/:id': object((f) => ({ params: { id: L(f).tenant }, query: { search: 'matrix' } }), {
    holds: (f) => L(f).agent,
    rank: LISTS_USERS,
  }),
  'GET /api/users/getagentscte/:id': object((f) => ({ params: { id: L(f).tenant }, query: { search: 'matrix' } }), {
    holds: (f) => L(f).agent,
    rank: LISTS_USERS,
  }),
  'GET /api/users/by-team-id/:id': object((f) => ({ params: { id: L(f).team } }), { holds: (f) => L(f).agent, rank: LISTS_USERS }),
  'GET /api/users/list/:ids': own((f) => ({ params: { ids: `${L(f).agent},${f.cape.agent}` } }), { holds: (f) => L(f).agent }),
  'GET /api/users/by-email/:email': object((f) => ({ params: { email: L(f).agentEmail } }), { holds: (f) => L(f).agent, rank: SHOWS_ONLY }),
  // Whether a name is taken is answered across the installation: user names and e-mail addresses are unique everywhere.
  'POST /api/users/exist': own((f) => ({ body: { userName: L(f).agentUserName } })),
  'POST /api/users': object(
    (f, me) => {
      const userName = `matrix-made-${unique()}`;
      // A role of Meridian Lending: a caller of another company must not be able to hand it out.
      return {
        body: {
          firstName: 'Matrix',
          lastName: 'Made',
          userName,
          emailAddress: `${userName}@matrix.meridian.test`,
          roleIds: [L(f).role],
          tenantIds: [me.homeTenantId],
        },
      };
    },
    { refusedWith: [400, 403, 404], fromBelow: { ...ownRolesFromBelow, allowed: true } },
  ),
  'PUT /api/users/:id': object((f) => ({ params: { id: L(f).agent }, body: { lastName: 'Agent' } }), {
    own: (_f, me) => ({ params: { id: me.userId }, body: { lastName: 'Caller' } }),
    holds: (f) => L(f).agent,
    rank: { changes: true, call: (_f, target) => ({ params: { id: target.id }, body: { lastName: 'Overruled' } }) },
  }),
  'DELETE /api/users/delete': object(async (f) => ({ body: { userIds: [(await f.make.user()).id] } }), {
    rank: { changes: true, call: (_f, target) => ({ body: { userIds: [target.id] } }) },
  }),
  'POST /api/users/undelete': object(async (f) => ({ body: { data: { userIds: [await f.make.deletedUser()] } } }), {
    rank: {
      changes: true,
      call: async (f, target) => {
        await f.global.call<DeletedCount>('DELETE', '/api/users/delete', { body: { userIds: [target.id] }, tenant: null });
        return { body: { data: { userIds: [target.id] } } };
      },
    },
  }),
  'POST /api/users/tour': own(() => ({ body: { tour: 'matrix' } })),
  'PUT /api/users/change-password/:id': object(
    async (f) => ({ params: { id: (await f.make.user()).id }, body: { password: `Matrix-Changed-${unique()}-1` } }),
    {
      own: (_f, me) => {
        const password = `Matrix-Own-${unique()}-1`;
        const request = { params: { id: me.userId }, body: { currentPassword: me.password, password } };
        me.password = password;
        return request;
      },
      rank: { changes: true, call: (_f, target) => ({ params: { id: target.id }, body: { password: `Matrix-Overrule-${unique()}-1` } }) },
    },
  ),
  'PUT /api/users/change-password-and-expire/:id': object(
    async (f) => ({ params: { id: (await f.make.user()).id }, body: { password: `Matrix-Expire-${unique()}-1` } }),
    {
      rank: { changes: true, call: (_f, target) => ({ params: { id: target.id }, body: { password: `Matrix-Overrule-${unique()}-1` } }) },
    },
  ),
  'GET /api/users/get-temp-password/:id': object(async (f) => ({ params: { id: (await f.make.user()).id } }), {
    rank: { changes: true, call: (_f, target) => ({ params: { id: target.id } }) },
  }),
  'GET /api/users/password_changed_history': own(() => search(), { holds: (f) => L(f).agent }),
  'GET /api/users/loginreport': own(() => search(), { holds: (f) => L(f).agent }),
  'GET /api/users/loginreport/per-user': own(() => search(), { holds: (f) => L(f).agent }),
  'GET /api/users/dashboard/login-history': own(() => ({ query: { days: 2 } }), { stir: (f) => f.agentActor.freshSession() }),
  'GET /api/users/dashboard/new-users': own(() => ({ query: { days: 2 } }), { stir: (f) => f.make.user() }),

  // Roles and permissions
  'GET /api/roles': own(() => search(), { holds: (f) => L(f).role, fromBelow: ownRolesFromBelow }),
  'GET /api/roles/groups': own(none),
  'GET /api/roles/users/:userId': object((f) => ({ params: { userId: L(f).agent } }), {
    own: (_f, me) => ({ params: { userId: me.userId } }),
    rank: SHOWS_ONLY,
  }),
  'GET /api/roles/:id': object((f) => ({ params: { id: L(f).role } }), {
    holds: (f) => L(f).role,
    fromBelow: { ...ownRolesFromBelow, allowed: true },
  }),
  'POST /api/roles': own(() => ({ body: { name: `Matrix Role ${unique()}`, permissionIds: [] } })),
  'PUT /api/roles/:id': object((f) => ({
    params: { id: L(f).role },
    body: { name: `${LENDING_MARK} Role ${unique()}`, permissionIds: [] },
  })),
  'DELETE /api/roles/:id': object(async (f) => ({ params: { id: await f.make.role() } })),
  'GET /api/permissions': own(none),
  'GET /api/permissions/byUserId/:id': object((f) => ({ params: { id: L(f).agent } }), {
    own: (_f, me) => ({ params: { id: me.userId } }),
    rank: SHOWS_ONLY,
  }),
  'GET /api/permissions/:id': own((f) => ({ params: { id: f.permissionId } })),

  // Tenants
  'GET /api/tenants/tenanttypes': own(none),
  'GET /api/tenants/descendantsByTenantId': own(none, { holds: (f) => L(f).branch }),
  'GET /api/tenants/descendants-by-specific-tenantid': object((f) => ({ query: { tenantId: L(f).branch } }), { holds: (f) => L(f).branch }),
  'GET /api/tenants/descendantsByUserId': own(none, { holds: (f) => L(f).branch }),
  'GET /api/tenants/usertenants/:id': object((f) => ({ params: { id: L(f).agent } }), {
    own: (_f, me) => ({ params: { id: me.userId } }),
    rank: SHOWS_ONLY,
  }),
  'GET /api/tenants/tenantCompany/:id': object((f) => ({ params: { id: L(f).branch } })),
  'GET /api/tenants/tenantCurrency/:id': object((f) => ({ params: { id: L(f).branch } })),
  'GET /api/tenants/tenant-banks/:id': object((f) => ({ params: { id: L(f).branch } })),
  'GET /api/tenants/count-sub-tenants': own(none, { stir: (f) => f.make.branch() }),
  'GET /api/tenants/location/:userId': object((f) => ({ params: { userId: L(f).agent } }), {
    own: (_f, me) => ({ params: { userId: me.userId } }),
    rank: SHOWS_ONLY,
  }),
  'GET /api/tenants': own(() => search(), { holds: (f) => L(f).branch }),
  'GET /api/tenants/:id': object((f) => ({ params: { id: L(f).branch } }), { holds: (f) => L(f).branch }),
  'POST /api/tenants': object((f) => ({ body: { name: `Matrix Unit ${unique()}`, parentId: L(f).tenant, type: 3 } }), {
    refusedWith: [400, 403, 404],
  }),
  'PUT /api/tenants/:id': object((f) => ({ params: { id: L(f).branch }, body: { location: `${LENDING_MARK} square` } })),
  'POST /api/tenants/delete': object(async (f) => ({ body: { id: await f.make.branch() } })),

  // Notifications, agent actions, configuration, devices, error log
  'GET /api/notification/unreadnotifications': own(none, { holds: (f) => f.ownerNotification }),
  'POST /api/notification/markallread': own(none),
  'POST /api/notification/insertnotification': object(
    (f) => ({ body: { notification: { userId: L(f).agent, itemType: 'matrix', message: `${LENDING_MARK} ping` } } }),
    {
      own: () => ({ body: { notification: { itemType: 'matrix', message: 'Note to self' } } }),
      rank: reads('a notification is a message to the user; it changes nothing of their account'),
    },
  ),
  'POST /api/agent/action': own(() => ({ body: { action: 2, entityType: 'matrix' } })),
  'GET /api/agent/action/latest': own(none, { holds: (f) => f.ownerAction }),
  'GET /api/config/language/:code': own(() => ({ params: { code: 'en' } })),
  'GET /api/config/client': own(none, {
    holds: () => `${LENDING_MARK.toLowerCase()}.example.test`,
    fromBelow: { why: "settings are inherited down the tree: the branch uses its company's map tiles", marks: () => [LENDING_MARK] },
  }),
  'POST /api/firebase/register-device': own(() => ({ body: { token: `matrix-device-token-${unique()}`, platform: 'android' } })),
  'POST /api/error_log': own(() => ({ body: { errorDetail: 'Matrix failure' } })),
  'GET /api/error_log/error-log-report': own(() => search(), { holds: (f) => L(f).errorLog }),
  'GET /api/error_log/:id': object((f) => ({ params: { id: L(f).errorLog } }), {
    own: async (_f, me) => ({
      params: { id: (await me.call<IdOnly>('POST', '/api/error_log', { body: { errorDetail: 'Own failure' } })).body.data.Id },
    }),
    holds: (f) => L(f).errorLog,
  }),

  // Stats
  'GET /api/stats/agent/:userId': object((f) => ({ params: { userId: L(f).agent } }), { rank: SHOWS_ONLY }),
  'GET /api/stats/agent/': own(none),
  'GET /api/stats/team/:userId': object((f) => ({ params: { userId: L(f).agent } }), { rank: SHOWS_ONLY }),
  'GET /api/stats/team/': own(none),
  'GET /api/stats/:userId': object((f) => ({ params: { userId: L(f).agent } }), { rank: SHOWS_ONLY }),
  'GET /api/stats/': own(none),

  // User tracking
  'POST /api/usertracking': own(
    (_f, me) => ({ body: { userId: me.userId, latitude: -26.2, longitude: 27.9, deviceTime: new Date().toISOString() } }),
    {
      rank: {
        changes: true,
        call: (_f, target) => ({ body: { userId: target.id, latitude: -26.2, longitude: 27.9, deviceTime: new Date().toISOString() } }),
      },
    },
  ),
  'GET /api/usertracking/datewithid/:from/:to/:id': object((f) => ({ params: { from: day(-1), to: day(1), id: f.owner.userId } }), {
    own: (_f, me) => ({ params: { from: day(-1), to: day(1), id: me.userId } }),
    holds: (f) => f.owner.userId,
    rank: SHOWS_ONLY,
  }),
  'GET /api/usertracking/geo_address/:lat/:lng': own(() => ({ params: { lat: '-26.2', lng: '27.9' } })),
  'GET /api/usertracking/geo_lat/:text': own(() => ({ params: { text: 'Vilakazi Street' } })),

  // Network allow-list and API users
  'GET /api/ip-addresses': own(() => search(), { holds: (f) => L(f).ipAddress }),
  'GET /api/ip-addresses/:id': object((f) => ({ params: { id: L(f).ipAddress } })),
  'POST /api/ip-addresses': own(() => ({ body: { cidr: `192.0.2.${(counter += 1) % 250}/32`, active: false } })),
  'PUT /api/ip-addresses/:id': object((f) => ({
    params: { id: L(f).ipAddress },
    body: { cidr: `198.18.${(counter += 1) % 250}.0/24`, description: `${LENDING_MARK} network`, active: false },
  })),
  'DELETE /api/ip-addresses/:id': object(async (f) => ({ params: { id: await f.make.ipAddress() } })),
  'GET /api/api-users': own(() => search(), { holds: (f) => L(f).apiUser }),
  'GET /api/api-users/:id': object((f) => ({ params: { id: L(f).apiUser } })),
  'POST /api/api-users': own((f) => ({ body: { name: `Matrix Robot ${unique()}`, permissionIds: [f.permissionId] } })),
  'POST /api/api-users/:id/revoke': object(async (f) => ({ params: { id: await f.make.apiUser() } })),
  'DELETE /api/api-users/:id': object(async (f) => ({ params: { id: await f.make.apiUser() } })),

  // Templates, locations, settings, products
  'GET /api/templates/merge-fields': own(none),
  'GET /api/templates/userId/:userId': object((f) => ({ params: { userId: L(f).agent }, query: { search: 'matrix', size: 100 } }), {
    holds: (f) => L(f).template,
    rank: SHOWS_ONLY,
  }),
  'GET /api/templates/:id': object((f) => ({ params: { id: L(f).template } })),
  'GET /api/templates/:id/document': object((f) => ({ params: { id: L(f).template } }), { binary: true }),
  'POST /api/templates': own(() => ({ body: { name: `Matrix Template ${unique()}`, type: 3, body: 'Hello' } })),
  'PUT /api/templates/:id': object((f) => ({
    params: { id: L(f).template },
    body: { name: `${LENDING_MARK} Template ${unique()}`, type: 2 },
  })),
  'DELETE /api/templates/:id': object(async (f) => ({ params: { id: await f.make.template() } })),
  'GET /api/locations': own(() => search(), { holds: (f) => L(f).location }),
  'GET /api/locations/:id': object((f) => ({ params: { id: L(f).location } })),
  'POST /api/locations': own(() => ({ body: { name: `Matrix Location ${unique()}`, active: true } })),
  'PUT /api/locations/:id': object((f) => ({
    params: { id: L(f).location },
    body: { name: `${LENDING_MARK} Location ${unique()}`, active: true },
  })),
  'DELETE /api/locations/:id': object(async (f) => ({ params: { id: await f.make.location() } })),
  'GET /api/settings': own(none, {
    holds: () => `${LENDING_MARK.toLowerCase()}.example.test`,
    fromBelow: {
      why: 'settings are inherited down the tree, each naming the tenant it comes from',
      marks: (f) => [LENDING_MARK, f.tenants.lending],
    },
  }),
  'PUT /api/settings': own(() => ({ body: { defaultPageSize: 25 } }), {
    fromBelow: {
      why: 'settings are inherited down the tree, each naming the tenant it comes from',
      marks: (f) => [LENDING_MARK, f.tenants.lending],
    },
  }),
  'GET /api/tenants/products/catalogue': own(none),
  'GET /api/tenants/:id/products': object((f) => ({ params: { id: L(f).tenant } })),
  'PUT /api/tenants/:id/products': object((f) => ({ params: { id: L(f).tenant }, body: { products: [f.product] } })),

  // Clients
  'GET /api/clients': own(() => search(), { holds: (f) => L(f).client }),
  'GET /api/clients/affordability': own(() => search(), { holds: (f) => L(f).client }),
  'GET /api/clients/phone-book': own(() => search(), { holds: (f) => L(f).client }),
  'GET /api/clients/get-person-by-mobile-phone/:phone': object((f) => ({ params: { phone: L(f).clientMobile } }), {
    holds: (f) => L(f).client,
  }),
  'POST /api/clients/search': own(() => ({ body: { name: 'matrix' } }), { holds: (f) => L(f).client }),
  'POST /api/clients/delete': object(async (f) => ({ body: { id: await f.make.client() } })),
  'GET /api/clients/groups': own(() => search(), { holds: (f) => L(f).clientGroup }),
  'GET /api/clients/groups/:id': object((f) => ({ params: { id: L(f).clientGroup } }), { holds: (f) => L(f).client }),
  'POST /api/clients/groups': own(() => ({ body: { name: `Matrix Group ${unique()}` } })),
  'PUT /api/clients/groups/:id': object((f) => ({ params: { id: L(f).clientGroup }, body: { name: `${LENDING_MARK} Group ${unique()}` } })),
  'POST /api/clients/groups/delete': object(async (f) => ({ body: { id: await f.make.clientGroup() } })),
  'GET /api/clients/:id': object((f) => ({ params: { id: L(f).client } }), { holds: (f) => L(f).clientGroup }),
  'POST /api/clients': own(() => ({ body: { firstName: 'Matrix', lastName: `Made ${letters()}` } })),
  'PUT /api/clients/:id': object((f) => ({
    params: { id: L(f).client },
    body: {
      firstName: LENDING_MARK,
      lastName: 'Client',
      mobile: L(f).clientMobile,
      emailAddress: `client@${LENDING_MARK.toLowerCase()}.test`,
      idNumber: '9001015800087',
    },
  })),

  // Leads and the sales dashboard
  'GET /api/leads': own(() => search(), { holds: (f) => L(f).lead }),
  'GET /api/leads/tenant/getbyid': own(() => search(), { holds: (f) => L(f).lead }),
  'GET /api/leads/assignedto/:userId': object((f) => ({ params: { userId: L(f).agent } }), { rank: SHOWS_ONLY }),
  'GET /api/leads/addresses-by-lead/:leadId': object((f) => ({ params: { leadId: L(f).lead } })),
  'GET /api/leads/dashboard': own(none, { stir: (f) => f.make.lead() }),
  'GET /api/sales/dashboard': own(none, { stir: (f) => f.make.lead() }),
  'GET /api/leads/:id': object((f) => ({ params: { id: L(f).lead } }), { holds: (f) => L(f).lead }),
  'POST /api/leads': own(() => ({
    body: { firstName: 'Matrix', lastName: `Made ${letters()}`, contactNumber: `086${String(Date.now() + (counter += 1)).slice(-7)}` },
  })),
  'PUT /api/leads/:id': object((f) => ({
    params: { id: L(f).lead },
    body: {
      firstName: LENDING_MARK,
      lastName: 'Lead',
      contactNumber: `087${String(Date.now() + (counter += 1)).slice(-7)}`,
      emailAddress: `lead@${LENDING_MARK.toLowerCase()}.test`,
    },
  })),
  'PUT /api/leads/status/:id': object((f) => ({ params: { id: L(f).lead }, body: { status: 'Contacted' } })),
  'POST /api/leads/assignlead': object((f) => ({ body: { leadId: L(f).lead, userId: L(f).agent } }), { rank: WORK_NOT_ACCOUNT }),
  'POST /api/leads/resend-consent-request': object((f) => ({ body: { leadId: L(f).lead } })),
  'POST /api/leads/generate-pdf': object((f) => ({ body: { leadId: L(f).lead } }), { binary: true }),
  'POST /api/leads/delete': object(async (f) => ({ body: { id: await f.make.lead() } })),
  'POST /api/leads/search': own(() => ({ body: { name: 'matrix' } }), { holds: (f) => L(f).lead }),

  // Activities
  'GET /api/activities': own(() => search(), { holds: (f) => L(f).activity }),
  'GET /api/activities/agents/:id': object((f) => ({ params: { id: L(f).agent }, query: { size: 100 } }), {
    holds: (f) => L(f).activity,
    rank: SHOWS_ONLY,
  }),
  'GET /api/activities/agent-my-work-activities': own(none, { actor: (f) => f.agentActor }),
  'GET /api/activities/agentActivityStatusReport': own(() => ({ query: { size: 100 } }), { holds: (f) => L(f).agent }),
  'GET /api/activities/for-status-widget': own(none, { stir: (f) => f.make.activity() }),
  'GET /api/activities/for-type-widget': own(none, { stir: (f) => f.make.activity() }),
  // The day's first few events are shown by default: the demo's earlier visits that day would hide the sample's.
  'GET /api/activities/calendar': own(() => ({ query: { perDay: 50 } }), { holds: (f) => L(f).activity }),
  'GET /api/activities/types': own(none),
  'GET /api/activities/statuses': own(none),
  'GET /api/activities/list/:ids': own((f) => ({ params: { ids: `${L(f).activity},${f.cape.activity}` } }), {
    holds: (f) => L(f).activity,
  }),
  'GET /api/activities/activityagents/:id': object((f) => ({ params: { id: L(f).activity } }), { holds: (f) => L(f).agent }),
  'GET /api/activities/get-activity-assignment/:entityId/:userId': object(
    (f) => ({ params: { entityId: L(f).activity, userId: L(f).agent } }),
    { rank: SHOWS_ONLY },
  ),
  'GET /api/activities/files/:fileId': object((f) => ({ params: { fileId: L(f).activityFile } }), { binary: true }),
  'GET /api/activities/:id': object((f) => ({ params: { id: L(f).activity } }), { holds: (f) => L(f).activity }),
  'POST /api/activities': object(
    (f) => ({
      body: {
        name: `Matrix Visit ${unique()}`,
        activityTypeId: f.activityTypeId,
        startDate: new Date(Date.now() + 86_400_000).toISOString(),
        location: 'Matrix road',
        lat: -26.1,
        lng: 28.05,
        clientIds: [L(f).client],
      },
    }),
    { refusedWith: [400, 403, 404], rank: WORK_NOT_ACCOUNT },
  ),
  'PUT /api/activities/:id': object(
    (f) => ({
      params: { id: L(f).activity },
      body: {
        name: `${LENDING_MARK} Visit`,
        activityTypeId: f.activityTypeId,
        startDate: new Date(Date.now() + 3_600_000).toISOString(),
        location: `${LENDING_MARK} street`,
        lat: -26.1,
        lng: 28.05,
        assignedUserIds: [L(f).agent],
        clientIds: [L(f).client],
        leadIds: [L(f).lead],
      },
    }),
    { rank: WORK_NOT_ACCOUNT },
  ),
  'POST /api/activities/assignment': object(async (f) => ({ body: { activityId: await f.make.activity(), userId: f.owner.userId } }), {
    rank: WORK_NOT_ACCOUNT,
  }),
  'PUT /api/activities/assignment': object(
    async (f) => ({ body: { activityId: await f.make.activity(), userId: L(f).agent, newUserId: f.owner.userId } }),
    { rank: WORK_NOT_ACCOUNT },
  ),
  'POST /api/activities/client': object((f) => ({ body: { activityId: L(f).activity, clientId: L(f).client } })),
  'POST /api/activities/lead': object((f) => ({ body: { activityId: L(f).activity, leadId: L(f).lead } })),
  'POST /api/activities/entities': object((f) => ({ body: { activityId: L(f).activity, clientIds: [L(f).client], leadIds: [L(f).lead] } })),
  'POST /api/activities/bulk-update': object(async (f) => ({ body: { ids: [await f.make.activity()], statusId: f.activityStatusId } }), {
    rank: WORK_NOT_ACCOUNT,
  }),
  'POST /api/activities/delete': object(async (f) => ({ body: { id: await f.make.activity() } })),
  'PUT /api/activities/updateAssignmentStatus': object(
    (f) => ({
      body: { userId: L(f).agent, activityId: L(f).activity, statusId: f.activityStatusId, latitude: -26.1, longitude: 28.05 },
    }),
    { rank: WORK_NOT_ACCOUNT },
  ),
  'PUT /api/activities/update-assignment-files': object((f) => ({ body: { activityId: L(f).activity, removedFiles: [] } })),

  // Activity plans
  'GET /api/activities/activity-plan': own(() => ({ query: { size: 100 } }), { holds: (f) => L(f).plan }),
  'GET /api/activities/no-activity-plan': own(() => ({ query: { size: 100 } })),
  'GET /api/activities/activity-plan/map-overview': own(() => ({ query: { date: day(0) } }), { holds: (f) => L(f).plan }),
  'GET /api/activities/activity-plan/day-overview': own(() => ({ query: { date: day(0) } }), { holds: (f) => L(f).agent }),
  'GET /api/activities/activity-plan/:id': object((f) => ({ params: { id: L(f).plan } }), { holds: (f) => L(f).plan }),
  'GET /api/activities/activity-plan-activities/:id': object((f) => ({ params: { id: L(f).plan } }), { holds: (f) => L(f).activity }),
  'POST /api/activities/activity-plan': object(
    async (f) => ({
      body: { name: `Matrix Plan ${unique()}`, planDate: day(2), agentUserId: L(f).agent, activityIds: [await f.make.activity()] },
    }),
    {
      refusedWith: [400, 403, 404],
      rank: WORK_NOT_ACCOUNT,
    },
  ),
  'PUT /api/activities/activity-plan/:id': object(
    (f) => ({
      params: { id: L(f).plan },
      body: { name: `${LENDING_MARK} Plan`, planDate: day(0), agentUserId: L(f).agent, activityIds: [L(f).activity] },
    }),
    {
      rank: WORK_NOT_ACCOUNT,
    },
  ),
  'DELETE /api/activities/activity-plan/delete': object(async (f) => ({ body: { activityPlans: [await f.make.plan()] } })),

  // An agent's day and reports
  'GET /api/agent/:userId/:date': object((f) => ({ params: { userId: f.owner.userId, date: day(0) } }), {
    holds: (f) => f.ownerAction,
    rank: SHOWS_ONLY,
  }),
  'GET /api/agent/action/location/:id': object((f) => ({ params: { id: f.ownerAction } }), { holds: (f) => f.ownerAction }),
  'GET /api/agent/actions/:date/:id': object((f) => ({ params: { date: day(0), id: f.owner.userId } }), {
    holds: (f) => f.ownerAction,
    rank: SHOWS_ONLY,
  }),
  'GET /api/agent/summary-report': own(() => ({ query: { size: 100 } })),
  'GET /api/agent/dashboard': own(none),

  // Teams
  'GET /api/teams': own(() => search(), { holds: (f) => L(f).team }),
  'GET /api/teams/teamtypes': own(none),
  'GET /api/teams/agent-teams': own(none, { actor: (f) => f.agentActor, holds: (f) => L(f).team }),
  'GET /api/teams/by-user': object((f) => ({ query: { userId: L(f).agent } }), { holds: (f) => L(f).team, rank: SHOWS_ONLY }),
  'GET /api/teams/by-user-simple': object((f) => ({ query: { userId: L(f).agent } }), { holds: (f) => L(f).team, rank: SHOWS_ONLY }),
  'GET /api/teams/by-team-simple/:id': object((f) => ({ params: { id: L(f).team } }), { holds: (f) => L(f).agent }),
  'GET /api/teams/by-sales-target-simple/:id': object((f) => ({ params: { id: L(f).target } }), { holds: (f) => L(f).team }),
  'GET /api/teams/:id': object((f) => ({ params: { id: L(f).team } }), { holds: (f) => L(f).agent }),
  'POST /api/teams': own(() => ({ body: { name: `Matrix Team ${unique()}` } }), { rank: WORK_NOT_ACCOUNT }),
  'PUT /api/teams/:id': object(
    (f) => ({
      params: { id: L(f).team },
      body: { name: `${LENDING_MARK} Team ${unique()}`, leaderUserId: L(f).agent, teamMembers: [L(f).agent] },
    }),
    {
      rank: WORK_NOT_ACCOUNT,
    },
  ),
  'DELETE /api/teams/delete': object(async (f) => ({ body: { salesTeams: [await f.make.team()] } })),

  // Targets
  'GET /api/targets': own(() => search(), { holds: (f) => L(f).target }),
  'GET /api/targets/:id': object((f) => ({ params: { id: L(f).target } })),
  'POST /api/targets': object(
    (f) => ({
      body: {
        name: `Matrix Target ${unique()}`,
        metric: 'LEADS_CREATED',
        targetValue: 4,
        periodStart: day(0),
        periodEnd: day(10),
        teamId: L(f).team,
      },
    }),
    {
      refusedWith: [400, 403, 404],
      rank: WORK_NOT_ACCOUNT,
    },
  ),
  'PUT /api/targets/:id': object(
    (f) => ({
      params: { id: L(f).target },
      body: {
        name: `${LENDING_MARK} Target ${unique()}`,
        metric: 'LEADS_CREATED',
        targetValue: 5,
        periodStart: day(-1),
        periodEnd: day(30),
        teamId: L(f).team,
      },
    }),
    {
      rank: WORK_NOT_ACCOUNT,
    },
  ),
  'POST /api/targets/delete': object(async (f) => ({ body: { ids: [await f.make.target()] } })),

  // Cases
  'GET /api/cases': own(() => search(), { holds: (f) => L(f).salesCase }),
  'GET /api/cases/:id': object((f) => ({ params: { id: L(f).salesCase } })),
  'POST /api/cases': own(() => ({ body: { title: `Matrix Case ${unique()}` } }), { rank: WORK_NOT_ACCOUNT }),
  'PUT /api/cases/:id': object(
    (f) => ({
      params: { id: L(f).salesCase },
      body: { title: `${LENDING_MARK} Case ${unique()}`, priority: 'HIGH', clientId: L(f).client, ownerUserId: L(f).agent },
    }),
    {
      rank: WORK_NOT_ACCOUNT,
    },
  ),
  'POST /api/cases/delete': object(async (f) => ({ body: { ids: [await f.make.salesCase()] } })),

  // Tracking devices and their positions
  'GET /api/geo/device/:userId': own((_f, me) => ({ params: { userId: me.userId }, ...search() }), {
    holds: (f) => L(f).device,
    rank: SHOWS_ONLY,
  }),
  'GET /api/geo/device/map/:userId': own((_f, me) => ({ params: { userId: me.userId } }), { holds: (f) => L(f).device, rank: SHOWS_ONLY }),
  'GET /api/geo/device/details/:id': object((f) => ({ params: { id: L(f).device } }), { holds: (f) => L(f).device }),
  'POST /api/geo/device': own(() => ({ body: { uniqueId: matrixUniqueId(), name: `Matrix Device ${unique()}` } })),
  'PUT /api/geo/device/:id': object((f) => ({
    params: { id: L(f).device },
    body: { uniqueId: L(f).deviceUniqueId, name: `${LENDING_MARK} Truck ${unique()}`, category: 'truck' },
  })),
  'PUT /api/geo/device/delete/:id': object(async (f) => ({ params: { id: await f.make.device() } })),
  'GET /api/geo/device/unlinked-device': own(() => search(), { holds: (f) => L(f).device }),
  // Whether a uniqueId is taken is answered across tenants: the listeners need it unique everywhere (a create would answer 409).
  'GET /api/geo/device/exists/:uniqueId': own((f) => ({ params: { uniqueId: L(f).deviceUniqueId } })),
  'GET /api/geo/device/search/:text': own(() => ({ params: { text: 'matrix' } }), { holds: (f) => L(f).device }),
  'GET /api/geo/device/active': own(heardFromNow, { holds: (f) => L(f).device }),
  'GET /api/geo/device/active/by-tenant': own(heardFromNow, { holds: (f) => L(f).tenant }),
  'GET /api/geo/device/dashboard/stats': own(none, { stir: (f) => f.make.device() }),
  'GET /api/geo/device/dashboard/sms-used': own(none),
  'GET /api/geo/device-hardware': own(none),
  'GET /api/geo/device/details/:id/latest-position': object((f) => ({ params: { id: L(f).device } }), { holds: (f) => L(f).device }),
  'GET /api/geo/device/position/:param': object((f) => ({ params: { param: L(f).position } }), { holds: (f) => L(f).device }),
  'GET /api/geo/position/device/:id/:start/:end': object((f) => ({ params: { id: L(f).device, start: day(-1), end: day(1) } }), {
    holds: (f) => L(f).device,
  }),
  'GET /api/geo/geocoding/position/:id': object((f) => ({ params: { id: L(f).position } })),

  // Geofences, points of interest and their device links
  'GET /api/geo/fences': own(() => search(), { holds: (f) => L(f).geofence }),
  'GET /api/geo/fences/poi': own(() => search(), { holds: (f) => L(f).poi }),
  'GET /api/geo/fences/all/:userId': own((_f, me) => ({ params: { userId: me.userId } }), {
    holds: (f) => L(f).geofence,
    rank: SHOWS_ONLY,
  }),
  'GET /api/geo/fences/poi/all/:userId': own((_f, me) => ({ params: { userId: me.userId } }), { holds: (f) => L(f).poi, rank: SHOWS_ONLY }),
  'GET /api/geo/fences/:id': object((f) => ({ params: { id: L(f).geofence } }), { holds: (f) => L(f).geofence }),
  'PUT /api/geo/fences/:id': object((f) => ({
    params: { id: L(f).geofence },
    body: { name: `${LENDING_MARK} Yard ${unique()}`, geometry: matrixSquare(31, -29.9) },
  })),
  'DELETE /api/geo/fences/:id': object(async (f) => ({ params: { id: await f.make.geofence() } })),
  'GET /api/geo/fences/poi/:id': object((f) => ({ params: { id: L(f).poi } }), { holds: (f) => L(f).poi }),
  'PUT /api/geo/fences/poi/:id': object((f) => ({
    params: { id: L(f).poi },
    body: { name: `${LENDING_MARK} Landmark ${unique()}`, type: 'poi', geometry: { type: 'Point', coordinates: [31, -29.8] }, radius: 120 },
  })),
  'DELETE /api/geo/fences/poi/:id': object(async (f) => ({ params: { id: await f.make.geofence('poi') } })),
  'POST /api/geo/fences': own(() => ({ body: { name: `Matrix Zone ${unique()}`, geometry: matrixSquare(30, -29) } })),
  'POST /api/geo/permissions': object((f) => ({ body: { deviceId: L(f).device, geofenceId: L(f).geofence } }), { holds: (f) => L(f).link }),
  'DELETE /api/geo/permissions': object(async (f) => ({ body: await f.make.linkedDevice() })),
  'GET /api/geo/permissions': object((f) => ({ query: { geofenceId: L(f).geofence } }), { holds: (f) => L(f).link }),
  'GET /api/geo/permissions/:id': object((f) => ({ params: { id: L(f).link } }), { holds: (f) => L(f).link }),
  'GET /api/geo/permissions/device/:deviceId': object((f) => ({ params: { deviceId: L(f).device } }), { holds: (f) => L(f).link }),

  // Commands
  'GET /api/geo/commands': own(() => search(), { holds: (f) => L(f).command }),
  'GET /api/geo/commands/command/all': own(none, { holds: (f) => L(f).command }),
  'GET /api/geo/commands/sent': own(() => search(), { holds: (f) => L(f).sentCommand }),
  'GET /api/geo/commands/:id': object((f) => ({ params: { id: L(f).command } }), { holds: (f) => L(f).command }),
  'POST /api/geo/commands': own(() => ({ body: { description: `Matrix Command ${unique()}`, commandType: 'getVersion' } })),
  'PUT /api/geo/commands/:id': object((f) => ({
    params: { id: L(f).command },
    body: { description: `${LENDING_MARK} Ping ${unique()}`, commandType: 'custom', attributes: { data: 'getver' } },
  })),
  'DELETE /api/geo/commands/:id': object(async (f) => ({ params: { id: await f.make.command() } })),
  'POST /api/geo/device/sendCommand/:deviceId/:commandType': object(
    (f) => ({ params: { deviceId: L(f).device, commandType: 'custom' }, body: { attributes: { data: 'getinfo' } } }),
    { holds: (f) => L(f).device },
  ),

  // Event actions, event IO and tracking notifications
  'GET /api/geo/eventActions': own(() => search(), { holds: (f) => L(f).eventAction }),
  'GET /api/geo/eventActions/eventios/:id': object((f) => ({ params: { id: L(f).eventAction } }), { holds: (f) => L(f).eventIo }),
  'GET /api/geo/eventActions/:id': object((f) => ({ params: { id: L(f).eventAction } }), { holds: (f) => L(f).eventAction }),
  'GET /api/geo/eventActions/:id/firings': object((f) => ({ params: { id: L(f).eventAction } }), { holds: (f) => L(f).device }),
  'POST /api/geo/eventActions': own(() => ({ body: { name: `Matrix Action ${unique()}`, eventType: 'geofenceEnter' } })),
  'PUT /api/geo/eventActions/:id': object((f) => ({
    params: { id: L(f).eventAction },
    body: { name: `${LENDING_MARK} Alarm ${unique()}`, eventType: 'alarm' },
  })),
  'DELETE /api/geo/eventActions/:id': object(async (f) => ({ params: { id: await f.make.eventAction() } })),
  'GET /api/geo/eventIos': own(() => search(), { holds: (f) => L(f).eventIo }),
  'GET /api/geo/eventIos/:id': object((f) => ({ params: { id: L(f).eventIo } }), { holds: (f) => L(f).eventIo }),
  'POST /api/geo/eventIos': own(() => ({ body: { ioId: 66, name: `Matrix Voltage ${unique()}`, attribute: 'power' } })),
  'PUT /api/geo/eventIos/:id': object((f) => ({
    params: { id: L(f).eventIo },
    body: {
      ioId: 252,
      name: `${LENDING_MARK} Unplug ${unique()}`,
      attribute: 'unplug',
      eventType: 'alarm',
      eventActionId: L(f).eventAction,
    },
  })),
  'DELETE /api/geo/eventIos/:id': object(async (f) => ({ params: { id: await f.make.eventIo() } })),
  'GET /api/geo/notifications': own(none, { holds: (f) => L(f).notification }),
  'GET /api/geo/notifications/unread-count': own(none),
  'GET /api/geo/workbench': own(() => ({ query: { offlineMinutes: 1 } })),
  'POST /api/geo/notifications/read': object((f) => ({ body: { ids: [L(f).notification] } })),
  'POST /api/geo/notifications/read-all': own(none),
  'GET /api/geo/crash-event/:assetId/:status': own(() => ({ params: { assetId: EMPTY_GUID, status: 'NEW' } }), {
    holds: (f) => L(f).crash,
  }),
  'GET /api/geo/crash-event/:id': object((f) => ({ params: { id: L(f).crash } }), { holds: (f) => L(f).crash }),
  'PUT /api/geo/crash-event/:id/review': object(async (f) => ({
    params: { id: await f.make.crash() },
    body: { status: 'REJECTED', comment: `${LENDING_MARK} a pothole, not a crash` },
  })),

  // Assets, their groups, categories, device history and photos
  'GET /api/geo/asset': own(() => search(), { holds: (f) => L(f).asset }),
  'GET /api/geo/assets/:id': object((f) => ({ params: { id: L(f).asset } }), { holds: (f) => L(f).asset }),
  'GET /api/geo/assets/details/:id': object((f) => ({ params: { id: L(f).asset } }), { holds: (f) => L(f).assetPhoto }),
  'GET /api/geo/assets/devices/:id': object((f) => ({ params: { id: L(f).asset } }), { holds: (f) => L(f).assetDevice }),
  'GET /api/geo/asset/devices/:assetId': object((f) => ({ params: { assetId: L(f).asset } }), { holds: (f) => L(f).assetDevice }),
  'GET /api/geo/asset/device-type': own(none),
  'GET /api/geo/asset/reports/active': own(assetHeardFromNow, { holds: (f) => L(f).asset }),
  'POST /api/geo/asset': own(() => ({ body: { registrationNumber: `MX ${unique()}`, make: 'Matrix Runabout' } })),
  'PUT /api/geo/asset/:id': object((f) => ({
    params: { id: L(f).asset },
    body: {
      registrationNumber: `LM ${unique()}`,
      make: `${LENDING_MARK} Hilux ${unique()}`,
      groupId: L(f).assetGroup,
      categoryId: L(f).assetCategory,
      asset_devices: [{ deviceId: L(f).assetDevice, deviceTypeId: 1 }],
    },
  })),
  'DELETE /api/geo/asset/:id': object(async (f) => ({ params: { id: await f.make.asset() } })),
  'PUT /api/geo/assets/:id/odometer': object((f) => ({ params: { id: L(f).asset }, body: { odometer: 123_456_000 } })),
  'PUT /api/geo/assets/:id/engine-hours': object((f) => ({ params: { id: L(f).asset }, body: { engineHours: 7_200_000 } })),
  'PUT /api/geo/assets/:id/map-icon': object((f) => ({ params: { id: L(f).asset }, body: { mapIcon: 'pickup' } })),
  'GET /api/geo/device-asset-history': object((f) => ({ query: { deviceId: L(f).assetDevice } }), { holds: (f) => L(f).asset }),
  'POST /api/geo/asset/device/positions': object((f) => ({ body: { deviceId: L(f).assetDevice, startDate: day(-1), endDate: day(1) } }), {
    holds: (f) => L(f).assetDevice,
  }),
  'GET /api/geo/notification-event/asset/:id/alarm': object((f) => ({ params: { id: L(f).asset } }), { holds: (f) => L(f).assetDevice }),
  'GET /api/geo/notification-event/asset/:id/event': object((f) => ({ params: { id: L(f).asset } }), { holds: (f) => L(f).assetDevice }),
  'GET /api/geo/asset-group': own(none, {
    holds: (f) => L(f).assetGroup,
    fromBelow: assetCatalogueFromBelow((f) => [L(f).assetGroup, L(f).role]),
  }),
  'GET /api/geo/asset-group/:id': object((f) => ({ params: { id: L(f).assetGroup } }), {
    holds: (f) => L(f).assetGroup,
    fromBelow: { ...assetCatalogueFromBelow((f) => [L(f).assetGroup, L(f).role])!, allowed: true },
  }),
  'POST /api/geo/asset-group': own((f) => ({ body: { name: `Matrix Fleet ${unique()}`, roleId: f.roles.loanOfficer } })),
  'PUT /api/geo/asset-group/:id': object((f) => ({
    params: { id: L(f).assetGroup },
    body: { name: `${LENDING_MARK} Fleet ${unique()}`, roleId: L(f).role },
  })),
  'DELETE /api/geo/asset-group/:id': object(async (f) => ({ params: { id: await f.make.assetGroup() } })),
  'GET /api/geo/asset-category': own(none, {
    holds: (f) => L(f).assetCategory,
    fromBelow: assetCatalogueFromBelow((f) => [L(f).assetCategory]),
  }),
  'GET /api/geo/asset-category/:id': object((f) => ({ params: { id: L(f).assetCategory } }), {
    holds: (f) => L(f).assetCategory,
    fromBelow: { ...assetCatalogueFromBelow((f) => [L(f).assetCategory])!, allowed: true },
  }),
  'POST /api/geo/asset-category': own(() => ({ body: { name: `Matrix Category ${unique()}` } })),
  'PUT /api/geo/asset-category/:id': object((f) => ({
    params: { id: L(f).assetCategory },
    body: { name: `${LENDING_MARK} Bakkie ${unique()}` },
  })),
  'DELETE /api/geo/asset-category/:id': object(async (f) => ({ params: { id: await f.make.assetCategory() } })),
  'GET /api/geo/assets/:id/photos': object((f) => ({ params: { id: L(f).asset } }), { holds: (f) => L(f).assetPhoto }),
  'POST /api/geo/assets/:id/photos': object(async (f) => ({ params: { id: L(f).asset }, ...(await matrixPhotoForm()) })),
  'DELETE /api/geo/assets/:id/photos/:photoId': object(async (f) => ({ params: { id: L(f).asset, photoId: await f.make.assetPhoto() } })),
  'GET /api/geo/assets/:id/photos/:photoId': object((f) => ({ params: { id: L(f).asset, photoId: L(f).assetPhoto } }), { binary: true }),
  'GET /api/geo/assets/:id/photos/:photoId/thumbnail': object((f) => ({ params: { id: L(f).asset, photoId: L(f).assetPhoto } }), {
    binary: true,
  }),

  'GET /api/geo/drivers': own(() => search(), { holds: (f) => L(f).driver }),
  'GET /api/geo/drivers/:id': object((f) => ({ params: { id: L(f).driver } }), { holds: (f) => L(f).driver }),
  'POST /api/geo/drivers': own(() => ({ body: { name: `Matrix Driver ${unique()}`, uniqueId: `matrix-${unique()}` } })),
  'PUT /api/geo/drivers/:id': object((f) => ({
    params: { id: L(f).driver },
    body: { name: `${LENDING_MARK} Driver ${unique()}`, uniqueId: `lendmatrix-${unique()}` },
  })),
  'DELETE /api/geo/drivers/:id': object(async (f) => ({ params: { id: await f.make.driver() } })),
  'GET /api/geo/device/trip/details': object((f) => ({ query: { deviceId: L(f).device, fromDate: day(-1), toDate: day(1) } }), {
    holds: (f) => L(f).trip,
  }),
  'GET /api/geo/device/trip/stops': object((f) => ({ query: { deviceId: L(f).device, fromDate: day(-1), toDate: day(1) } }), {
    holds: (f) => L(f).stop,
  }),
  'GET /api/geo/countries/all': own(none),

  // Share links: Lending's asset shared once by its owner; the public call opens that link.
  'GET /api/geo/assets/share-links/:id': object(
    async (f) => {
      await lendingShareLink(f);
      return { params: { id: L(f).asset } };
    },
    { holds: (f) => L(f).asset },
  ),
  'POST /api/geo/asset/share-links': object((f) => ({ body: { expireDate: inDays(7), assetShareId: L(f).asset } }), {
    holds: (f) => L(f).asset,
  }),
  'PUT /api/geo/asset/share-links': object(async (f) => ({
    body: { assetInfoId: (await lendingShareLink(f)).id, expireDate: inDays(30) },
  })),
  'GET /api/public/share/:token': publicRoute(async (f) => ({ params: { token: (await lendingShareLink(f)).token } })),

  // Fleet reports: Lending's asset travelled, stopped with its engine on, and had its tracker tampered with.
  'GET /api/geo/asset/reports/trips': own(assetTravelled, { holds: (f) => L(f).asset }),
  'GET /api/geo/asset/reports/stops': own(assetTravelled, { holds: (f) => L(f).asset }),
  'GET /api/geo/asset/reports/engine': own(assetTravelled, { holds: (f) => L(f).asset }),
  'GET /api/geo/asset/reports/device-usage': own(assetTravelled, { holds: (f) => L(f).asset }),
  'GET /api/geo/asset/reports/idle': own(assetTravelled, { holds: (f) => L(f).asset }),
  'GET /api/geo/asset/reports/hotspots': object(async (f) => ({ query: { ...(await assetTravelled(f)).query, assetId: L(f).asset } })),
  'GET /api/geo/notification-event/reports/tamper': own(assetTravelled, { holds: (f) => L(f).asset }),
  'GET /api/geo/assets/battery/:start/:end': own(() => ({ params: { start: day(-1), end: day(1) } }), { holds: (f) => L(f).asset }),
  'POST /api/geo/asset/trips': object(
    async (f) => ({ body: { assetId: L(f).asset, fromDate: (await assetTravelled(f)).query.fromDate } }),
    {
      holds: (f) => L(f).asset,
    },
  ),
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const shareLinks = new WeakMap<Fixtures, Promise<ShareLinkCreated>>();

/** One share link of Lending's asset, made by its owner on first use: its token is answered only then. */
function lendingShareLink(f: Fixtures): Promise<ShareLinkCreated> {
  const made =
    shareLinks.get(f) ??
    f.owner
      .call<ShareLinkCreated>('POST', '/api/geo/asset/share-links', { body: { expireDate: inDays(60), assetShareId: f.lending.asset } })
      .then((answer) => {
        if (answer.status !== 201) throw new Error(`share link fixture answered ${answer.status}: ${answer.text.slice(0, 200)}`);
        return answer.body.data;
      });
  shareLinks.set(f, made);
  return made;
}

/** Lending's vehicle objects for the vehicle routes: made once per fixtures, by Lending's owner at company level. */
interface VehicleObjects {
  vehicle: string;
  registration: string;
  repossession: string;
  bluebook: string;
  bluebookModel: string;
  feature: string;
  attribute: string;
  category: string;
  photo: string;
}
const vehicleObjectsMade = new WeakMap<Fixtures, VehicleObjects>();
const vehicleObjectsMaking = new WeakMap<Fixtures, Promise<VehicleObjects>>();
/** The objects, once made (`holds` reads them synchronously after the call made them). */
const V = (f: Fixtures) => {
  const made = vehicleObjectsMade.get(f);
  if (!made) throw new Error('vehicle objects are made by the sample call first');
  return made;
};

async function ownerMade(f: Fixtures, method: string, url: string, body: unknown): Promise<string> {
  const answer = await f.owner.call<{ id: string }>(method, url, { body, tenant: f.tenants.lending });
  if (answer.status !== 201) throw new Error(`${method} ${url} answered ${answer.status}: ${answer.text}`);
  return answer.body.data.id;
}

async function newVehicle(f: Fixtures, registration = `${LENDING_MARK} ${unique()}`) {
  return ownerMade(f, 'POST', '/api/vehicles', { registrationNumber: registration, make: LENDING_MARK });
}

const newRepossession = async (f: Fixtures) => ownerMade(f, 'POST', '/api/vehicles/repossessions', { vehicleId: await newVehicle(f) });

async function newBluebook(f: Fixtures, model = unique()) {
  return ownerMade(f, 'POST', '/api/vehicles/bluebook', { make: LENDING_MARK, model, year: 2020, valueMinor: 199_900_00, currency: 'ZAR' });
}

async function newVehiclePhoto(f: Fixtures, vehicleId: string) {
  const answer = await f.owner.call<{ id: string }[]>('POST', `/api/vehicles/${vehicleId}/photos`, {
    tenant: f.tenants.lending,
    ...(await matrixPhotoForm()),
  });
  if (answer.status !== 201) throw new Error(`vehicle photo answered ${answer.status}: ${answer.text}`);
  return answer.body.data[0]!.id;
}

async function referenceRow(f: Fixtures, table: 'vehicle_features' | 'vehicle_attributes' | 'vehicle_categories') {
  const row = await f.s.db.one<{ id: string }>(`insert into ${table} (tenant_id, name) values ($1, $2) returning id`, [
    f.tenants.lending,
    `${LENDING_MARK} ${table} ${unique()}`,
  ]);
  return row!.id;
}

/** A list call made once Lending's vehicle objects exist, so that its answer can hold them. */
function withVehicleObjects(call: Sample['call']): Sample['call'] {
  return async (f, me) => {
    await vehicleObjects(f);
    return call(f, me);
  };
}

function vehicleObjects(f: Fixtures): Promise<VehicleObjects> {
  let making = vehicleObjectsMaking.get(f);
  if (!making) {
    making = (async () => {
      const registration = `${LENDING_MARK} ${unique()}`;
      const bluebookModel = unique();
      const vehicle = await newVehicle(f, registration);
      const made: VehicleObjects = {
        vehicle,
        photo: await newVehiclePhoto(f, vehicle),
        registration,
        repossession: await newRepossession(f),
        bluebook: await newBluebook(f, bluebookModel),
        bluebookModel,
        feature: await referenceRow(f, 'vehicle_features'),
        attribute: await referenceRow(f, 'vehicle_attributes'),
        category: await referenceRow(f, 'vehicle_categories'),
      };
      vehicleObjectsMade.set(f, made);
      return made;
    })();
    vehicleObjectsMaking.set(f, making);
  }
  return making;
}

/** Lending's recovery objects: a spotter and a third party, a repossession of a vehicle with a photo dispatched to the spotter with a reward, and a sighting of it with a photo. */
interface RecoveryObjects {
  spotter: string;
  thirdParty: string;
  repossession: string;
  dispatch: string;
  sighting: string;
}
const MATRIX_SPOT = { latitude: -26.2041, longitude: 28.0473, accuracy: 10 };
const recoveryObjectsMade = new WeakMap<Fixtures, RecoveryObjects>();
const recoveryObjectsMaking = new WeakMap<Fixtures, Promise<RecoveryObjects>>();
const R = (f: Fixtures) => {
  const made = recoveryObjectsMade.get(f);
  if (!made) throw new Error('recovery objects are made by the sample call first');
  return made;
};

/** A new repossession of Lending dispatched to its matrix spotter with a reward: each call that closes or publishes one gets its own. */
async function newDispatch(f: Fixtures): Promise<{ id: string; rewardId: string; repossessionId: string }> {
  const spotter = (await recoveryObjects(f)).spotter;
  const repossessionId = await newRepossession(f);
  const answer = await f.owner.call<{ id: string; reward: { id: string } }>('POST', '/api/vehicles/repossessions-dispatch', {
    tenant: f.tenants.lending,
    body: { repossessionId, spotterId: spotter, reward: { amountMinor: 250_00, currency: 'ZAR' } },
  });
  if (answer.status !== 201) throw new Error(`dispatch fixture answered ${answer.status}: ${answer.text}`);
  return { id: answer.body.data.id, rewardId: answer.body.data.reward.id, repossessionId };
}

const newSighting = (f: Fixtures, repossessionId: string) =>
  ownerMade(f, 'POST', '/api/vehicles/sightings', { repossessionId, ...MATRIX_SPOT, note: `${LENDING_MARK} sighting ${unique()}` });

function withRecoveryObjects(call: Sample['call']): Sample['call'] {
  return async (f, me) => {
    await recoveryObjects(f);
    return call(f, me);
  };
}

function recoveryObjects(f: Fixtures): Promise<RecoveryObjects> {
  let making = recoveryObjectsMaking.get(f);
  if (!making) {
    making = (async () => {
      const spotter = await ownerMade(f, 'POST', '/api/vehicles/agent', { name: `${LENDING_MARK} spotter ${unique()}` });
      const thirdParty = await ownerMade(f, 'POST', '/api/vehicles/third-party', { name: `${LENDING_MARK} recoveries ${unique()}` });
      const vehicle = await newVehicle(f);
      await newVehiclePhoto(f, vehicle);
      const repossession = await ownerMade(f, 'POST', '/api/vehicles/repossessions', { vehicleId: vehicle });
      const dispatch = await ownerMade(f, 'POST', '/api/vehicles/repossessions-dispatch', {
        repossessionId: repossession,
        spotterId: spotter,
        reward: { amountMinor: 500_00, currency: 'ZAR' },
      });
      const sighting = await newSighting(f, repossession);
      const photo = await f.owner.call('POST', `/api/vehicles/sightings/${sighting}/photo`, {
        tenant: f.tenants.lending,
        ...(await matrixPhotoForm()),
      });
      if (photo.status !== 200) throw new Error(`sighting photo fixture answered ${photo.status}: ${photo.text}`);
      const made: RecoveryObjects = { spotter, thirdParty, repossession, dispatch, sighting };
      recoveryObjectsMade.set(f, made);
      return made;
    })();
    recoveryObjectsMaking.set(f, making);
  }
  return making;
}

/** Lending's lending objects for the lending routes: made once per fixtures, by Lending's owner at company level. */
interface LendingObjects {
  product: string;
  productName: string;
  loan: string;
  payment: string;
  request: string;
}
const lendingObjectsMade = new WeakMap<Fixtures, LendingObjects>();
const lendingObjectsMaking = new WeakMap<Fixtures, Promise<LendingObjects>>();
const LO = (f: Fixtures) => {
  const made = lendingObjectsMade.get(f);
  if (!made) throw new Error('lending objects are made by the sample call first');
  return made;
};

const loanProductBody = async (f: Fixtures, name: string) => ({
  name,
  productCategoryId: await consumerCategory(f),
  currency: 'ZAR',
  minAmountMinor: 100_000,
  maxAmountMinor: 10_000_000,
  minInstalments: 3,
  maxInstalments: 24,
  interestMethod: 'declining-balance',
  annualRatePercent: '22.5',
  repaymentFrequency: 'monthly',
  feePerInstalmentMinor: 1_000,
});

const productCategories = new WeakMap<Fixtures, Promise<string>>();
/** The installation's consumer lending category (categories are the installation's, the same for every company). */
function consumerCategory(f: Fixtures) {
  const found =
    productCategories.get(f) ?? f.s.db.one<{ id: string }>(`select id from product_categories where code = 'CS'`).then((row) => row!.id);
  productCategories.set(f, found);
  return found;
}

const loanApplication = (f: Fixtures, productId: string) => ({
  clientId: f.lending.client,
  productId,
  principalMinor: 500_000,
  instalments: 6,
  submittedOn: day(-40),
});

async function ownerAnswered(f: Fixtures, method: string, url: string, body: unknown) {
  const answer = await f.owner.call(method, url, { body, tenant: f.tenants.lending });
  if (answer.status !== 200) throw new Error(`${method} ${url} answered ${answer.status}: ${answer.text}`);
}

/** A fresh loan of Lending's client, moved to `state` by the owner. */
async function newLoan(f: Fixtures, state: 'submitted' | 'approved' | 'active') {
  // While the shared objects are being made, their product already exists: waiting for them would wait for this loan.
  const product = lendingObjectsMade.get(f)?.product ?? (await lendingObjects(f)).product;
  const id = await ownerMade(f, 'POST', '/api/loans', loanApplication(f, product));
  if (state === 'submitted') return id;
  await ownerAnswered(f, 'POST', `/api/loans/${id}/approve`, { approvedOn: day(-30) });
  if (state === 'active')
    await ownerAnswered(f, 'POST', `/api/loans/${id}/disburse`, { disbursedOn: day(-20), amountMinor: 500_000, channel: 'cash' });
  return id;
}

const newPayment = (f: Fixtures, loanId: string) =>
  ownerMade(f, 'POST', '/api/clients/payments', { loanId, amountMinor: 5_000, paidOn: day(-1), reference: LENDING_MARK });

/** A pending approval of a fresh loan, made by Lending's agent (so the owner may check it), kept as the maker-checker keeps one. */
async function newCheckRequest(f: Fixtures) {
  const loanId = await newLoan(f, 'submitted');
  const row = await f.s.db.one<{ id: string }>(
    `insert into maker_checker_requests (tenant_id, action, loan_id, payload, maker_user_id) values ($1, 'loan-approval', $2, $3::jsonb, $4) returning id`,
    [f.tenants.lending, loanId, JSON.stringify({ approvedOn: day(-30) }), f.lending.agent],
  );
  return row!.id;
}

const reportFileMade = new WeakMap<Fixtures, string>();

/**
 * A kept CSV report file of Meridian Lending made by its owner, recorded and written exactly as a run leaves one
 * (report-file-store.ts, the CSV writer) under the matrix's own DATA_DIR; made once per matrix.
 */
async function lendingReportFile(f: Fixtures): Promise<string> {
  const made = reportFileMade.get(f);
  if (made) return made;
  const file = await recordRunStart(
    f.s.db,
    {
      tenantId: f.tenants.lending,
      reportId: 'tenantLoansReport',
      kind: 'standard',
      reportName: `${LENDING_MARK} tenant loans`,
      format: 'CSV',
      createdBy: f.owner.userId,
    },
    day(),
  );
  const target = absolutePath(f.s.config.dataDir, file.storedPath);
  await mkdir(path.dirname(target), { recursive: true });
  const writer = await openCsvWriter(target, { columns: [{ key: 'tenant', label: 'Tenant', kind: 'text' }] });
  await writer.write([LENDING_MARK]);
  await writer.finish();
  await recordRunDone(f.s.db, file.id, { sizeBytes: (await stat(target)).size, rows: 1 });
  reportFileMade.set(f, file.id);
  return file.id;
}

function withLendingObjects(call: Sample['call']): Sample['call'] {
  return async (f, me) => {
    await lendingObjects(f);
    return call(f, me);
  };
}

function lendingObjects(f: Fixtures): Promise<LendingObjects> {
  let making = lendingObjectsMaking.get(f);
  if (!making) {
    making = (async () => {
      const productName = `${LENDING_MARK} loan ${unique()}`;
      const product = await ownerMade(f, 'POST', '/api/loan-products', await loanProductBody(f, productName));
      const partial = { product, productName, loan: '', payment: '', request: '' };
      lendingObjectsMade.set(f, partial);
      const loan = await newLoan(f, 'active');
      const made: LendingObjects = { ...partial, loan, payment: await newPayment(f, loan), request: await newCheckRequest(f) };
      lendingObjectsMade.set(f, made);
      return made;
    })();
    lendingObjectsMaking.set(f, making);
  }
  return making;
}

/** A spousal consent form's body, signed with a drawn stroke, named with the matrix's mark so lists can be searched for it. */
async function consentBody(loanId: string) {
  const width = 120;
  const height = 40;
  const pixels = Buffer.alloc(width * height * 4);
  for (let x = 10; x < width - 10; x += 1) pixels[(20 * width + x) * 4 + 3] = 255;
  const png = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return {
    kind: 'spousal',
    loanId,
    signerName: `${LENDING_MARK} Spouse`,
    idNumber: '8001015800085',
    phone: '0820000001',
    marriageRegime: 'customary',
    signedPlace: 'Matrix branch',
    signaturePng: `data:image/png;base64,${png.toString('base64')}`,
  };
}

const newConsent = async (f: Fixtures) => ownerMade(f, 'POST', '/api/loan-consents', await consentBody(await newLoan(f, 'submitted')));

const consentObjectsMade = new WeakMap<Fixtures, { consent: string }>();
const consentObjectsMaking = new WeakMap<Fixtures, Promise<{ consent: string }>>();
const CO = (f: Fixtures) => {
  const made = consentObjectsMade.get(f);
  if (!made) throw new Error('consent objects are made by the sample call first');
  return made;
};
function consentObjects(f: Fixtures) {
  let making = consentObjectsMaking.get(f);
  if (!making) {
    making = newConsent(f).then((consent) => {
      consentObjectsMade.set(f, { consent });
      return { consent };
    });
    consentObjectsMaking.set(f, making);
  }
  return making;
}
function withConsentObjects(call: Sample['call']): Sample['call'] {
  return async (f, me) => {
    await consentObjects(f);
    return call(f, me);
  };
}

/** The surname of the matrix's USSD clients (names take letters only), which their lists are searched by. */
const USSD_SURNAME = 'Matrixussd';
const lettersOf = (n: number) => String(n).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

/** A Lending client with a phone, registered for USSD through the gateway (a PIN set in one session). */
async function ussdRegistered(f: Fixtures) {
  const digits = String(counter * 7919 + process.pid)
    .padStart(7, '0')
    .slice(-7);
  unique();
  const phone = `084${digits}`;
  const made = await f.owner.call<{ Id: string }>('POST', '/api/clients', {
    body: { firstName: `Client ${lettersOf(counter)}`, lastName: USSD_SURNAME, mobile: phone },
    tenant: f.tenants.lending,
  });
  if (made.status !== 201) throw new Error(`a USSD client answered ${made.status}: ${made.text}`);
  const sessionId = `matrix-ussd-${unique()}`;
  for (const text of ['', '2468', '2468*2468']) {
    const answer = await f.s.call('POST', '/api/ussd/gateway', {
      body: { sessionId, serviceCode: DEMO_USSD.serviceCode, phoneNumber: `+27${phone.slice(1)}`, text },
    });
    if (answer.status !== 200) throw new Error(`the USSD gateway answered ${answer.status}: ${answer.text}`);
  }
  const session = await f.s.db.one<{ id: string }>(`select id from ussd_sessions where session_id = $1`, [sessionId]);
  return { clientId: made.body.data.Id, session: session!.id };
}

interface UssdObjects {
  clientId: string;
  session: string;
}
const ussdObjectsMade = new WeakMap<Fixtures, UssdObjects>();
const ussdObjectsMaking = new WeakMap<Fixtures, Promise<UssdObjects>>();
const U = (f: Fixtures) => {
  const made = ussdObjectsMade.get(f);
  if (!made) throw new Error('USSD objects are made by the sample call first');
  return made;
};
function ussdObjects(f: Fixtures): Promise<UssdObjects> {
  let making = ussdObjectsMaking.get(f);
  if (!making) {
    making = ussdRegistered(f).then((made) => {
      ussdObjectsMade.set(f, made);
      return made;
    });
    ussdObjectsMaking.set(f, making);
  }
  return making;
}
function withUssdObjects(call: Sample['call']): Sample['call'] {
  return async (f, me) => {
    await ussdObjects(f);
    return call(f, me);
  };
}

const travelled = new WeakSet<Fixtures>();

/** Once per matrix: a trip, a stop with the engine on and a tamper alarm of Lending's asset device, after it was fitted. */
async function assetTravelled(f: Fixtures) {
  if (!travelled.has(f)) {
    travelled.add(f);
    const device = f.lending.assetDevice;
    await addTrip(f.s.db, device, new Date(Date.now() + 1000), 30, 12_000);
    await addStop(f.s.db, device, new Date(Date.now() + 1000), 20);
    await f.s.db.query(
      `insert into device_events (device_id, tenant_id, type, event_time, attributes)
       select id, tenant_id, 'alarm', now() + interval '1 second', '{"alarm":"tampering"}'::jsonb from geo_devices where id = $1`,
      [device],
    );
  }
  return { query: { fromDate: day(-1), toDate: day(1) } };
}

/** Lending's device heard from just now: it is online (within the 600 s timeout) whenever the matrix gets to the call. */
async function assetHeardFromNow(f: Fixtures): Promise<SampleRequest> {
  await f.s.db.query(`update geo_devices set last_update = now() where id = $1`, [f.lending.assetDevice]);
  return {};
}

async function heardFromNow(f: Fixtures): Promise<SampleRequest> {
  await f.s.db.query(`update geo_devices set last_update = now() where id = $1`, [f.lending.device]);
  return {};
}

export const sampleKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Marks of a side an answer to a caller from elsewhere must not hold. */
export const foreignMarks = (f: Fixtures, side: Side, except: string[] = []) =>
  [...new Set([...f.marksOf(side), side.mark])].filter((mark) => !except.includes(mark));

/** Clients by name, for the custom report samples: over the caller's subtree, so a caller from elsewhere reads its own. */
const MATRIX_REPORT = {
  dataset: 'clients',
  columns: [{ column: 'firstName' }, { column: 'lastName' }],
  sort: [{ column: 'lastName', direction: 'ASC' }],
};

interface ReportObjects {
  category: string;
  report: string;
}
const reportObjectsMade = new WeakMap<Fixtures, ReportObjects>();
const reportObjectsMaking = new WeakMap<Fixtures, Promise<ReportObjects>>();
const RO = (f: Fixtures) => {
  const made = reportObjectsMade.get(f);
  if (!made) throw new Error('report objects are made by the sample call first');
  return made;
};

/** Lending's open report category (no roles or tenants listed) and a custom report filed in it. */
function reportObjects(f: Fixtures): Promise<ReportObjects> {
  let making = reportObjectsMaking.get(f);
  if (!making) {
    making = (async () => {
      const category = await ownerMade(f, 'POST', '/api/report-categories', { name: `${LENDING_MARK} category ${unique()}` });
      const report = await ownerMade(f, 'POST', '/api/custom-reports', {
        name: `${LENDING_MARK} report ${unique()}`,
        categoryId: category,
        definition: MATRIX_REPORT,
      });
      const made = { category, report };
      reportObjectsMade.set(f, made);
      return made;
    })();
    reportObjectsMaking.set(f, making);
  }
  return making;
}

function withReportObjects(call: Sample['call']): Sample['call'] {
  return async (f, me) => {
    await reportObjects(f);
    return call(f, me);
  };
}
