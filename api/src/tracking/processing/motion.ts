/**
 * Motion, trips and stops, decided at ingest position by position (Traccar's MotionEventHandler, with
 * its trip thresholds; see processing-config.ts).
 *
 * A position is moving when its speed is above the threshold (or the device says so in `motion`), and
 * never with ignition off. The device is either in a trip or at rest, and a change must last before it
 * counts, in both directions:
 * - at rest, the first moving position starts a candidate trip. It becomes a trip (deviceMoving, from
 *   its first position) once it has lasted the minimal trip duration and covered the minimal trip
 *   distance. Standing still for the minimal stop duration, ignition off or a gap in positions drops
 *   the candidate: a short hop is no trip, and the rest goes on.
 * - in a trip, the first still position starts a candidate stop. It becomes a stop (deviceStopped, the
 *   trip ending where the device stopped) after the minimal stop duration, or at once when ignition
 *   goes off. Moving again first (a traffic light) keeps the trip going.
 * - a gap in positions longer than the stop gap ends a trip at the last position before it.
 * A trip closes into a trip row, a stop into a stop row when the next trip begins. Since a trip is
 * confirmed only past both minimums, every trip row is at least that long and that far; a stop is
 * at least the minimal stop duration (the rest a device is first seen in may be shorter: no row).
 */
import type { StoredPosition } from '../position';
import type { DeviceState, Mark } from './device-state';
import { booleanAttribute } from './odometer';
import type { ProcessingConfig } from './processing-config';
import type { DetectedEvent } from './position-events';

export interface ClosedTrip {
  start: Mark;
  end: Mark;
  maxSpeed: number;
}
export interface ClosedStop {
  start: Mark;
  end: Mark;
}

export interface MotionOutcome {
  events: DetectedEvent[];
  trips: ClosedTrip[];
  stops: ClosedStop[];
}

/**
 * Moving at this one position, whatever came before. A position without a valid fix counts too, as
 * in Traccar: a tracker that lost its fix in a garage reports speed 0, and standing still is then
 * the truth more often than a long tunnel is.
 */
export function positionMotion(position: Pick<StoredPosition, 'speed' | 'attributes'>, config: ProcessingConfig): boolean {
  const motion = booleanAttribute(position.attributes, 'motion');
  if (motion !== null) return motion;
  if (config.useIgnition && booleanAttribute(position.attributes, 'ignition') === false) return false;
  return position.speed > config.speedThresholdKnots;
}

const motionEvent = (type: 'deviceMoving' | 'deviceStopped', at: Mark): DetectedEvent => ({
  type,
  positionId: at.positionId,
  time: at.time,
  attributes: {},
});

function endTrip(state: DeviceState, end: Mark, outcome: MotionOutcome) {
  if (state.trip) outcome.trips.push({ start: state.trip.start, end, maxSpeed: state.trip.maxSpeed });
  outcome.events.push(motionEvent('deviceStopped', end));
  state.moving = false;
  state.trip = null;
  state.stop = { start: end };
  state.candidate = null;
}

function beginTrip(state: DeviceState, start: Mark, maxSpeed: number, outcome: MotionOutcome, config: ProcessingConfig) {
  // Only the rest a device was first seen in can be shorter than a stop: it is not one.
  if (state.stop && start.time - state.stop.start.time >= config.minStopDurationMs)
    outcome.stops.push({ start: state.stop.start, end: start });
  outcome.events.push(motionEvent('deviceMoving', start));
  state.moving = true;
  state.trip = { start, maxSpeed };
  state.stop = null;
  state.candidate = null;
}

/**
 * Moves the state on by one position (`mark` is that position with the counters after it) and
 * answers the motion events, trips and stops it closed. `state.last` is still the position before.
 */
export function advanceMotion(
  state: DeviceState,
  position: StoredPosition,
  mark: Mark,
  moving: boolean,
  config: ProcessingConfig,
): MotionOutcome {
  const outcome: MotionOutcome = { events: [], trips: [], stops: [] };
  const time = position.fixTime.getTime();
  const ignitionOff = config.useIgnition && booleanAttribute(position.attributes, 'ignition') === false;

  const last = state.last;
  if (last && time - last.time > config.stopGapMs) {
    // Silence ends a trip where the device was last seen (or where it had already stood still).
    if (state.moving) endTrip(state, state.candidate?.start ?? last, outcome);
    state.candidate = null;
  }

  if (state.moving) {
    if (moving) {
      state.candidate = null;
      if (state.trip) state.trip.maxSpeed = Math.max(state.trip.maxSpeed, position.speed);
      return outcome;
    }
    state.candidate ??= { start: mark, maxSpeed: 0, pausedAt: null };
    if (ignitionOff || time - state.candidate.start.time >= config.minStopDurationMs) endTrip(state, state.candidate.start, outcome);
    return outcome;
  }

  if (!moving) {
    const hop = state.candidate;
    if (hop) {
      hop.pausedAt ??= time;
      if (ignitionOff || time - hop.pausedAt >= config.minStopDurationMs) state.candidate = null;
    }
    state.stop ??= { start: mark };
    return outcome;
  }

  const candidate = (state.candidate ??= { start: mark, maxSpeed: position.speed, pausedAt: null });
  candidate.pausedAt = null;
  candidate.maxSpeed = Math.max(candidate.maxSpeed, position.speed);
  const lasted = time - candidate.start.time >= config.minTripDurationMs;
  const wentFar = mark.totalDistance - candidate.start.totalDistance >= config.minTripDistanceMeters;
  if (lasted && wentFar) beginTrip(state, candidate.start, candidate.maxSpeed, outcome, config);
  return outcome;
}
