/**
 * Processing of one device's positions, without a database: trips, stops, motion and the events a
 * position raises, on synthetic drives sampled every 10 s (Traccar's thresholds: a trip is 180 s and
 * 200 m at least, 300 s standing still end it, 3600 s without positions end it).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { prepareFence } from '@meridian/shared/geo-fence';
import type { StoredPosition } from '../src/tracking/position';
import { processPosition } from '../src/tracking/processing/device-step';
import { copyState, initialDeviceState, type DeviceState } from '../src/tracking/processing/device-state';
import { fenceSet, type IndexedFence } from '../src/tracking/processing/geofence-index';
import { DEFAULT_PROCESSING_CONFIG } from '../src/tracking/processing/processing-config';
import {
  openStopOf,
  openTripOf,
  stopRecord,
  tripRecord,
  type StopRecord,
  type TripRecord,
} from '../src/tracking/processing/trips-and-stops';
import type { DetectedEvent } from '../src/tracking/processing/position-events';

const DEVICE = { deviceId: '00000000-0000-4000-8000-000000000001', tenantId: '00000000-0000-4000-8000-000000000002' };
const T0 = Date.parse('2026-03-02T08:00:00Z');
const METRES_PER_DEGREE = 111_194.93;
const START = { latitude: -26.2, longitude: 28.04 };
const KNOTS_PER_MPS = 1.943844;

let nextId = 1;
function position(
  seconds: number,
  northMetres: number,
  speedKnots: number,
  attributes: Record<string, unknown> = {},
  extra: Partial<StoredPosition> = {},
): StoredPosition {
  const time = new Date(T0 + seconds * 1000);
  return {
    id: nextId++,
    ...DEVICE,
    protocol: 'teltonika',
    serverTime: time,
    deviceTime: time,
    fixTime: time,
    valid: true,
    outdated: false,
    latitude: START.latitude + northMetres / METRES_PER_DEGREE,
    longitude: START.longitude,
    altitude: 0,
    speed: speedKnots,
    course: 0,
    accuracy: 0,
    attributes,
    ...extra,
  };
}

/** Positions every 10 s from `fromSeconds` for `seconds`, moving north `metres` in all (the first at `fromMetres`). */
function drive(fromSeconds: number, seconds: number, fromMetres: number, metres: number, attributes: Record<string, unknown> = {}) {
  const steps = seconds / 10;
  const speed = (metres / seconds) * KNOTS_PER_MPS;
  return Array.from({ length: steps + 1 }, (_, k) => position(fromSeconds + k * 10, fromMetres + (metres * k) / steps, speed, attributes));
}

/** Positions every 10 s standing at `atMetres`, the first 10 s after `afterSeconds`. */
function standStill(afterSeconds: number, seconds: number, atMetres: number, attributes: Record<string, unknown> = {}) {
  return Array.from({ length: seconds / 10 }, (_, k) => position(afterSeconds + (k + 1) * 10, atMetres, 0, attributes));
}

interface Run {
  state: DeviceState;
  events: DetectedEvent[];
  trips: TripRecord[];
  stops: StopRecord[];
}

function run(positions: StoredPosition[], { fences = [] as IndexedFence[], from = initialDeviceState() } = {}): Run {
  const state = copyState(from);
  const result: Run = { state, events: [], trips: [], stops: [] };
  for (const p of positions) {
    const outcome = processPosition(state, p, fenceSet(fences), DEFAULT_PROCESSING_CONFIG);
    result.events.push(...outcome.events);
    result.trips.push(...outcome.trips.map((trip) => tripRecord(DEVICE, trip)));
    result.stops.push(...outcome.stops.map((stop) => stopRecord(DEVICE, stop)));
  }
  return result;
}

const types = (events: DetectedEvent[]) => events.map((e) => e.type);
const secondsOf = (date: Date) => (date.getTime() - T0) / 1000;

describe('trips and stops from positions', () => {
  test('a drive of 10 minutes over 400 m, then standing still, makes one trip', () => {
    const moving = drive(0, 600, 0, 400);
    const still = standStill(600, 600, 400);
    const { trips, stops, events, state } = run([...moving, ...still]);
    assert.equal(trips.length, 1);
    const [trip] = trips as [TripRecord];
    assert.deepEqual([secondsOf(trip.startTime), secondsOf(trip.endTime), trip.duration], [0, 610, 610_000]);
    assert.deepEqual([trip.startPositionId, trip.endPositionId], [moving[0]!.id, still[0]!.id]);
    assert.ok(Math.abs(trip.distance - 400) < 0.5, `distance ${trip.distance}`);
    assert.ok(Math.abs(trip.maxSpeed - (400 / 600) * KNOTS_PER_MPS) < 1e-9);
    assert.ok(Math.abs(trip.averageSpeed - (400 / 610) * KNOTS_PER_MPS) < 0.01);
    assert.deepEqual([trip.startOdometer, Math.round(trip.endOdometer)], [0, 400]);
    assert.equal(trip.startLat, START.latitude);
    // The moving event is dated at the trip's first position, the stopped one where it stood still.
    assert.deepEqual(types(events), ['deviceMoving', 'deviceStopped']);
    assert.deepEqual(
      events.map((e) => e.positionId),
      [moving[0]!.id, still[0]!.id],
    );
    assert.equal(stops.length, 0, 'the stop after the trip is still open');
    assert.equal(secondsOf(openStopOf(DEVICE, state)!.startTime), 610);
  });

  test('a hop of 2 minutes is no trip, even over a kilometre, and the stop goes on', () => {
    const parked = standStill(-10, 600, 0);
    const hop = drive(600, 120, 0, 1000);
    const parkedAgain = standStill(720, 900, 1000);
    const { trips, stops, events, state } = run([...parked, ...hop, ...parkedAgain]);
    assert.deepEqual([trips.length, stops.length, events.length], [0, 0, 0]);
    assert.equal(openTripOf(DEVICE, state), null);
    assert.equal(openStopOf(DEVICE, state)!.positionId, parked[0]!.id);
  });

  test('a movement that covers 200 m in less than 180 s becomes a trip once it has lasted 180 s', () => {
    const moving = drive(0, 300, 0, 2000);
    const { events } = run(moving);
    assert.deepEqual(types(events), ['deviceMoving']);
    assert.equal(events[0]!.positionId, moving[0]!.id);
  });

  test('a gap of more than an hour ends the trip at the last position before it, and the next drive is another trip', () => {
    const first = drive(0, 600, 0, 3000);
    const second = drive(600 + 3700, 600, 3000, 3000);
    const still = standStill(600 + 3700 + 600, 400, 6000);
    const { trips, stops, events } = run([...first, ...second, ...still]);
    assert.equal(trips.length, 2);
    const [a, b] = trips as [TripRecord, TripRecord];
    assert.deepEqual([a.startPositionId, a.endPositionId], [first[0]!.id, first.at(-1)!.id]);
    assert.ok(Math.abs(a.distance - 3000) < 1);
    assert.deepEqual([b.startPositionId, b.endPositionId], [second[0]!.id, still[0]!.id]);
    assert.ok(Math.abs(b.distance - 3000) < 1);
    // The silence is a stop: from where the device was last seen to where it drove off again.
    assert.equal(stops.length, 1);
    assert.deepEqual([stops[0]!.positionId, secondsOf(stops[0]!.startTime), secondsOf(stops[0]!.endTime)], [first.at(-1)!.id, 600, 4300]);
    assert.deepEqual(types(events), ['deviceMoving', 'deviceStopped', 'deviceMoving', 'deviceStopped']);
  });

  test('standing still 10 minutes between two drives is a stop row', () => {
    const first = drive(0, 600, 0, 2000, { ignition: true });
    const still = standStill(600, 600, 2000, { ignition: true });
    const second = drive(1210, 600, 2000, 2000, { ignition: true });
    const { trips, stops } = run([...first, ...still, ...second, ...standStill(1810, 400, 4000, { ignition: true })]);
    assert.equal(trips.length, 2);
    assert.equal(stops.length, 1);
    const [stop] = stops as [StopRecord];
    assert.deepEqual(
      [stop.positionId, secondsOf(stop.startTime), secondsOf(stop.endTime), stop.duration],
      [still[0]!.id, 610, 1210, 600_000],
    );
    assert.ok(Math.abs(stop.startOdometer - 2000) < 1 && Math.abs(stop.endOdometer - 2000) < 1);
    // The engine ran through the stop: 600 s of ignition on.
    assert.equal(stop.engineHours, 600_000);
    assert.equal(trips[1]!.startPositionId, second[0]!.id);
  });

  test('a traffic light shorter than the stop duration keeps the trip going', () => {
    const first = drive(0, 300, 0, 1500);
    const light = standStill(300, 90, 1500);
    const rest = drive(400, 300, 1500, 1500);
    const { trips, events, state } = run([...first, ...light, ...rest]);
    assert.deepEqual([trips.length, types(events)], [0, ['deviceMoving']]);
    const open = openTripOf(DEVICE, state)!;
    assert.deepEqual([open.startPositionId, open.endPositionId], [first[0]!.id, rest.at(-1)!.id]);
    assert.ok(Math.abs(open.distance - 3000) < 1);
  });

  test('ignition off ends a trip at once, without waiting for the stop duration', () => {
    const moving = drive(0, 600, 0, 2000, { ignition: true });
    const off = standStill(600, 60, 2000, { ignition: false });
    const { trips, events } = run([...moving, ...off]);
    assert.equal(trips.length, 1);
    assert.equal(trips[0]!.endPositionId, off[0]!.id);
    assert.deepEqual(types(events), ['deviceMoving', 'ignitionOff', 'deviceStopped']);
  });

  test('a trip continues from a stored state as if nothing had stopped in between', () => {
    const moving = drive(0, 600, 0, 2000);
    const still = standStill(600, 400, 2000);
    const whole = run([...moving, ...still]);
    const firstHalf = run(moving.slice(0, 30));
    const stored = JSON.parse(JSON.stringify(firstHalf.state)) as DeviceState;
    const secondHalf = run([...moving.slice(30), ...still], { from: stored });
    assert.deepEqual(secondHalf.trips, whole.trips);
  });
});

describe('events a position raises', () => {
  test('ignition turning on and off raises ignitionOn and ignitionOff, and engine hours run while it is on', () => {
    const positions = [
      position(0, 0, 0, { ignition: false }),
      position(10, 0, 0, { ignition: false }),
      position(20, 0, 0, { ignition: true }),
      position(80, 0, 0, { ignition: true }),
      position(90, 0, 0, { ignition: false }),
    ];
    const { events, state } = run(positions);
    assert.deepEqual(
      events.map((e) => [e.type, e.positionId]),
      [
        ['ignitionOn', positions[2]!.id],
        ['ignitionOff', positions[4]!.id],
      ],
    );
    assert.equal(state.hours, 60_000);
  });

  test('an alarm raises one alarm event with its value; the same alarm on the next position does not again', () => {
    const positions = [
      position(0, 0, 0, { alarm: 'sos' }),
      position(10, 0, 0, { alarm: 'sos' }),
      position(20, 0, 0, { alarm: 'sos,powerCut' }),
      position(30, 0, 0, {}),
      position(40, 0, 0, { alarm: 'sos' }),
    ];
    const { events } = run(positions);
    assert.deepEqual(
      events.map((e) => [e.type, e.attributes.alarm, e.positionId]),
      [
        ['alarm', 'sos', positions[0]!.id],
        ['alarm', 'powerCut', positions[2]!.id],
        ['alarm', 'sos', positions[4]!.id],
      ],
    );
  });

  test('a new driverUniqueId raises driverChanged once', () => {
    const { events, state } = run([
      position(0, 0, 0, { driverUniqueId: 'A1' }),
      position(10, 0, 0, { driverUniqueId: 'A1' }),
      position(20, 0, 0, {}),
      position(30, 0, 0, { driverUniqueId: 'B2' }),
    ]);
    assert.deepEqual(
      events.map((e) => [e.type, e.attributes.driverUniqueId]),
      [
        ['driverChanged', 'A1'],
        ['driverChanged', 'B2'],
      ],
    );
    assert.equal(state.driverUniqueId, 'B2');
  });

  test('entering and leaving a geofence raises geofenceEnter and geofenceExit', () => {
    const centre = [START.longitude, START.latitude + 1000 / METRES_PER_DEGREE];
    const depot: IndexedFence = {
      id: 'f1',
      name: 'Depot',
      ...prepareFence({ shape: 'circle', geometry: { type: 'Point', coordinates: centre }, radius: 190 }),
    };
    // 2000 m in 60 legs of 33.3 m: the circle (810-1190 m) holds the positions 25 (833 m) to 35 (1167 m).
    const positions = drive(0, 600, 0, 2000);
    const { events, state } = run(positions, { fences: [depot] });
    assert.deepEqual(
      events.filter((e) => e.type.startsWith('geofence')).map((e) => [e.type, e.geofenceId, e.positionId]),
      [
        ['geofenceEnter', 'f1', positions[25]!.id],
        ['geofenceExit', 'f1', positions[36]!.id],
      ],
    );
    assert.deepEqual(state.geofenceIds, []);
  });

  test('an outdated position is stored but raises nothing and changes nothing', () => {
    const { state } = run([position(100, 0, 0, { ignition: false })]);
    const before = copyState(state);
    const late = run([position(50, 500, 30, { ignition: true, alarm: 'sos', driverUniqueId: 'X' })], { from: state });
    const flagged = run([position(200, 500, 30, { ignition: true, alarm: 'sos' }, { outdated: true })], { from: state });
    for (const result of [late, flagged]) {
      assert.deepEqual([result.events, result.trips, result.stops], [[], [], []]);
      assert.deepEqual(result.state, before);
    }
  });

  test('the device’s own odometer measures distance when it reports one', () => {
    const { state } = run([
      position(0, 0, 10, { odometer: 10_000 }),
      position(10, 100, 10, { odometer: 10_150 }),
      position(20, 200, 10, { odometer: 10_300 }),
    ]);
    assert.equal(state.totalDistance, 300);
  });

  test('distance is measured between valid fixes only', () => {
    const { state } = run([position(0, 0, 10), position(10, 5000, 10, {}, { valid: false }), position(20, 100, 10)]);
    assert.ok(Math.abs(state.totalDistance - 100) < 0.01);
  });
});
