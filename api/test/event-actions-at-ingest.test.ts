/**
 * Event actions run at ingest and crashes opened at ingest (issue 19 items 4 and 5): rules made
 * through the API, positions stored and processed as the writer does (one transaction per batch,
 * pushes after commit), then what the firings left: notifications (pushed to the named users), e-mails
 * in the outbox, commands queued for the listeners, the firing log and its list; crashes in status NEW.
 */
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fenceBounds, type FenceDefinition } from '@meridian/shared/geo-fence';
import type { EventAction, EventActionFiring } from '@meridian/shared/contract/event-action';
import type { GeoCommand } from '@meridian/shared/contract/geo-command';
import type { TrackingNotification } from '@meridian/shared/contract/tracking-live';
import type { Queryable } from '../src/db/database';
import type { StoredPosition } from '../src/tracking/position';
import { commandText, createCommandQueue } from '../src/tracking/ingest/queued-commands';
import type { LiveRealtime } from '../src/tracking/processing/live-pushes';
import { createPositionProcessor, type TrackingPositionProcessor } from '../src/tracking/processing/position-processor';
import { eventActionsChanged } from '../src/tracking/tracking-changes';
import { databaseLabel, pagingOf, startServer, type Actor, type TestServer } from './support/harness';

// Monday 2 March 2026, 10:00 in Johannesburg (the demo tenant's zone, UTC+2).
const T0 = Date.parse('2026-03-02T08:00:00Z');
const METRES_PER_DEGREE = 111_194.93;
const ORIGIN = { latitude: -26.2, longitude: 28.04 };

interface Sample {
  seconds: number;
  north: number;
  attributes?: Record<string, unknown>;
}

/** Samples every 10 s from `fromSeconds`, `metresEach` further north each time. */
const track = (fromSeconds: number, count: number, fromNorth: number, metresEach: number, attributes: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, k) => ({ seconds: fromSeconds + k * 10, north: fromNorth + k * metresEach, attributes }));

async function storePositions(q: Queryable, device: { id: string; tenantId: string }, samples: Sample[]): Promise<StoredPosition[]> {
  const rows = samples.map((s) => ({
    fix_time: new Date(T0 + s.seconds * 1000).toISOString(),
    latitude: ORIGIN.latitude + s.north / METRES_PER_DEGREE,
    attributes: s.attributes ?? {},
  }));
  const stored = await q.query<{ id: number; fix_time: Date; server_time: Date; latitude: number; attributes: Record<string, unknown> }>(
    `insert into positions (device_id, tenant_id, protocol, device_time, fix_time, valid, latitude, longitude, speed, course, attributes)
     select $1, $2, 'teltonika', x.fix_time, x.fix_time, true, x.latitude, $3, 10, 0, x.attributes
       from jsonb_to_recordset($4::jsonb) as x(fix_time timestamptz, latitude float8, attributes jsonb)
     returning id, fix_time, server_time, latitude, attributes`,
    [device.id, device.tenantId, ORIGIN.longitude, JSON.stringify(rows)],
  );
  return stored
    .map((row) => ({
      id: Number(row.id),
      deviceId: device.id,
      tenantId: device.tenantId,
      protocol: 'teltonika' as const,
      serverTime: new Date(row.server_time),
      deviceTime: new Date(row.fix_time),
      fixTime: new Date(row.fix_time),
      valid: true,
      outdated: false,
      latitude: row.latitude,
      longitude: ORIGIN.longitude,
      altitude: 0,
      speed: 10,
      course: 0,
      accuracy: 0,
      attributes: row.attributes,
    }))
    .sort((a, b) => a.id - b.id);
}

function fakeRealtime() {
  const toTenants: { tenantId: string; payload: unknown }[] = [];
  const toUsers: { userId: string; payload: unknown }[] = [];
  const realtime: LiveRealtime = {
    toTenantSubtree: async (tenantId, _event, payload) => void toTenants.push({ tenantId, payload }),
    toUser: (userId, _event, payload) => void toUsers.push({ userId, payload }),
  };
  return { realtime, toTenants, toUsers };
}

describe(`event actions at ingest, and crashes (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let tenantId: string;
  const log = () => undefined;

  async function createDevice(name: string) {
    const row = await s.db.one<{ id: string }>(`insert into geo_devices (tenant_id, name, unique_id) values ($1, $2, $3) returning id`, [
      tenantId,
      name,
      `35${Math.floor(Math.random() * 1e13)}`,
    ]);
    return { id: row!.id, tenantId };
  }

  async function createGeofence(name: string, centreNorth: number, radius: number, deviceIds: string[]) {
    const fence: FenceDefinition = {
      shape: 'circle',
      geometry: { type: 'Point', coordinates: [ORIGIN.longitude, ORIGIN.latitude + centreNorth / METRES_PER_DEGREE] },
      radius,
    };
    const box = fenceBounds(fence);
    const row = await s.db.one<{ id: string }>(
      `insert into geofences (tenant_id, name, type, shape, geometry, radius, min_lat, min_lon, max_lat, max_lon)
       values ($1, $2, 'geofence', 'circle', $3, $4, $5, $6, $7, $8) returning id`,
      [tenantId, name, JSON.stringify(fence.geometry), radius, box.minLat, box.minLon, box.maxLat, box.maxLon],
    );
    for (const deviceId of deviceIds)
      await s.db.query(`insert into device_geofences (device_id, geofence_id) values ($1, $2)`, [deviceId, row!.id]);
    return row!.id;
  }

  async function createRule(body: Record<string, unknown>) {
    const created = await tracking.call<EventAction>('POST', '/api/geo/eventActions', { body });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.data;
  }

  async function ingest(processor: TrackingPositionProcessor, device: { id: string; tenantId: string }, samples: Sample[]) {
    const stored = await s.db.tx(async (q) => {
      const positions = await storePositions(q, device, samples);
      await processor.process(q, positions);
      return positions;
    });
    processor.afterCommit(stored);
    return stored;
  }

  const firingsOf = async (actionId: string) =>
    (await tracking.call<EventActionFiring[]>('GET', `/api/geo/eventActions/${actionId}/firings`)).body.data;

  before(async () => {
    s = await startServer();
    tracking = await s.as('company admin');
    tenantId = await s.tenantId('Meridian Tracking');
  });
  after(() => s.close());
  // The demo rules would fire on every geofence and alarm event of the tenant: each test sets its own.
  beforeEach(async () => {
    await s.db.query(`update event_actions set deleted_at = now() where tenant_id = $1 and deleted_at is null`, [tenantId]);
  });

  test('a rule fires on geofence exit: it mails the addresses and named users, notifies them in the app, and the firing is listed', async () => {
    const van = await createDevice('Van 7');
    const yard = await createGeofence('Yard', 0, 150, [van.id]);
    const email = (await s.db.one<{ email_address: string }>(`select email_address from users where id = $1`, [tracking.userId]))!
      .email_address;
    const rule = await createRule({
      name: 'Left the yard',
      eventType: 'geofenceExit',
      geofenceId: yard,
      emailAddresses: ['Dispatch@Example.com'],
      emailUserIds: [tracking.userId],
      notifyUserIds: [tracking.userId],
    });
    const { realtime, toUsers, toTenants } = fakeRealtime();
    const processor = createPositionProcessor({ db: s.db, realtime, log });

    // Inside the yard for 30 s, then out past 150 m.
    const stored = await ingest(processor, van, [...track(0, 3, 0, 0), ...track(30, 4, 100, 100)]);
    processor.close();
    const exit = stored.find((p) => p.fixTime.getTime() === T0 + 40_000)!;

    const mails = await s.db.query<{ to_address: string; subject: string; body_text: string; status: string }>(
      `select to_address, subject, body_text, status from outbox_emails where kind = 'eventAction'`,
    );
    assert.deepEqual(
      mails.map((m) => [m.to_address, m.subject, m.status]).sort(),
      [
        ['dispatch@example.com', 'Left the yard: Van 7 left Yard', 'kept'],
        [email.toLowerCase(), 'Left the yard: Van 7 left Yard', 'kept'],
      ].sort(),
    );
    assert.match(mails[0]!.body_text, /Van 7 left Yard\nAt 2026-03-02T08:00:40.000Z \(UTC\)/);

    const notifications = await s.db.query<{ item_type: string; message: string; message_data: Record<string, unknown> }>(
      `select item_type, message, message_data from tracking_notifications where device_id = $1 and item_type = 'geofenceExit'
        order by message`,
      [van.id],
    );
    // The exit's own notification for the tenants, and the rule's for its user.
    assert.deepEqual(
      notifications.map((n) => [n.item_type, n.message]),
      [
        ['geofenceExit', 'Left the yard: Van 7 left Yard'],
        ['geofenceExit', 'Van 7 left Yard'],
      ],
    );
    const ruleNote = notifications[0]!.message_data;
    assert.deepEqual(
      [ruleNote.eventActionId, ruleNote.eventActionName, ruleNote.userIds, ruleNote.icon],
      [rule.id, 'Left the yard', [tracking.userId], 'GE'],
    );
    assert.deepEqual(
      toUsers.map((u) => [u.userId, (u.payload as TrackingNotification).message]),
      [[tracking.userId, 'Left the yard: Van 7 left Yard']],
    );
    assert.ok(toTenants.every((t) => (t.payload as TrackingNotification).message !== 'Left the yard: Van 7 left Yard'));

    const firings = await firingsOf(rule.id);
    assert.equal(firings.length, 1);
    const event = await s.db.one<{ id: number }>(`select id from device_events where device_id = $1 and type = 'geofenceExit'`, [van.id]);
    assert.deepEqual(
      [
        firings[0]!.deviceName,
        firings[0]!.eventType,
        firings[0]!.eventId,
        firings[0]!.positionId,
        firings[0]!.notified,
        firings[0]!.mailed,
      ],
      ['Van 7', 'geofenceExit', Number(event!.id), exit.id, 1, 2],
    );
    assert.deepEqual([firings[0]!.commandQueueId, firings[0]!.error, firings[0]!.eventTime], [null, null, '2026-03-02T08:00:40.000Z']);
  });

  test('conditions: an IO value, a time window in the tenant zone, a geofence and the device list each hold before a rule fires', async () => {
    const truck = await createDevice('Truck 3');
    const other = await createDevice('Truck 4');
    const depot = await createGeofence('Depot', 1000, 200, [truck.id, other.id]);
    const doorOpen = await createRule({ name: 'Door opened', eventType: 'alarm', ioId: 1, ioValue: '1' });
    // An IO element an event IO entry names: its value is read under the entry's attribute.
    const io = await tracking.call('POST', '/api/geo/eventIos', { body: { ioId: 300, name: 'Door sensor', attribute: 'doorSensor' } });
    assert.equal(io.status, 201);
    const doorSensor = await createRule({ name: 'Door sensor', eventType: 'alarm', ioId: 300, ioValue: 'true' });
    // 10:00 local on a Monday: 09:30-10:30 holds, 11:00-12:00 does not; 23:00-10:30 (past midnight from Sunday) holds.
    const morning = await createRule({ name: 'Morning', eventType: 'alarm', timeWindow: { days: [1], start: '09:30', end: '10:30' } });
    const noon = await createRule({ name: 'Noon', eventType: 'alarm', timeWindow: { days: [1, 2, 3], start: '11:00', end: '12:00' } });
    const overnight = await createRule({ name: 'Overnight', eventType: 'alarm', timeWindow: { days: [7], start: '23:00', end: '10:30' } });
    const atDepot = await createRule({ name: 'Alarm at the depot', eventType: 'alarm', geofenceId: depot });
    const truckOnly = await createRule({ name: 'Truck 3 only', eventType: 'alarm', deviceIds: [truck.id] });
    const processor = createPositionProcessor({ db: s.db, realtime: null, log });

    // Alarms at 0 m (outside the depot) with io1 = 0, then at 1000 m (inside) with io1 = 1.
    await ingest(processor, truck, [
      { seconds: 0, north: 0, attributes: { alarm: 'sos', io1: 0 } },
      { seconds: 10, north: 1000, attributes: {} },
      { seconds: 20, north: 1000, attributes: { alarm: 'tampering', io1: 1, doorSensor: true } },
    ]);
    await ingest(processor, other, [{ seconds: 0, north: 0, attributes: { alarm: 'sos' } }]);

    const alarmsFired = async (rule: EventAction) =>
      (await firingsOf(rule.id)).map((f) => [f.deviceName, f.eventTime.slice(11, 19)]).sort();
    assert.deepEqual(await alarmsFired(doorOpen), [['Truck 3', '08:00:20']]);
    assert.deepEqual(await alarmsFired(doorSensor), [['Truck 3', '08:00:20']]);
    assert.deepEqual(await alarmsFired(morning), [
      ['Truck 3', '08:00:00'],
      ['Truck 3', '08:00:20'],
      ['Truck 4', '08:00:00'],
    ]);
    assert.deepEqual(await alarmsFired(noon), []);
    assert.equal((await alarmsFired(overnight)).length, 3);
    assert.deepEqual(await alarmsFired(atDepot), [['Truck 3', '08:00:20']]);
    assert.deepEqual(await alarmsFired(truckOnly), [
      ['Truck 3', '08:00:00'],
      ['Truck 3', '08:00:20'],
    ]);
    // Without named users an alarm is told once: by its own notification, not again by each rule.
    const notes = await s.db.query(`select 1 from tracking_notifications where device_id = $1 and item_type = 'alarm'`, [truck.id]);
    assert.equal(notes.length, 2);
  });

  test('a rule watching an asset fires for the device fitted in it; one watching an empty asset fires for nothing', async () => {
    const van = await createDevice('Van 8');
    const spare = await createDevice('Van 9');
    const asset = (
      await tracking.call<{ id: string }>('POST', '/api/geo/asset', {
        body: { registrationNumber: 'ND 808-808', make: 'Toyota Quantum', asset_devices: [{ deviceId: van.id, deviceTypeId: 1 }] },
      })
    ).body.data;
    const empty = (
      await tracking.call<{ id: string }>('POST', '/api/geo/asset', { body: { registrationNumber: 'ND 909-909', make: 'Nissan NV350' } })
    ).body.data;
    const ofAsset = await createRule({ name: 'Quantum alarms', eventType: 'alarm', assetIds: [asset.id] });
    const ofEmpty = await createRule({ name: 'NV350 alarms', eventType: 'alarm', assetIds: [empty.id] });
    assert.deepEqual(ofAsset.assetIds, [asset.id]);
    const processor = createPositionProcessor({ db: s.db, realtime: null, log });
    await ingest(processor, van, [{ seconds: 0, north: 0, attributes: { alarm: 'sos' } }]);
    await ingest(processor, spare, [{ seconds: 0, north: 0, attributes: { alarm: 'sos' } }]);
    assert.deepEqual(
      (await firingsOf(ofAsset.id)).map((f) => f.deviceName),
      ['Van 8'],
    );
    assert.deepEqual(await firingsOf(ofEmpty.id), [], 'an asset with no device fitted watches nothing, not everything');
    // Another company's asset cannot be named.
    const lending = await s.as('company administrator');
    const foreign = await lending.call('POST', '/api/geo/eventActions', {
      body: { name: 'Theirs', eventType: 'alarm', assetIds: [asset.id] },
    });
    assert.equal(foreign.status, 400);
  });

  test('a rule that sends a command queues the saved command, which the listeners hand to the device on its next contact', async () => {
    const command = (await tracking.call<GeoCommand[]>('GET', '/api/geo/commands?search=immobilise')).body.data[0]!;
    const car = await createDevice('Car 9');
    const rule = await createRule({ name: 'Immobilise on tamper', eventType: 'alarm', action: 'command', commandId: command.id });
    const processor = createPositionProcessor({ db: s.db, realtime: null, log });
    await ingest(processor, car, [{ seconds: 0, north: 0, attributes: { alarm: 'tampering' } }]);

    const [firing] = await firingsOf(rule.id);
    const queued = await s.db.query<{ id: string; command_type: string; attributes: Record<string, unknown>; tenant_id: string }>(
      `select id, command_type, attributes, tenant_id from command_queue where device_id = $1 and sent_at is null`,
      [car.id],
    );
    assert.deepEqual(
      queued.map((c) => [c.id, c.command_type, c.attributes, c.tenant_id]),
      [[firing!.commandQueueId, 'custom', { data: 'setdigout 1' }, tenantId]],
    );
    // An alarm without a named user that raises its own notification makes none of the rule's.
    assert.equal(firing!.notified, 0);
    const taken = await createCommandQueue(s.db, 'osmand').take(car.id);
    assert.equal(commandText(taken!), 'setdigout 1');

    // The saved command deleted: the next firing is logged with the error and queues nothing.
    await s.db.query(`update commands set deleted_at = now() where id = $1`, [command.id]);
    const later = createPositionProcessor({ db: s.db, realtime: null, log });
    await ingest(later, car, [{ seconds: 10, north: 0, attributes: { alarm: 'powerCut' } }]);
    const latest = (await firingsOf(rule.id))[0]!;
    assert.deepEqual([latest.commandQueueId, latest.error], [null, 'The saved command of this action no longer exists: nothing was sent.']);
  });

  test('a rule changed through the API applies at once to the running processor', async () => {
    const bike = await createDevice('Bike 1');
    const processor = createPositionProcessor({ db: s.db, realtime: null, log });
    // Told of changes as the app tells its own processor (app.ts).
    const stop = eventActionsChanged.on(() => processor.invalidateEventRules());
    try {
      await ingest(processor, bike, [{ seconds: 0, north: 0, attributes: { alarm: 'sos' } }]);
      const rule = await createRule({ name: 'Bike alarms', eventType: 'alarm' });
      await ingest(processor, bike, [{ seconds: 10, north: 0, attributes: { alarm: 'tampering' } }]);
      assert.deepEqual(
        (await firingsOf(rule.id)).map((f) => f.eventTime),
        ['2026-03-02T08:00:10.000Z'],
      );
    } finally {
      stop();
    }
  });

  test("the issue's alarms become notifications with the spec's icons: tamper and battery symbols, else the type's letters", async () => {
    const alarms = ['tamper', 'tampering', 'batteryDisconnected', 'powerCut', 'sos', 'accident'];
    const devices = await Promise.all(alarms.map((alarm) => createDevice(`Alarm ${alarm}`)));
    const processor = createPositionProcessor({ db: s.db, realtime: null, log });
    for (const [i, alarm] of alarms.entries()) await ingest(processor, devices[i]!, [{ seconds: 0, north: 0, attributes: { alarm } }]);
    const notes = await s.db.query<{ device_id: string; item_type: string; message_data: { icon: string; alarm: string } }>(
      `select device_id, item_type, message_data from tracking_notifications where device_id = any($1::uuid[])`,
      [devices.map((d) => d.id)],
    );
    assert.deepEqual(
      alarms.map((alarm, i) => {
        const note = notes.find((n) => n.device_id === devices[i]!.id)!;
        return [alarm, note.item_type, note.message_data.alarm, note.message_data.icon];
      }),
      [
        ['tamper', 'alarm', 'tamper', 'tamper'],
        ['tampering', 'alarm', 'tampering', 'tamper'],
        ['batteryDisconnected', 'alarm', 'batteryDisconnected', 'assetBatteryDisconnected'],
        ['powerCut', 'alarm', 'powerCut', 'assetBatteryDisconnected'],
        ['sos', 'alarm', 'sos', 'AL'],
        ['accident', 'alarm', 'accident', 'AL'],
      ],
    );
  });

  test('an accident alarm and an impact reading above the threshold open NEW automatic crashes; a reading below does not', async () => {
    const lorry = await createDevice('Lorry 2');
    // The lorry is an asset's Primary device: its crashes are that asset's.
    const asset = await tracking.call<{ id: string }>('POST', '/api/geo/asset', {
      body: { registrationNumber: 'ND 777-222', make: 'Hino 500', asset_devices: [{ deviceId: lorry.id, deviceTypeId: 1 }] },
    });
    assert.equal(asset.status, 201, JSON.stringify(asset.body));
    const processor = createPositionProcessor({ db: s.db, realtime: null, log, config: { crashImpactThresholdG: 2.5 } });
    const stored = await ingest(processor, lorry, [
      { seconds: 0, north: 0, attributes: { impact: 1.2 } },
      { seconds: 10, north: 10, attributes: { alarm: 'accident' } },
      { seconds: 20, north: 20, attributes: { impact: '3.4' } },
      // Teltonika's accelerometer in mG: about 1 g of gravity and 2.8 g sideways.
      { seconds: 30, north: 30, attributes: { axisX: 2800, axisY: 0, axisZ: 1000 } },
      { seconds: 40, north: 40, attributes: { axisX: 300, axisY: 200, axisZ: 1000 } },
    ]);
    const crashes = await s.db.query<{
      kind: string;
      status: string;
      automatic: boolean;
      position_id: number;
      event_id: number | null;
      reading: number | null;
      occurred_at: Date;
      tenant_id: string;
      asset_id: string | null;
    }>(
      `select kind, status, automatic, position_id, event_id, reading, occurred_at, tenant_id, asset_id
         from crash_events where device_id = $1 order by occurred_at`,
      [lorry.id],
    );
    const accidentEvent = await s.db.one<{ id: number }>(
      `select id from device_events where device_id = $1 and type = 'alarm' and attributes->>'alarm' = 'accident'`,
      [lorry.id],
    );
    assert.deepEqual(
      crashes.map((c) => [
        c.kind,
        c.status,
        c.automatic,
        Number(c.position_id),
        c.event_id === null ? null : Number(c.event_id),
        c.tenant_id,
      ]),
      [
        ['accident', 'NEW', true, stored[1]!.id, Number(accidentEvent!.id), tenantId],
        ['impact', 'NEW', true, stored[2]!.id, null, tenantId],
        ['impact', 'NEW', true, stored[3]!.id, null, tenantId],
      ],
    );
    assert.equal(crashes[1]!.reading, 3.4);
    assert.ok(Math.abs(crashes[2]!.reading! - Math.hypot(2.8, 1)) < 1e-9);
    assert.ok(crashes.every((c) => c.asset_id === asset.body.data.id));
    assert.equal(pagingOf(await tracking.call('GET', `/api/geo/crash-event/${asset.body.data.id}/NEW`)).total, 3);
    // The accident alarm is a notification too, with the first letters of its type.
    const note = await s.db.one<{ message: string; message_data: { icon: string } }>(
      `select message, message_data from tracking_notifications where device_id = $1`,
      [lorry.id],
    );
    assert.deepEqual([note!.message, note!.message_data.icon], ['Lorry 2: Alarm accident', 'AL']);
    assert.equal(pagingOf(await tracking.call('GET', '/api/geo/crash-event/00000000-0000-0000-0000-000000000000/NEW')).total >= 3, true);
  });
});
