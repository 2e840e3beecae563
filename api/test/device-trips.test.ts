import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import type { DeviceStopReport, DeviceTripReport } from '@meridian/shared/contract/device-trip';
import { XLSX_CONTENT_TYPE } from '@meridian/shared/contract/device-trip';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { databaseLabel, fieldError, startServer, type Actor, type TestServer } from './support/harness';
import { addStop, addTrip, deviceIdOf } from './support/tracking-rows';

/** The files of a ZIP archive (read from its central directory), inflated. */
function unzip(archive: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = archive.readUInt32LE(end + 16);
  for (let i = 0; i < archive.readUInt16LE(end + 10); i++) {
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    files.set(name, zlib.inflateRawSync(archive.subarray(dataAt, dataAt + size)).toString('utf8'));
    at += 46 + nameLength + extra;
  }
  return files;
}

describe(`trips and stops of a device (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let lending: Actor;
  let officer: Actor;
  let hilux: string;

  before(async () => {
    s = await startServer();
    tracking = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
    hilux = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[0]!.uniqueId);
    // Johannesburg time (the demo's zone, UTC+2): 10 March 06:30 local is 04:30 UTC; 10 March 00:30 local is still 9 March in UTC.
    await addTrip(s.db, hilux, new Date('2025-03-10T04:30:00Z'), 42, 18_400);
    await addTrip(s.db, hilux, new Date('2025-03-09T22:30:00Z'), 20, 5_000);
    await addTrip(s.db, hilux, new Date('2025-03-11T08:00:00Z'), 15, 3_000);
    await addStop(s.db, hilux, new Date('2025-03-10T05:12:00Z'), 95);
  });
  after(() => s.close());

  const trips = (query: string, actor = tracking) =>
    actor.call<DeviceTripReport>('GET', `/api/geo/device/trip/details?deviceId=${hilux}&${query}`);

  test("a device's trips over days of the tenant's time zone, both days included, in start order", async () => {
    const oneDay = await trips('fromDate=2025-03-10&toDate=2025-03-10');
    assert.equal(oneDay.status, 200, JSON.stringify(oneDay.body));
    assert.deepEqual(
      [oneDay.body.data.fromDate, oneDay.body.data.toDate, oneDay.body.data.timeZone],
      ['2025-03-10', '2025-03-10', 'Africa/Johannesburg'],
    );
    assert.deepEqual(
      oneDay.body.data.trips.map((t) => [t.startTime, t.distance, t.duration, t.deviceName]),
      [
        ['2025-03-09T22:30:00.000Z', 5000, 1_200_000, DEMO_TRACKING_DEVICES[0]!.name],
        ['2025-03-10T04:30:00.000Z', 18_400, 2_520_000, DEMO_TRACKING_DEVICES[0]!.name],
      ],
    );
    assert.equal((await trips('fromDate=2025-03-10&toDate=2025-03-11')).body.data.trips.length, 3);
    const stops = await tracking.call<DeviceStopReport>(
      'GET',
      `/api/geo/device/trip/stops?deviceId=${hilux}&fromDate=2025-03-10&toDate=2025-03-10`,
    );
    assert.deepEqual(
      stops.body.data.stops.map((stop) => [stop.address, stop.duration, stop.engineHours]),
      [['Gateway, Umhlanga', 5_700_000, 120_000]],
    );
  });

  test('without dates the report covers one day ago to 7 days ahead (spec 9)', async () => {
    const report = await trips('');
    const day = (offset: number) => new Date(Date.now() + 2 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    assert.deepEqual([report.body.data.fromDate, report.body.data.toDate], [day(-1), day(7)]);
    const onlyFrom = await trips('fromDate=2025-03-10');
    assert.deepEqual([onlyFrom.body.data.fromDate, onlyFrom.body.data.toDate], ['2025-03-10', '2025-03-18']);
  });

  test('the same rows download as CSV and as an XLSX workbook', async () => {
    const csv = await tracking.call(
      'GET',
      `/api/geo/device/trip/details?deviceId=${hilux}&fromDate=2025-03-10&toDate=2025-03-10&format=csv`,
    );
    assert.equal(csv.status, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.match(
      String(csv.headers['content-disposition']),
      /attachment; filename="Trips ND 123-456 Toyota Hilux 2025-03-10 to 2025-03-10.csv"/,
    );
    const lines = csv.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0]!, /^Device,Start,End,Duration,Distance \(km\)/);
    assert.match(
      lines[2]!,
      /^ND 123-456 Toyota Hilux,2025-03-10 06:30:00,2025-03-10 07:12:00,0:42:00,18\.4,40,90,"Quality Street, Jacobs","Gateway, Umhlanga",-29\.92,/,
    );
    const xlsx = await s.built.app.inject({
      method: 'GET',
      url: `/api/geo/device/trip/stops?deviceId=${hilux}&fromDate=2025-03-10&toDate=2025-03-10&format=xlsx`,
      headers: { authorization: `Bearer ${tracking.token}`, 'x-tenant-id': tracking.homeTenantId },
    });
    assert.equal(xlsx.statusCode, 200);
    assert.equal(xlsx.headers['content-type'], XLSX_CONTENT_TYPE);
    const files = unzip(xlsx.rawPayload);
    assert.deepEqual([...files.keys()].sort(), [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    assert.match(sheet, /<t xml:space="preserve">Engine hours<\/t>/);
    assert.match(sheet, /<t xml:space="preserve">2025-03-10 07:12:00<\/t>/);
    assert.match(sheet, /<c r="G2"><v>-29.7266<\/v><\/c>/, 'numbers stay numbers');
  });

  test('bad days answer 400 naming the field; another company answers 404; without the permission 403', async () => {
    assert.deepEqual(fieldError(await trips('fromDate=2025-03-12&toDate=2025-03-10'), 'toDate'), [
      'The end date cannot be before the start date.',
    ]);
    assert.ok(fieldError(await trips('fromDate=2025-01-01&toDate=2025-12-31'), 'toDate'));
    assert.ok(fieldError(await trips('fromDate=10/03/2025'), 'fromDate'));
    assert.ok(fieldError(await trips('format=pdf'), 'format'));
    assert.ok(fieldError(await tracking.call('GET', '/api/geo/device/trip/details'), 'deviceId'));
    assert.equal((await trips('', lending)).status, 404);
    assert.equal((await lending.call('GET', `/api/geo/device/trip/stops?deviceId=${hilux}`)).status, 404);
    assert.equal((await trips('', officer)).status, 403);
  });
});
