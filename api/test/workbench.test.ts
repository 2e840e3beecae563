import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Workbench } from '@meridian/shared/contract/workbench';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { databaseLabel, fieldError, startServer, type Actor, type TestServer } from './support/harness';
import { addCrash, addNotification, deviceIdOf } from './support/tracking-rows';

describe(`the dispatcher's workbench: what needs attention first (${databaseLabel})`, () => {
  let s: TestServer;
  let operator: Actor;
  let lending: Actor;
  let officer: Actor;
  let hilux: string;
  let truck: string;
  let depot: string;

  const workbench = async (who: Actor, query = '') => {
    const answer = await who.call<Workbench>('GET', `/api/geo/workbench${query}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.data;
  };
  /** Processing's state for a device, as if its last position was inside these fences. */
  const insideFences = (deviceId: string, geofenceIds: string[]) =>
    s.db.query(
      `insert into device_state (device_id, state) values ($1, jsonb_build_object('geofenceIds', $2::jsonb))
       on conflict (device_id) do update set state = jsonb_set(device_state.state, '{geofenceIds}', $2::jsonb)`,
      [deviceId, JSON.stringify(geofenceIds)],
    );

  before(async () => {
    s = await startServer();
    operator = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
    hilux = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[0]!.uniqueId);
    truck = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[6]!.uniqueId);
    depot = (await s.db.one<{ id: string }>(`select id from geofences where name = 'Durban Depot'`))!.id;
    // This database's own: what the demo made is cleared, so each part holds exactly what is made here.
    await s.db.query(`update geo_devices set last_update = now()`);
    await s.db.query(`delete from tracking_notifications`);
    await s.db.query(`delete from crash_events`);
    await s.db.query(`delete from device_geofences`);
    await s.db.query(`update geo_devices set last_update = now() - interval '3 hours' where id = $1`, [hilux]);
    await s.db.query(`update geo_devices set last_update = now() - interval '30 minutes' where id = $1`, [truck]);
  });
  after(() => s.close());

  test('devices silent for longer than the threshold are listed, the longest silent first, with their asset', async () => {
    const hourly = await workbench(operator);
    assert.equal(hourly.offlineMinutes, 60);
    assert.deepEqual(
      hourly.offline.items.map((d) => d.deviceId),
      [hilux],
    );
    assert.equal(hourly.offline.count, 1);
    const asset = await s.db.one<{ id: string; name: string }>(
      `select a.id, a.name from assets a join asset_devices ad on ad.asset_id = a.id where ad.device_id = $1`,
      [hilux],
    );
    assert.deepEqual([hourly.offline.items[0]!.assetId, hourly.offline.items[0]!.assetName], [asset!.id, asset!.name]);
    const strict = await workbench(operator, '?offlineMinutes=20');
    assert.deepEqual(
      strict.offline.items.map((d) => d.deviceId),
      [hilux, truck],
    );
  });

  test('open crashes are the NEW ones, newest first; reviewed ones are not', async () => {
    const older = await addCrash(s.db, hilux, 'accident', new Date(Date.now() - 3_600_000));
    const newer = await addCrash(s.db, truck, 'impact', new Date());
    const reviewed = await addCrash(s.db, truck, 'impact', new Date());
    await s.db.query(`update crash_events set status = 'APPROVED' where id = $1`, [reviewed]);
    const { openCrashes } = await workbench(operator);
    assert.equal(openCrashes.count, 2);
    assert.deepEqual(
      openCrashes.items.map((c) => [c.id, c.kind]),
      [
        [newer, 'impact'],
        [older, 'accident'],
      ],
    );
  });

  test("unread alarms are the caller's own unread alarm notifications; read ones and other events are not", async () => {
    const sos = await addNotification(s.db, truck, 'alarm', 'ND 735-391 Hino 300 Truck: Alarm sos');
    const powerCut = await addNotification(s.db, hilux, 'alarm', 'ND 123-456 Toyota Hilux: Alarm powerCut');
    await addNotification(s.db, hilux, 'geofenceEnter', 'ND 123-456 Toyota Hilux entered Durban Depot');
    assert.equal((await operator.call('POST', '/api/geo/notifications/read', { body: { ids: [powerCut] } })).status, 200);
    const { unreadAlarms } = await workbench(operator);
    assert.equal(unreadAlarms.count, 1);
    assert.deepEqual(
      unreadAlarms.items.map((a) => [a.id, a.deviceId, a.message]),
      [[sos, truck, 'ND 735-391 Hino 300 Truck: Alarm sos']],
    );
  });

  test('a device linked to zones and inside none of them is outside its zones; one inside, or linked to none, is not', async () => {
    await s.db.query(`insert into device_geofences (device_id, geofence_id) values ($1, $3), ($2, $3)`, [hilux, truck, depot]);
    await insideFences(hilux, []);
    await insideFences(truck, [depot]);
    const { outsideZones } = await workbench(operator);
    assert.deepEqual([outsideZones.count, outsideZones.items.map((d) => d.deviceId)], [1, [hilux]]);
    await insideFences(hilux, [depot]);
    assert.equal((await workbench(operator)).outsideZones.count, 0);
  });

  test('another company sees nothing of it, field staff may not open it, a bad threshold is 400', async () => {
    const foreign = await workbench(lending);
    assert.deepEqual(
      [foreign.offline.count, foreign.openCrashes.count, foreign.unreadAlarms.count, foreign.outsideZones.count],
      [0, 0, 0, 0],
    );
    assert.equal((await officer.call('GET', '/api/geo/workbench')).status, 403);
    const bad = await operator.call('GET', '/api/geo/workbench?offlineMinutes=0');
    assert.equal(bad.status, 400);
    assert.deepEqual(fieldError(bad, 'offlineMinutes'), ['At least 1 minute.']);
  });
});
