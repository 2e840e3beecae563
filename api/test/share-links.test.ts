import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { Asset } from '@meridian/shared/contract/asset';
import type { ShareLink, ShareLinkCreated, SharedAsset } from '@meridian/shared/contract/share-link';
import { randomToken } from '../src/auth/passwords';
import { databaseLabel, fieldError, startServer, type Actor, type TestServer } from './support/harness';
import { addPosition } from './support/tracking-rows';

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe(`share links (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let lending: Actor;
  let officer: Actor;
  let hilux: Asset;
  let corolla: Asset;
  const tokens: string[] = [];
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });

  /** A new link of the asset made by `actor`; its token is kept to look for in the log. */
  async function share(actor: Actor, assetId: string, expireDate = inDays(7)) {
    const answer = await actor.call<ShareLinkCreated>('POST', '/api/geo/asset/share-links', {
      body: { expireDate, assetShareId: assetId, status: 'active' },
    });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    tokens.push(answer.body.data.token);
    return answer.body.data;
  }

  const open = (token: string) => s.call<SharedAsset>('GET', `/api/public/share/${token}`);

  before(async () => {
    s = await startServer({}, { logStream });
    tracking = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
    const fleet = (await tracking.call<Asset[]>('GET', '/api/geo/asset/?size=100')).body.data;
    hilux = fleet.find((a) => a.registrationNumber === 'ND 123-456')!;
    corolla = fleet.find((a) => a.id !== hilux.id && Object.keys(a.devices).length > 0)!;
    // 20 knots is 37 km/h; a known latest position of each asset's Primary device.
    await addPosition(s.db, Object.keys(hilux.devices)[0]!, {
      fixTime: new Date(),
      latitude: -29.8587,
      longitude: 31.0218,
      speed: 20,
      course: 135,
      address: 'West Street, Durban',
      attributes: { ignition: true, power: 12.6 },
    });
    await addPosition(s.db, Object.keys(corolla.devices)[0]!, { fixTime: new Date(), latitude: -33.9249, longitude: 18.4241 });
  });
  after(() => s.close());

  test('a link is made for a future expiry, answered with its token and page address once, and listed without its token', async () => {
    const link = await share(tracking, hilux.id);
    assert.match(link.token, /^[A-Za-z0-9_-]{43}$/);
    assert.ok(link.url.endsWith(`/share/${link.token}`), link.url);
    assert.equal(link.status, 'active');
    assert.equal(link.assetId, hilux.id);
    assert.equal(link.assetName, 'ND 123-456 Toyota Hilux');
    assert.equal(link.openCount, 0);

    const listed = await tracking.call<ShareLink[]>('GET', `/api/geo/assets/share-links/${hilux.id}`);
    assert.equal(listed.status, 200);
    const mine = listed.body.data.find((l) => l.id === link.id)!;
    assert.equal(mine.status, 'active');
    assert.equal(mine.expireDate, link.expireDate);
    assert.ok(!listed.text.includes(link.token), 'the list never holds a token');
    const stored = await s.db.one<{ token_hash: string }>(`select token_hash from share_links where id = $1`, [link.id]);
    assert.notEqual(stored!.token_hash, link.token, 'only the hash is stored');
  });

  test('an expiry in the past, further than 90 days, or not a date is refused with 400 and a clear message', async () => {
    for (const [expireDate, message] of [
      [inDays(-1), 'The expiry must be in the future.'],
      [inDays(91), 'A share link lasts at most 90 days.'],
      ['tomorrow', undefined],
    ] as const) {
      const answer = await tracking.call('POST', '/api/geo/asset/share-links', { body: { expireDate, assetShareId: hilux.id } });
      assert.equal(answer.status, 400, expireDate);
      if (message) assert.deepEqual(fieldError(answer, 'expireDate'), [message]);
    }
    const revokedAtBirth = await tracking.call('POST', '/api/geo/asset/share-links', {
      body: { expireDate: inDays(1), assetShareId: hilux.id, status: 'revoked' },
    });
    assert.equal(revokedAtBirth.status, 400);
  });

  test('the public page answers only that asset: its name, latest position, online state and the expiry, no ids', async () => {
    const link = await share(tracking, hilux.id);
    const answer = await open(link.token);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const shared = answer.body.data;
    assert.equal(shared.name, 'ND 123-456 Toyota Hilux');
    assert.deepEqual(
      { ...shared.position, fixTime: undefined },
      { latitude: -29.8587, longitude: 31.0218, speedKmh: 37, course: 135, address: 'West Street, Durban', fixTime: undefined },
    );
    assert.equal(shared.online, true);
    assert.equal(shared.expireDate, link.expireDate);
    assert.equal(typeof shared.timeZone, 'string');
    assert.equal(shared.map.mapTileUrl, s.config.mapTileUrl, "the tenant's map tiles, without the signed-in config call");
    const text = answer.text;
    const ids = [hilux.id, corolla.id, ...Object.keys(hilux.devices), tracking.homeTenantId, link.id, tracking.userId];
    for (const id of ids) assert.ok(!text.includes(id), `the public answer names ${id}`);
    assert.ok(!text.includes('power') && !text.includes('ignition'), 'no telemetry');
    assert.ok(!text.includes('-33.9249'), "another asset's position is not there");

    const seen = (await tracking.call<ShareLink[]>('GET', `/api/geo/assets/share-links/${hilux.id}`)).body.data.find(
      (l) => l.id === link.id,
    )!;
    assert.equal(seen.openCount, 1);
    assert.ok(seen.lastOpenedAt);
    await open(link.token);
    const polled = (await tracking.call<ShareLink[]>('GET', `/api/geo/assets/share-links/${hilux.id}`)).body.data.find(
      (l) => l.id === link.id,
    )!;
    assert.equal(polled.openCount, 1, "a page's polling counts as one opening");
  });

  test('the expiry is changed by the link id (assetInfoId), and an expired link answers 410 until its expiry moves on', async () => {
    const link = await share(tracking, hilux.id, inDays(2));
    const later = inDays(30);
    const changed = await tracking.call<ShareLink>('PUT', '/api/geo/asset/share-links', {
      body: { assetInfoId: link.id, expireDate: later },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.data.expireDate, later);
    const past = await tracking.call('PUT', '/api/geo/asset/share-links', { body: { assetInfoId: link.id, expireDate: inDays(-2) } });
    assert.equal(past.status, 400);
    const nothing = await tracking.call('PUT', '/api/geo/asset/share-links', { body: { assetInfoId: link.id } });
    assert.equal(nothing.status, 400);

    await s.db.query(`update share_links set expire_date = now() - interval '1 minute' where id = $1`, [link.id]);
    const expired = await open(link.token);
    assert.equal(expired.status, 410);
    assert.equal(expired.body.result.message, 'This share link has expired.');
    assert.equal(expired.body.result.code, 'EXPIRED');
    const listed = (await tracking.call<ShareLink[]>('GET', `/api/geo/assets/share-links/${hilux.id}`)).body.data.find(
      (l) => l.id === link.id,
    )!;
    assert.equal(listed.status, 'expired');

    await tracking.call('PUT', '/api/geo/asset/share-links', { body: { assetInfoId: link.id, expireDate: inDays(1) } });
    assert.equal((await open(link.token)).status, 200, 'a new expiry opens it again');
  });

  test('a revoked link answers 404 and stays revoked; a random token answers 404', async () => {
    const link = await share(tracking, hilux.id);
    const revoked = await tracking.call<ShareLink>('PUT', '/api/geo/asset/share-links', {
      body: { assetInfoId: link.id, status: 'revoked' },
    });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    assert.equal(revoked.body.data.status, 'revoked');
    assert.ok(revoked.body.data.revokedAt);
    const gone = await open(link.token);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.result.message, 'This share link does not exist or was revoked.');
    const again = await tracking.call('PUT', '/api/geo/asset/share-links', {
      body: { assetInfoId: link.id, status: 'active', expireDate: inDays(3) },
    });
    assert.equal(again.status, 409);
    assert.equal((await open(link.token)).status, 404);

    assert.equal((await open(randomToken())).status, 404);
    assert.equal((await s.call('GET', '/api/public/share/not-a-token')).status, 400);
  });

  test('a link of a deleted asset no longer opens', async () => {
    const spare = await tracking.call<Asset>('POST', '/api/geo/asset', { body: { registrationNumber: 'SH 1 SH', make: 'Share Van' } });
    const link = await share(tracking, spare.body.data.id);
    assert.equal((await open(link.token)).status, 200);
    assert.equal((await open(link.token)).body.data.position, null, 'an asset without a device has no position');
    assert.equal((await tracking.call('DELETE', `/api/geo/asset/${spare.body.data.id}`)).status, 200);
    assert.equal((await open(link.token)).status, 404);
  });

  test("another company cannot list, make, change or revoke links of this company's asset (404); field staff are refused (403)", async () => {
    const link = await share(tracking, hilux.id);
    assert.equal((await lending.call('GET', `/api/geo/assets/share-links/${hilux.id}`)).status, 404);
    assert.equal(
      (await lending.call('POST', '/api/geo/asset/share-links', { body: { expireDate: inDays(1), assetShareId: hilux.id } })).status,
      404,
    );
    for (const body of [
      { assetInfoId: link.id, expireDate: inDays(60) },
      { assetInfoId: link.id, status: 'revoked' },
    ])
      assert.equal((await lending.call('PUT', '/api/geo/asset/share-links', { body })).status, 404);
    assert.equal((await open(link.token)).status, 200, 'still open: nothing was changed from elsewhere');
    const withLending = await tracking.call('GET', `/api/geo/assets/share-links/${hilux.id}`, { tenant: lending.homeTenantId });
    assert.equal(withLending.status, 403);

    const mapViewer = await s.actorWith('share-map-viewer', ['TRACKING/MAP']);
    for (const actor of [officer, mapViewer]) {
      assert.equal((await actor.call('GET', `/api/geo/assets/share-links/${hilux.id}`)).status, 403);
      assert.equal(
        (await actor.call('POST', '/api/geo/asset/share-links', { body: { expireDate: inDays(1), assetShareId: hilux.id } })).status,
        403,
      );
      assert.equal(
        (await actor.call('PUT', '/api/geo/asset/share-links', { body: { assetInfoId: link.id, status: 'revoked' } })).status,
        403,
      );
    }
  });

  // Last: the address it throttles is every call's in this file.
  test('an address presenting many unknown tokens is throttled (429), and no token ever reaches the log', async () => {
    const link = await share(tracking, hilux.id);
    const statuses: number[] = [];
    for (let i = 0; i < s.config.addressLimits.invalidTokens + 1; i += 1) statuses.push((await open(randomToken())).status);
    assert.ok(statuses.slice(0, -3).every((status) => status === 404));
    assert.equal(statuses.at(-1), 429);
    const refused = await open(link.token);
    assert.equal(refused.status, 429, 'a guessing address is refused before any lookup');
    assert.ok(refused.headers['retry-after']);
    assert.ok(logLines.length > 0, 'the server logged its requests');
    const log = logLines.join('');
    for (const token of tokens) assert.ok(!log.includes(token), 'a token reached the log');
  });
});
