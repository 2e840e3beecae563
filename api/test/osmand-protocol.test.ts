import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseLabel, startServer, type TestServer } from './support/harness';
import { addDevice, near, positionsOf, type PositionRow } from './support/tracking-devices';
import { KNOTS_PER_MPS } from '../src/tracking/ingest/osmand-decoder';

describe(`OsmAnd device server (${databaseLabel})`, () => {
  let s: TestServer;
  let base: string;
  let tenantId: string;
  let seq = 0;
  const newDevice = async () => {
    const uniqueId = `phone-${++seq}`;
    return { uniqueId, deviceId: await addDevice(s.db, tenantId, uniqueId) };
  };
  const get = (query: string) => fetch(`${base}/?${query}`);
  const post = (body: string, contentType: string, path = '/') =>
    fetch(`${base}${path}`, { method: 'POST', body, headers: { 'content-type': contentType } });
  const only = async (deviceId: string): Promise<PositionRow> => {
    const rows = await positionsOf(s.db, deviceId);
    assert.equal(rows.length, 1, `one position stored, found ${rows.length}`);
    return rows[0]!;
  };

  before(async () => {
    s = await startServer();
    await s.built.listen();
    base = `http://127.0.0.1:${s.built.deviceServers!.osmandPort}`;
    tenantId = await s.tenantId('Meridian Tracking');
  });
  after(() => s.close());

  test('the query form (GET) is stored field by field: speed in knots, bearing, altitude, accuracy, hdop, batt, charge, driver, other keys', async () => {
    const { uniqueId, deviceId } = await newDevice();
    const answer = await get(
      `id=${uniqueId}&timestamp=1700000000&lat=-26.2041&lon=28.0473&speed=12.5&bearing=270.5&altitude=1753.2&accuracy=8` +
        `&hdop=0.9&batt=87.5&charge=true&driverUniqueId=A1B2C3&ignition=true&rpm=933&fuel=24.5&note=hello%20world&flag=false`,
    );
    assert.equal(answer.status, 200);
    assert.equal(await answer.text(), '');
    const p = await only(deviceId);
    assert.equal(p.protocol, 'osmand');
    assert.equal(p.tenant_id, tenantId);
    assert.equal(p.fix_time.toISOString(), '2023-11-14T22:13:20.000Z');
    assert.equal(p.device_time.toISOString(), '2023-11-14T22:13:20.000Z');
    assert.deepEqual(
      [p.latitude, p.longitude, p.speed, p.course, p.altitude, p.accuracy, p.valid, p.outdated],
      [-26.2041, 28.0473, 12.5, 270.5, 1753.2, 8, true, false],
    );
    assert.deepEqual(p.attributes, {
      hdop: 0.9,
      batteryLevel: 87.5,
      charge: true,
      driverUniqueId: 'A1B2C3',
      ignition: true,
      rpm: 933,
      fuel: 24.5,
      note: 'hello world',
      flag: false,
    });
    const device = await s.db.one<{ position_id: number; last_update: Date }>(
      `select position_id, last_update from geo_devices where id = $1`,
      [deviceId],
    );
    assert.equal(device!.position_id, p.id);
    assert.ok(device!.last_update);
  });

  test('the form body (POST, x-www-form-urlencoded) is read when the URL has no parameters; deviceid and heading are accepted', async () => {
    const { uniqueId, deviceId } = await newDevice();
    const answer = await post(
      `deviceid=${uniqueId}&timestamp=2024-03-01T08:30:00Z&lat=51.5&lon=-0.12&speed=3&heading=45&valid=false&cell=655,1,4301,20011,-71&wifi=00-14-22-01-23-45,-80`,
      'application/x-www-form-urlencoded',
    );
    assert.equal(answer.status, 200);
    const p = await only(deviceId);
    assert.equal(p.fix_time.toISOString(), '2024-03-01T08:30:00.000Z');
    assert.deepEqual([p.latitude, p.longitude, p.speed, p.course, p.valid], [51.5, -0.12, 3, 45, false]);
    assert.deepEqual(p.attributes, {
      network: {
        cellTowers: [{ mobileCountryCode: 655, mobileNetworkCode: 1, locationAreaCode: 4301, cellId: 20011, signalStrength: -71 }],
        wifiAccessPoints: [{ macAddress: '00:14:22:01:23:45', signalStrength: -80 }],
      },
    });
  });

  test('the JSON body of newer Traccar Client versions: speed from m/s, heading, accuracy, battery, motion, activity, extras', async () => {
    const { uniqueId, deviceId } = await newDevice();
    const body = {
      location: {
        event: 'motionchange',
        is_moving: true,
        uuid: '0e9a2473-a9a7-4c00-997b-fb97d2154e75',
        timestamp: '2021-07-21T08:06:34.444Z',
        odometer: 1234.7,
        coords: { latitude: -6.1148096, longitude: 106.6837015, accuracy: 13.8, speed: 18.67, heading: 63, altitude: 35.7 },
        activity: { type: 'in_vehicle', confidence: 100 },
        battery: { is_charging: true, level: 0.79 },
        extras: { trip: 'school', passengers: 3, ratio: 1.5, loaded: true, nested: { ignored: 1 } },
      },
      device_id: uniqueId,
    };
    const answer = await post(JSON.stringify(body), 'application/json; charset=utf-8');
    assert.equal(answer.status, 200);
    const p = await only(deviceId);
    assert.equal(p.fix_time.toISOString(), '2021-07-21T08:06:34.444Z');
    assert.deepEqual([p.latitude, p.longitude, p.course, p.altitude, p.accuracy, p.valid], [-6.1148096, 106.6837015, 63, 35.7, 13.8, true]);
    assert.ok(near(p.speed, 18.67 * KNOTS_PER_MPS), `m/s in knots, got ${p.speed}`);
    assert.deepEqual(p.attributes, {
      event: 'motionchange',
      motion: true,
      odometer: 1234,
      activity: 'in_vehicle',
      batteryLevel: 79,
      charge: true,
      trip: 'school',
      passengers: 3,
      ratio: 1.5,
      loaded: true,
    });
  });

  test("the JSON body's unknown values (-1 speed and heading, accuracy under 10 m) are not kept, as Traccar", async () => {
    const { uniqueId, deviceId } = await newDevice();
    const body = {
      location: {
        timestamp: '2025-05-09T04:11:30.579+02:00',
        coords: { speed: -1, longitude: -122.406417, latitude: 37.785834, accuracy: 5, altitude: 0, heading: -1 },
        battery: { level: -1, is_charging: false },
        mock: true,
      },
      device_id: uniqueId,
    };
    assert.equal((await post(JSON.stringify(body), 'application/json')).status, 200);
    const p = await only(deviceId);
    assert.equal(p.fix_time.toISOString(), '2025-05-09T02:11:30.579Z');
    assert.deepEqual([p.speed, p.course, p.accuracy], [0, 0, 0]);
    assert.deepEqual(p.attributes, { mock: true });
  });

  test('every timestamp form: epoch seconds, epoch milliseconds, ISO-8601 with and without offset, yyyy-MM-dd HH:mm:ss (UTC)', async () => {
    const forms: [string, string][] = [
      ['1442068686', '2015-09-12T14:38:06.000Z'],
      ['1442068686579', '2015-09-12T14:38:06.579Z'],
      ['2016-01-27T18%3A55%3A47Z', '2016-01-27T18:55:47.000Z'],
      ['2016-01-27T20:55:47.250%2B02:00', '2016-01-27T18:55:47.250Z'],
      ['2016-01-27T18:55:47', '2016-01-27T18:55:47.000Z'],
      ['2014-06-04+09%3A10%3A11', '2014-06-04T09:10:11.000Z'],
      ['2014-06-04%2009:10:11', '2014-06-04T09:10:11.000Z'],
    ];
    for (const [sent, stored] of forms) {
      const { uniqueId, deviceId } = await newDevice();
      const answer = await get(`id=${uniqueId}&lat=1&lon=2&timestamp=${sent}`);
      assert.equal(answer.status, 200, `timestamp=${sent}`);
      assert.equal((await only(deviceId)).fix_time.toISOString(), stored, `timestamp=${sent}`);
    }
    // Without a timestamp the position is stamped on arrival.
    const { uniqueId, deviceId } = await newDevice();
    const before = Date.now();
    await get(`id=${uniqueId}&lat=1&lon=2`);
    const fix = (await only(deviceId)).fix_time.getTime();
    assert.ok(fix >= before - 1000 && fix <= Date.now() + 1000);
  });

  test('location=lat,lon stands for lat and lon', async () => {
    const { uniqueId, deviceId } = await newDevice();
    assert.equal((await get(`id=${uniqueId}&timestamp=1377177267&location=60.5,-30.25`)).status, 200);
    const p = await only(deviceId);
    assert.deepEqual([p.latitude, p.longitude], [60.5, -30.25]);
  });

  test('a report without coordinates keeps the last fix and is stored outdated (Traccar)', async () => {
    const { uniqueId, deviceId } = await newDevice();
    await get(`id=${uniqueId}&timestamp=1700000000&lat=10&lon=20&altitude=5`);
    assert.equal((await get(`id=${uniqueId}&timestamp=1700000600&batt=50`)).status, 200);
    const [, second] = await positionsOf(s.db, deviceId);
    assert.deepEqual(
      [
        second!.latitude,
        second!.longitude,
        second!.altitude,
        second!.fix_time.toISOString(),
        second!.device_time.toISOString(),
        second!.outdated,
      ],
      [10, 20, 5, '2023-11-14T22:13:20.000Z', '2023-11-14T22:23:20.000Z', true],
    );
    assert.equal(second!.attributes.batteryLevel, 50);
  });

  test('an unknown or disabled device is answered 400 in the query form and 404 in the JSON form, and nothing is stored', async () => {
    const disabled = `phone-disabled-${++seq}`;
    await s.db.query(`insert into geo_devices (tenant_id, name, unique_id, disabled) values ($1, 'Off', $2, true)`, [tenantId, disabled]);
    for (const id of ['no-such-phone', disabled]) {
      assert.equal((await get(`id=${id}&lat=1&lon=2`)).status, 400);
      assert.equal((await post(`id=${id}&lat=1&lon=2`, 'application/x-www-form-urlencoded')).status, 400);
      const json = { location: { timestamp: '2025-06-15T13:45:12.862Z', coords: { latitude: 1, longitude: 2 } }, device_id: id };
      assert.equal((await post(JSON.stringify(json), 'application/json')).status, 404);
    }
    const stored = await s.db.one<{ n: number }>(
      `select count(*)::int as n from positions p join geo_devices d on d.id = p.device_id where d.unique_id = any($1)`,
      [['no-such-phone', disabled]],
    );
    assert.equal(stored!.n, 0);
  });

  test('malformed reports are answered 400 with a reason and the server goes on: no id, bad or out-of-range coordinates, bad time, bad JSON', async () => {
    const { uniqueId, deviceId } = await newDevice();
    const refusals: [Promise<Response>, RegExp][] = [
      [get('lat=1&lon=2'), /id/],
      [get(`id=${uniqueId}&lat=north&lon=2`), /lat/],
      [get(`id=${uniqueId}&lat=91&lon=2`), /lat/],
      [get(`id=${uniqueId}&lat=1&lon=-180.5`), /lon/],
      [get(`id=${uniqueId}&lat=1`), /lat and lon/],
      [get(`id=${uniqueId}&location=1`), /location/],
      [get(`id=${uniqueId}&lat=1&lon=2&timestamp=yesterday`), /timestamp/],
      [get(`id=${uniqueId}&lat=1&lon=2&timestamp=2024-02-30%2010:00:00`), /timestamp/],
      [get(`id=${uniqueId}&lat=1&lon=2&speed=fast`), /speed/],
      [get(`id=${uniqueId}&lat=1&lon=2&cell=1,2`), /cell/],
      [post('{"device_id":', 'application/json'), /JSON/],
      [post(JSON.stringify({ device_id: uniqueId }), 'application/json'), /location/],
      [post(JSON.stringify({ device_id: uniqueId, location: { timestamp: 'now', coords: {} } }), 'application/json'), /timestamp/],
      [
        post(
          JSON.stringify({ device_id: uniqueId, location: { timestamp: '2025-01-01T00:00:00Z', coords: { latitude: 'x' } } }),
          'application/json',
        ),
        /latitude/,
      ],
    ];
    for (const [answer, reason] of refusals) {
      const response = await answer;
      assert.equal(response.status, 400);
      assert.match(await response.text(), reason);
    }
    assert.equal((await fetch(`${base}/?id=${uniqueId}`, { method: 'POST', body: 'x'.repeat(70_000) })).status, 413);
    assert.equal((await positionsOf(s.db, deviceId)).length, 0);
    assert.equal((await get(`id=${uniqueId}&lat=1&lon=2`)).status, 200, 'the server still stores');
  });

  test('a queued command is the answer to the next report and is marked sent: a custom command its data, another its type', async () => {
    const { uniqueId, deviceId } = await newDevice();
    await s.db.query(
      `insert into command_queue (device_id, tenant_id, command_type, attributes, date_created)
       values ($1, $2, 'custom', '{"data":"interval=30"}', now() - interval '2 minutes'), ($1, $2, 'engineStop', '{}', now() - interval '1 minute')`,
      [deviceId, tenantId],
    );
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const answer = await get(`id=${uniqueId}&lat=1&lon=2&timestamp=${1700000000 + i}`);
      assert.equal(answer.status, 200);
      answers.push(await answer.text());
    }
    assert.deepEqual(answers, ['interval=30', 'engineStop', '']);
    const queue = await s.db.query<{ command_type: string; sent_at: Date | null }>(
      `select command_type, sent_at from command_queue where device_id = $1 order by date_created`,
      [deviceId],
    );
    assert.ok(queue.every((c) => c.sent_at));
    // Each command went out after its report was stored.
    assert.equal((await positionsOf(s.db, deviceId)).length, 3);
  });
});
