import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import assert from 'node:assert/strict';
import type { Vehicle, VehicleDetails, VehicleExistence, VehiclePhoto, VehicleReference } from '@meridian/shared/contract/vehicle';
import type { Bluebook } from '@meridian/shared/contract/bluebook';
import { DEMO_ASSETS } from '../src/seed/demo-assets';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { addPosition, deviceIdOf } from './support/tracking-rows';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';

/** A multipart form of several files as a browser builds it, encoded by fetch's own Request/Response machinery. */
async function photosForm(files: { bytes: Buffer; name: string; type: string }[]) {
  const data = new FormData();
  for (const file of files) data.append('photo', new Blob([file.bytes], { type: file.type }), file.name);
  const response = new Response(data);
  return { body: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

describe(`vehicles (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;

  const create = (actor: Actor, body: Record<string, unknown>) => actor.call<VehicleDetails>('POST', '/api/vehicles', { body });

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
  });
  after(() => s.close());

  test('a vehicle is created, read, found by registration, edited and deleted (soft) with its id in the body', async () => {
    const made = await create(lending, {
      registrationNumber: 'gp 10 vh 10',
      engineNumber: 'eng-10',
      vehicleIdentificationNumber: 'vin00000000000010',
      make: 'Toyota',
      model: 'Corolla',
      year: 2019,
    });
    assert.equal(made.status, 201, made.text);
    const id = made.body.data.id;
    assert.equal(made.body.data.status, 'active');
    // The demo bluebook holds the 2019 Toyota Corolla: its value is shown, in minor units.
    assert.deepEqual(
      made.body.data.bluebook && { valueMinor: made.body.data.bluebook.valueMinor, currency: made.body.data.bluebook.currency },
      { valueMinor: 21_990_000, currency: 'ZAR' },
    );

    const details = await lending.call<VehicleDetails>('GET', `/api/vehicles/details/${id}`);
    assert.equal(details.status, 200);
    assert.equal(details.body.data.registrationNumber, 'gp 10 vh 10');
    assert.equal(details.body.data.latestPosition, null);

    const found = await lending.call<Vehicle>('GET', `/api/vehicles/regNumber/${encodeURIComponent('GP10VH10')}`);
    assert.equal(found.status, 200);
    assert.equal(found.body.data.id, id);

    const edited = await lending.call<VehicleDetails>('PUT', `/api/vehicles/${id}`, {
      body: { registrationNumber: 'GP 10 VH 10', make: 'Toyota', model: 'Corolla', year: 2001, status: 'inactive' },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.data.status, 'inactive');
    assert.equal(edited.body.data.bluebook, null, 'no exact make, model and year match: no value');

    const deleted = await lending.call('POST', '/api/vehicles/delete', { body: { id } });
    assert.equal(deleted.status, 200);
    assert.equal((await lending.call('GET', `/api/vehicles/details/${id}`)).status, 404);
    assert.equal((await lending.call('POST', '/api/vehicles/delete', { body: { id } })).status, 404);
  });

  test('the list filters by status, searches upper-cased text and sorts newest first by default', async () => {
    const a = (await create(lending, { registrationNumber: 'LS 1 A', make: 'Listmake', status: 'inactive' })).body.data;
    const b = (await create(lending, { registrationNumber: 'LS 2 B', make: 'Listmake' })).body.data;
    const list = await lending.call<Vehicle[]>('GET', '/api/vehicles?search=listmake');
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.data.map((v) => v.id),
      [b.id, a.id],
    );
    assert.equal(pagingOf(list).total, 2);
    const inactive = await lending.call<Vehicle[]>('GET', '/api/vehicles?search=listmake&status=inactive');
    assert.deepEqual(
      inactive.body.data.map((v) => v.id),
      [a.id],
    );
    const bad = await lending.call('GET', '/api/vehicles?status=flying');
    assert.equal(bad.status, 400);
    assert.ok(fieldError(bad, 'status'));
  });

  test('the existence check names which identifiers exist in the caller’s tenants, ignoring case and spaces', async () => {
    await create(lending, { registrationNumber: 'EX 1 ST', engineNumber: 'EXENG1', vehicleIdentificationNumber: 'EXVIN1', make: 'Mazda' });
    const answer = await lending.call<VehicleExistence>('POST', '/api/vehicles/exist', {
      body: { registrationNumber: 'ex1st', engineNumber: 'other', vehicleIdentificationNumber: 'exvin1' },
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.data, { exists: true, registrationNumber: true, engineNumber: false, vehicleIdentificationNumber: true });
    // Another company's records are never revealed: there the same identifiers do not exist.
    const elsewhere = await tracking.call<VehicleExistence>('POST', '/api/vehicles/exist', { body: { registrationNumber: 'EX 1 ST' } });
    assert.equal(elsewhere.body.data.exists, false);
    const empty = await lending.call('POST', '/api/vehicles/exist', { body: {} });
    assert.equal(empty.status, 400);
    assert.ok(fieldError(empty, 'registrationNumber'));
  });

  test('a second vehicle with the same registration, engine number or VIN in a tenant is a 409 naming the field', async () => {
    await create(lending, { registrationNumber: 'DUP 1', engineNumber: 'DUPENG', make: 'Kia' });
    const again = await create(lending, { registrationNumber: 'dup1', engineNumber: 'dup eng', make: 'Kia' });
    assert.equal(again.status, 409);
    assert.ok(fieldError(again, 'registrationNumber'));
    assert.ok(fieldError(again, 'engineNumber'));
    // Another company may hold its own record of the same car.
    assert.equal((await create(tracking, { registrationNumber: 'DUP 1', make: 'Kia' })).status, 201);
  });

  test('bad input is a 400 naming the field', async () => {
    for (const [body, field] of [
      [{ make: 'Kia' }, 'registrationNumber'],
      [{ registrationNumber: 'BAD 1' }, 'make'],
      [{ registrationNumber: 'BAD 1', make: 'Kia', year: 1800 }, 'year'],
      [{ registrationNumber: 'BAD 1', make: 'Kia', status: 'stolen!' }, 'status'],
      [{ registrationNumber: 'BAD 1', make: 'Kia', categoryId: '00000000-0000-4000-8000-000000000001' }, 'categoryId'],
      [{ registrationNumber: 'BAD 1', make: 'Kia', assetId: 'nope' }, 'assetId'],
    ] as const) {
      const answer = await create(lending, body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${answer.text}`);
      assert.ok(fieldError(answer, field), `${field} named in ${answer.text}`);
    }
    assert.equal((await lending.call('POST', '/api/vehicles/delete', { body: { id: 'x' } })).status, 400);
  });

  test('a vehicle linked to a tracked asset shows the asset’s latest position; another company’s asset cannot be linked', async () => {
    const tracked = (
      await tracking.call<Vehicle>('GET', `/api/vehicles/regNumber/${encodeURIComponent(DEMO_ASSETS[0]!.registrationNumber)}`)
    ).body.data;
    assert.ok(tracked.assetId, 'the demo links Tracking’s vehicles to its assets');
    const device = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[DEMO_ASSETS[0]!.device]!.uniqueId);
    await addPosition(s.db, device, { fixTime: new Date(), latitude: -29.8587, longitude: 31.0218, attributes: {} });
    const details = await tracking.call<VehicleDetails>('GET', `/api/vehicles/details/${tracked.id}`);
    assert.equal(details.status, 200);
    assert.ok(details.body.data.latestPosition, 'the asset’s latest position');
    assert.deepEqual([details.body.data.latestPosition.latitude, details.body.data.latestPosition.longitude], [-29.8587, 31.0218]);

    const stolen = await create(lending, { registrationNumber: 'LINK 1', make: 'Toyota', assetId: tracked.assetId });
    assert.equal(stolen.status, 400);
    assert.ok(fieldError(stolen, 'assetId'));
  });

  test('reference lists: features, attributes and categories of the company, seen from its branches; one by id', async () => {
    for (const kind of ['features', 'attributes', 'categories']) {
      const list = await officer.call('GET', `/api/vehicles/${kind}`);
      assert.equal(list.status, 403, `${kind} without a vehicles permission`);
      const mine = await lending.call<VehicleReference[]>('GET', `/api/vehicles/${kind}`);
      assert.equal(mine.status, 200);
      assert.ok(mine.body.data.length > 0, kind);
      const theirs = await tracking.call<VehicleReference[]>('GET', `/api/vehicles/${kind}`);
      assert.ok(!theirs.body.data.some((r) => mine.body.data.some((m) => m.id === r.id)), `${kind} of another company stay hidden`);
      if (kind !== 'categories') {
        const one = await lending.call<VehicleReference>('GET', `/api/vehicles/${kind}/${mine.body.data[0]!.id}`);
        assert.equal(one.status, 200);
        assert.equal((await tracking.call('GET', `/api/vehicles/${kind}/${mine.body.data[0]!.id}`)).status, 404);
      }
    }
    const category = (await lending.call<VehicleReference[]>('GET', '/api/vehicles/categories')).body.data[0]!;
    const made = await create(lending, { registrationNumber: 'CAT 1', make: 'Kia', categoryId: category.id });
    assert.equal(made.status, 201);
    assert.equal(made.body.data.categoryName, category.name);
  });

  test('features and attribute values are saved with the vehicle, answered by name, replaced when given and kept when left out', async () => {
    const features = (await lending.call<VehicleReference[]>('GET', '/api/vehicles/features')).body.data;
    const attributes = (await lending.call<VehicleReference[]>('GET', '/api/vehicles/attributes')).body.data;
    const [first, second] = features;
    const condition = attributes[0]!;
    const made = await create(lending, {
      registrationNumber: 'LINK 1',
      make: 'Kia',
      featureIds: [first!.id, second!.id],
      attributes: [{ attributeId: condition.id, value: ' Fair ' }],
    });
    assert.equal(made.status, 201, made.text);
    const byName = (list: { name: string }[]) => list.map((item) => item.name).sort();
    assert.deepEqual(byName(made.body.data.features), byName([first!, second!]));
    assert.deepEqual(made.body.data.attributes, [{ attributeId: condition.id, name: condition.name, value: 'Fair' }]);

    const id = made.body.data.id;
    const kept = await lending.call<VehicleDetails>('PUT', `/api/vehicles/${id}`, { body: { registrationNumber: 'LINK 1', make: 'Kia' } });
    assert.equal(kept.status, 200, kept.text);
    assert.equal(kept.body.data.features.length, 2, 'left out, the features stay');
    assert.equal(kept.body.data.attributes.length, 1, 'left out, the attribute values stay');

    const replaced = await lending.call<VehicleDetails>('PUT', `/api/vehicles/${id}`, {
      body: { registrationNumber: 'LINK 1', make: 'Kia', featureIds: [second!.id], attributes: [] },
    });
    assert.deepEqual(
      replaced.body.data.features.map((f) => f.id),
      [second!.id],
    );
    assert.deepEqual(replaced.body.data.attributes, []);
    const read = await lending.call<VehicleDetails>('GET', `/api/vehicles/details/${id}`);
    assert.deepEqual(
      read.body.data.features.map((f) => f.id),
      [second!.id],
    );
  });

  test('a feature or attribute of another company, a repeated one or an empty value is a 400 naming the field', async () => {
    const theirFeature = (await tracking.call<VehicleReference[]>('GET', '/api/vehicles/features')).body.data[0]!;
    const theirAttribute = (await tracking.call<VehicleReference[]>('GET', '/api/vehicles/attributes')).body.data[0]!;
    const mine = (await lending.call<VehicleReference[]>('GET', '/api/vehicles/features')).body.data[0]!;
    const myAttribute = (await lending.call<VehicleReference[]>('GET', '/api/vehicles/attributes')).body.data[0]!;
    const base = { registrationNumber: 'LINK BAD', make: 'Kia' };
    for (const [body, field] of [
      [{ ...base, featureIds: [theirFeature.id] }, 'featureIds'],
      [{ ...base, attributes: [{ attributeId: theirAttribute.id, value: 'x' }] }, 'attributes'],
      [{ ...base, featureIds: [mine.id, mine.id] }, 'featureIds'],
      [{ ...base, attributes: [{ attributeId: myAttribute.id, value: '  ' }] }, 'attributes.0.value'],
      [{ ...base, featureIds: ['not-an-id'] }, 'featureIds.0'],
    ] as const) {
      const answer = await create(lending, body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${answer.text}`);
      assert.ok(fieldError(answer, field), `${field} named: ${answer.text}`);
    }
    const list = await lending.call<Vehicle[]>('GET', '/api/vehicles?search=LINK%20BAD');
    assert.equal(list.body.data.length, 0, 'nothing was saved');
  });

  test('without a vehicles permission every call is a 403; another company’s vehicle is a 404', async () => {
    const mine = (await create(lending, { registrationNumber: 'PERM 1', make: 'Kia' })).body.data;
    for (const [method, url, body] of [
      ['GET', '/api/vehicles', undefined],
      ['GET', `/api/vehicles/details/${mine.id}`, undefined],
      ['GET', '/api/vehicles/regNumber/PERM1', undefined],
      ['POST', '/api/vehicles', { registrationNumber: 'PERM 2', make: 'Kia' }],
      ['PUT', `/api/vehicles/${mine.id}`, { registrationNumber: 'PERM 1', make: 'Kia' }],
      ['POST', '/api/vehicles/delete', { id: mine.id }],
      ['POST', '/api/vehicles/exist', { registrationNumber: 'PERM 1' }],
    ] as const) {
      assert.equal((await officer.call(method, url, { body })).status, 403, `${method} ${url}`);
    }
    assert.equal((await tracking.call('GET', `/api/vehicles/details/${mine.id}`)).status, 404);
    assert.equal((await tracking.call('GET', '/api/vehicles/regNumber/PERM1')).status, 404);
    assert.equal(
      (await tracking.call('PUT', `/api/vehicles/${mine.id}`, { body: { registrationNumber: 'X 1', make: 'Kia' } })).status,
      404,
    );
    assert.equal((await tracking.call('POST', '/api/vehicles/delete', { body: { id: mine.id } })).status, 404);
    const list = await tracking.call<Vehicle[]>('GET', '/api/vehicles?size=1000');
    assert.ok(!list.body.data.some((v) => v.id === mine.id));
  });

  test('bluebook values: created, listed by make, edited, deleted; money in whole minor units only; another company gets 404', async () => {
    const made = await lending.call<Bluebook>('POST', '/api/vehicles/bluebook', {
      body: { make: 'Suzuki', model: 'Swift', year: 2022, valueMinor: 18_999_900, currency: 'zar' },
    });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual([made.body.data.valueMinor, made.body.data.currency], [18_999_900, 'ZAR']);
    const id = made.body.data.id;
    const again = await lending.call('POST', '/api/vehicles/bluebook', {
      body: { make: 'suzuki', model: 'SWIFT', year: 2022, valueMinor: 1, currency: 'ZAR' },
    });
    assert.equal(again.status, 409);
    for (const [body, field] of [
      [{ make: 'A', model: 'B', year: 2020, valueMinor: 10.5, currency: 'ZAR' }, 'valueMinor'],
      [{ make: 'A', model: 'B', year: 2020, valueMinor: -1, currency: 'ZAR' }, 'valueMinor'],
      [{ make: 'A', model: 'B', year: 2020, valueMinor: 1, currency: 'RAND' }, 'currency'],
      [{ make: 'A', model: 'B', valueMinor: 1, currency: 'ZAR' }, 'year'],
    ] as const) {
      const bad = await lending.call('POST', '/api/vehicles/bluebook', { body });
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.ok(fieldError(bad, field), `${field} in ${bad.text}`);
    }
    const list = await lending.call<Bluebook[]>('GET', '/api/vehicles/bluebook?make=suzuki');
    assert.deepEqual(
      list.body.data.map((b) => b.id),
      [id],
    );
    const vehicle = (await create(lending, { registrationNumber: 'BB 1', make: 'SUZUKI', model: 'swift', year: 2022 })).body.data;
    assert.equal(vehicle.bluebook?.id, id);

    const edited = await lending.call<Bluebook>('PUT', `/api/vehicles/bluebook/${id}`, {
      body: { make: 'Suzuki', model: 'Swift', year: 2022, valueMinor: 17_500_000, currency: 'ZAR' },
    });
    assert.equal(edited.status, 200);
    assert.equal(edited.body.data.valueMinor, 17_500_000);
    assert.equal((await tracking.call('GET', `/api/vehicles/bluebook/${id}`)).status, 404);
    assert.equal((await tracking.call('DELETE', `/api/vehicles/bluebook/${id}`)).status, 404);
    assert.equal((await officer.call('GET', '/api/vehicles/bluebook')).status, 403);
    assert.equal(
      (
        await officer.call('POST', '/api/vehicles/bluebook', {
          body: { make: 'A', model: 'B', year: 2020, valueMinor: 1, currency: 'ZAR' },
        })
      ).status,
      403,
    );
    assert.equal((await lending.call('DELETE', `/api/vehicles/bluebook/${id}`)).status, 200);
    assert.equal((await lending.call('GET', `/api/vehicles/bluebook/${id}`)).status, 404);
  });

  test('several photos are uploaded in one call, resized with thumbnails, served with the vehicle’s checks and deleted by id', async () => {
    const vehicle = (await create(lending, { registrationNumber: 'PH 1', make: 'Toyota' })).body.data;
    const form = await photosForm([
      { bytes: await picture(4000, 3000), name: 'front.jpg', type: 'image/jpeg' },
      { bytes: await picture(800, 600), name: 'back.jpg', type: 'image/jpeg' },
    ]);
    const uploaded = await lending.call<VehiclePhoto[]>('POST', `/api/vehicles/${vehicle.id}/photos`, form);
    assert.equal(uploaded.status, 201, uploaded.text);
    assert.deepEqual(
      uploaded.body.data.map((p) => [p.fileName, p.width, p.height, p.thumbWidth, p.thumbHeight]),
      [
        ['front.jpg', 1600, 1200, 320, 240],
        ['back.jpg', 800, 600, 320, 240],
      ],
    );
    const [front] = uploaded.body.data;
    const fetchImage = (actor: Actor, url: string) =>
      s.built.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${actor.token}`, 'x-tenant-id': actor.homeTenantId } });
    const thumb = await fetchImage(lending, front!.thumbnailUrl);
    assert.equal(thumb.statusCode, 200);
    const meta = await sharp(thumb.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 320, 240]);
    assert.equal((await fetchImage(tracking, front!.url)).statusCode, 404);

    const details = await lending.call<VehicleDetails>('GET', `/api/vehicles/details/${vehicle.id}`);
    assert.equal(details.body.data.photos.length, 2);

    const notImage = await lending.call(
      'POST',
      `/api/vehicles/${vehicle.id}/photos`,
      await photosForm([{ bytes: Buffer.from('hello'), name: 'x.jpg', type: 'image/jpeg' }]),
    );
    assert.equal(notImage.status, 400);
    assert.ok(fieldError(notImage, 'photo'));
    assert.equal((await tracking.call('POST', `/api/vehicles/${vehicle.id}/photos`, form)).status, 404);
    assert.equal((await officer.call('POST', `/api/vehicles/${vehicle.id}/photos`, form)).status, 403);

    assert.equal((await tracking.call('POST', '/api/vehicles/photo-delete', { body: { id: front!.id } })).status, 404);
    assert.equal((await officer.call('POST', '/api/vehicles/photo-delete', { body: { id: front!.id } })).status, 403);
    assert.equal((await lending.call('POST', '/api/vehicles/photo-delete', { body: { id: front!.id } })).status, 200);
    assert.equal((await fetchImage(lending, front!.url)).statusCode, 404);
    const left = await lending.call<VehiclePhoto[]>('GET', `/api/vehicles/${vehicle.id}/photos`);
    assert.deepEqual(
      left.body.data.map((p) => p.fileName),
      ['back.jpg'],
    );
  });
});
