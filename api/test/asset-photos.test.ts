import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ASSET_PHOTOS, type Asset, type AssetPhoto } from '@meridian/shared/contract/asset';
import { databaseLabel, fieldError, startServer, type Actor, type TestServer } from './support/harness';

/** A multipart form as a browser builds it, encoded by fetch's own Request/Response machinery. */
async function photoForm(bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg', field: string = ASSET_PHOTOS.field) {
  const data = new FormData();
  data.append(field, new Blob([bytes], { type }), name);
  const response = new Response(data);
  return { body: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

/** A picture of the given size, with some detail so the encoder has work to do. */
function picture(width: number, height: number, format: 'jpeg' | 'png', alpha = false) {
  const background = alpha ? { r: 200, g: 30, b: 30, alpha: 0.5 } : { r: 30, g: 90, b: 160 };
  const image = sharp({ create: { width, height, channels: alpha ? 4 : 3, background } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="50%" cy="50%" r="30%" fill="yellow"/></svg>`) },
  ]);
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

describe(`asset photos (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;
  let asset: Asset;

  const upload = async (actor: Actor, assetId: string, bytes: Buffer, name?: string, type?: string, field?: string) =>
    actor.call<AssetPhoto>('POST', `/api/geo/assets/${assetId}/photos`, await photoForm(bytes, name, type, field));
  const fetchImage = (actor: Actor, url: string) =>
    s.built.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${actor.token}`, 'x-tenant-id': actor.homeTenantId } });

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
    asset = (await lending.call<Asset>('POST', '/api/geo/asset', { body: { registrationNumber: 'GP 40 PH 40', make: 'Nissan Navara' } }))
      .body.data;
  });
  after(() => s.close());

  test('a large photo is kept at most 1600 px with a 320 px thumbnail, both served with the same checks', async () => {
    const answer = await upload(lending, asset.id, await picture(4000, 3000, 'jpeg'), 'IMG_0001.JPG');
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const photo = answer.body.data;
    assert.deepEqual([photo.width, photo.height, photo.thumbWidth, photo.thumbHeight], [1600, 1200, 320, 240]);
    assert.deepEqual([photo.fileName, photo.contentType], ['IMG_0001.JPG', 'image/jpeg']);

    const full = await fetchImage(lending, photo.url);
    assert.equal(full.statusCode, 200);
    assert.equal(full.headers['content-type'], 'image/jpeg');
    const fullMeta = await sharp(full.rawPayload).metadata();
    assert.deepEqual([fullMeta.format, fullMeta.width, fullMeta.height], ['jpeg', 1600, 1200]);
    const thumb = await fetchImage(lending, photo.thumbnailUrl);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    assert.deepEqual([thumbMeta.width, thumbMeta.height], [320, 240]);
    assert.equal(photo.sizeBytes, full.rawPayload.length);

    const folder = path.join(s.config.dataDir, 'files', 'assets', asset.id);
    assert.equal(fs.readdirSync(folder).length, 2, 'the photo and its thumbnail are files under DATA_DIR');

    const listed = await lending.call<AssetPhoto[]>('GET', `/api/geo/assets/${asset.id}/photos`);
    assert.deepEqual(
      listed.body.data.map((p) => p.id),
      [photo.id],
    );
    assert.deepEqual(
      (await lending.call<Asset>('GET', `/api/geo/assets/details/${asset.id}`)).body.data.photos.map((p) => p.thumbnailUrl),
      [photo.thumbnailUrl],
    );

    // Another tenant, and a caller without the permission, get neither the list nor the files.
    assert.equal((await fetchImage(tracking, photo.url)).statusCode, 404);
    assert.equal((await fetchImage(tracking, photo.thumbnailUrl)).statusCode, 404);
    assert.equal((await tracking.call('GET', `/api/geo/assets/${asset.id}/photos`)).status, 404);
    assert.equal((await tracking.call('DELETE', `/api/geo/assets/${asset.id}/photos/${photo.id}`)).status, 404);
    assert.equal((await upload(tracking, asset.id, await picture(100, 100, 'jpeg'))).status, 404);
    assert.equal((await fetchImage(officer, photo.url)).statusCode, 403);
    assert.equal((await upload(officer, asset.id, await picture(100, 100, 'jpeg'))).status, 403);

    const removed = await lending.call('DELETE', `/api/geo/assets/${asset.id}/photos/${photo.id}`);
    assert.equal(removed.status, 200);
    assert.equal((await fetchImage(lending, photo.url)).statusCode, 404);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(fs.readdirSync(folder).length, 0, 'its files are removed');
  });

  test('a small photo is not enlarged; one with transparency is kept as WebP', async () => {
    const small = await upload(lending, asset.id, await picture(200, 120, 'png'), 'small.png', 'image/png');
    assert.equal(small.status, 201, JSON.stringify(small.body));
    assert.deepEqual([small.body.data.width, small.body.data.height, small.body.data.contentType], [200, 120, 'image/jpeg']);
    const clear = await upload(lending, asset.id, await picture(2000, 1000, 'png', true), 'clear.png', 'image/png');
    assert.deepEqual([clear.body.data.width, clear.body.data.height, clear.body.data.contentType], [1600, 800, 'image/webp']);
    const meta = await sharp((await fetchImage(lending, clear.body.data.thumbnailUrl)).rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height, meta.hasAlpha], ['webp', 320, 160, true]);
  });

  test('a file that is no image, one too large, or none at all is refused with a clear 400 or 413', async () => {
    const text = await upload(lending, asset.id, Buffer.from('%PDF-1.4 not a picture at all'), 'photo.jpg', 'image/jpeg');
    assert.equal(text.status, 400);
    assert.match(fieldError(text, ASSET_PHOTOS.field)![0]!, /not an image/);
    const truncated = (await picture(800, 600, 'jpeg')).subarray(0, 400);
    assert.equal((await upload(lending, asset.id, truncated)).status, 400);
    const huge = await upload(lending, asset.id, Buffer.alloc(ASSET_PHOTOS.maxBytes + 1024, 1));
    assert.equal(huge.status, 413);
    assert.match(huge.body.result.message, /too large/);
    const wrongField = await upload(lending, asset.id, await picture(100, 100, 'jpeg'), 'a.jpg', 'image/jpeg', 'file');
    assert.equal(wrongField.status, 400);
    const none = await lending.call('POST', `/api/geo/assets/${asset.id}/photos`, { body: {} });
    assert.equal(none.status, 400);
    assert.match(none.body.result.message, /multipart file in the field 'photo'/);
    assert.equal(
      fs.readdirSync(path.join(s.config.dataDir, 'files', 'assets', asset.id)).length,
      4,
      'only the two stored photos left files',
    );
  });
});
