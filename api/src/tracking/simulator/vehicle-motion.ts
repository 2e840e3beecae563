/**
 * Where a demo vehicle is at any instant, as a pure function of the wall clock: it drives its route
 * out, parks at the far end with the ignition off, drives back and parks in the depot, over and over.
 * Because the schedule is a function of time, a restarted server's simulator carries on exactly where
 * the vehicles would be, and a trip interrupted by the restart continues.
 */
import { distanceMeters } from '@meridian/shared/geo';
import type { DemoRoute, LatLon } from './demo-routes';

export interface VehicleSchedule {
  route: DemoRoute;
  /** How long it parks at each end, seconds: longer than Traccar's 300 s minimum parking, so each is a stop. */
  parkSeconds: number;
  /** Where in its cycle the vehicle is at the epoch, seconds, so the fleet is spread along its routes. */
  phaseSeconds: number;
}

export interface VehicleFix {
  latitude: number;
  longitude: number;
  /** Knots. */
  speed: number;
  /** Degrees from north. */
  course: number;
  ignition: boolean;
  moving: boolean;
}

const KNOTS_PER_KMH = 1 / 1.852;
const toRadians = (d: number) => (d * Math.PI) / 180;
const toDegrees = (r: number) => (r * 180) / Math.PI;
const point = ([lat, lng]: LatLon) => ({ lat, lng });

/** The initial bearing from a to b, degrees 0-360. */
export function bearing(a: LatLon, b: LatLon): number {
  const [lat1, lat2] = [toRadians(a[0]), toRadians(b[0])];
  const dLon = toRadians(b[1] - a[1]);
  const y = Math.sin(dLon) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLon);
  return (toDegrees(Math.atan2(y, x)) + 360) % 360;
}

/** The route's legs with their lengths, metres. */
function legsOf(waypoints: readonly LatLon[]) {
  return waypoints.slice(1).map((to, i) => ({ from: waypoints[i]!, to, metres: distanceMeters(point(waypoints[i]!), point(to)) }));
}

/** The point `metres` along the polyline, and the bearing of the leg it is on. */
function alongPolyline(waypoints: readonly LatLon[], metres: number): { at: LatLon; course: number } {
  let left = metres;
  const legs = legsOf(waypoints);
  for (const leg of legs) {
    if (left <= leg.metres) {
      const f = leg.metres === 0 ? 0 : left / leg.metres;
      return {
        at: [leg.from[0] + (leg.to[0] - leg.from[0]) * f, leg.from[1] + (leg.to[1] - leg.from[1]) * f],
        course: bearing(leg.from, leg.to),
      };
    }
    left -= leg.metres;
  }
  const last = legs[legs.length - 1]!;
  return { at: last.to, course: bearing(last.from, last.to) };
}

export const routeLengthMeters = (route: DemoRoute) => legsOf(route.waypoints).reduce((sum, leg) => sum + leg.metres, 0);

/** Seconds one way takes at the cruising speed. */
const driveSeconds = (route: DemoRoute) => routeLengthMeters(route) / ((route.speedKmh * 1000) / 3600);

/** The length of one whole cycle: out, park, back, park. */
export const cycleSeconds = (schedule: VehicleSchedule) => 2 * (driveSeconds(schedule.route) + schedule.parkSeconds);

/**
 * The vehicle's fix at `epochMs`. Speed varies a little around the cruising speed (traffic), and the
 * distance covered is its integral, so positions and speeds agree.
 */
export function vehicleAt(schedule: VehicleSchedule, epochMs: number): VehicleFix {
  const { route, parkSeconds } = schedule;
  const drive = driveSeconds(route);
  const cycle = cycleSeconds(schedule);
  const t = (((epochMs / 1000 + schedule.phaseSeconds) % cycle) + cycle) % cycle;
  const length = routeLengthMeters(route);
  const parked = (at: LatLon): VehicleFix => ({ latitude: at[0], longitude: at[1], speed: 0, course: 0, ignition: false, moving: false });
  const waypoints = route.waypoints;
  if (t >= drive && t < drive + parkSeconds) return parked(waypoints[waypoints.length - 1]!);
  if (t >= 2 * drive + parkSeconds) return parked(waypoints[0]!);
  const outbound = t < drive;
  const elapsed = outbound ? t : t - drive - parkSeconds;
  // Speed: cruise × (1 + 0.2 sin(2πs/P)); distance: its integral, rescaled so the leg ends on time.
  const period = 240;
  const wobble = (s: number) => s - ((0.2 * period) / (2 * Math.PI)) * (Math.cos((2 * Math.PI * s) / period) - 1);
  const covered = Math.min(length, (wobble(elapsed) / wobble(drive)) * length);
  const cruise = length / wobble(drive);
  const metresPerSecond = cruise * (1 + 0.2 * Math.sin((2 * Math.PI * elapsed) / period));
  const path = outbound ? waypoints : [...waypoints].reverse();
  const { at, course } = alongPolyline(path, covered);
  return {
    latitude: at[0],
    longitude: at[1],
    speed: metresPerSecond * 3.6 * KNOTS_PER_KMH,
    course,
    ignition: true,
    moving: true,
  };
}
