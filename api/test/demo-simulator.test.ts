import { test } from 'node:test';
import assert from 'node:assert/strict';
import { distanceMeters } from '@meridian/shared/geo';
import { DEMO_ROUTES, DEPOT } from '../src/tracking/simulator/demo-routes';
import { cycleSeconds, routeLengthMeters, vehicleAt, type VehicleSchedule } from '../src/tracking/simulator/vehicle-motion';

const schedule: VehicleSchedule = { route: DEMO_ROUTES[0]!, parkSeconds: 360, phaseSeconds: 0 };
const cycle = cycleSeconds(schedule);
const fixesOverCycle = (stepSeconds: number) =>
  Array.from({ length: Math.ceil(cycle / stepSeconds) }, (_, i) => ({
    t: i * stepSeconds,
    fix: vehicleAt(schedule, i * stepSeconds * 1000),
  }));
const at = (fix: { latitude: number; longitude: number }) => ({ lat: fix.latitude, lng: fix.longitude });

test('a demo vehicle leaves the depot, parks at the far end with the ignition off, and comes back', () => {
  const start = vehicleAt(schedule, 0);
  assert.ok(distanceMeters(at(start), { lat: DEPOT[0], lng: DEPOT[1] }) < 1, 'starts in the depot');
  assert.equal(start.ignition, true);
  const far = schedule.route.waypoints[schedule.route.waypoints.length - 1]!;
  const parkedFar = fixesOverCycle(5).filter(({ fix }) => !fix.ignition && distanceMeters(at(fix), { lat: far[0], lng: far[1] }) < 1);
  assert.ok(parkedFar.length * 5 >= 355 && parkedFar.length * 5 <= 365, `parks ${parkedFar.length * 5} s at the far end`);
  assert.ok(parkedFar.every(({ fix }) => fix.speed === 0 && !fix.moving));
  const end = vehicleAt(schedule, (cycle - 1) * 1000);
  assert.ok(distanceMeters(at(end), { lat: DEPOT[0], lng: DEPOT[1] }) < 1, 'ends the cycle parked in the depot');
  assert.equal(end.ignition, false);
});

test('a demo vehicle moves smoothly: consecutive fixes are no farther apart than its speed allows', () => {
  const fixes = fixesOverCycle(5);
  const maxKnots = Math.max(...fixes.map(({ fix }) => fix.speed));
  const cruiseKnots = schedule.route.speedKmh / 1.852;
  assert.ok(
    maxKnots > cruiseKnots && maxKnots < cruiseKnots * 1.3,
    `top speed ${maxKnots.toFixed(1)} kn around the cruise ${cruiseKnots.toFixed(1)} kn`,
  );
  for (let i = 1; i < fixes.length; i += 1) {
    const metres = distanceMeters(at(fixes[i - 1]!.fix), at(fixes[i]!.fix));
    assert.ok(metres <= ((maxKnots * 1.852) / 3.6) * 5 * 1.05 + 1, `a jump of ${metres.toFixed(0)} m at ${fixes[i]!.t} s`);
  }
});

test('the distance a vehicle covers one way is the route length, driven in the time its speed gives', () => {
  const fixes = fixesOverCycle(1);
  const outbound = fixes.filter(({ t }) => t < cycle / 2 - schedule.parkSeconds);
  let metres = 0;
  for (let i = 1; i < outbound.length; i += 1) metres += distanceMeters(at(outbound[i - 1]!.fix), at(outbound[i]!.fix));
  const length = routeLengthMeters(schedule.route);
  assert.ok(Math.abs(metres - length) / length < 0.01, `drove ${metres.toFixed(0)} m of ${length.toFixed(0)} m`);
});

test('where a vehicle is depends on the clock alone, so a restarted simulator carries on where it was', () => {
  const shifted: VehicleSchedule = { ...schedule, phaseSeconds: 1234 };
  assert.deepEqual(vehicleAt(shifted, 1_800_000_000_000), vehicleAt({ ...shifted }, 1_800_000_000_000));
  assert.deepEqual(vehicleAt(schedule, (cycle + 100) * 1000), vehicleAt(schedule, 100 * 1000));
});
