/**
 * How positions are turned into trips, stops and events. The trip thresholds are Traccar 6's
 * (report.trip.minDistance 200 m, report.trip.minDuration 180 s, report.trip.stopGap 3600 s,
 * report.trip.minimalParkingDuration 300 s, event.motion.speedThreshold 0.01 kn); ignition, when a
 * device reports it, decides motion and ends a trip at once (report.trip.useIgnition).
 */
export interface ProcessingConfig {
  /** A movement is a trip once it has covered this many metres... */
  minTripDistanceMeters: number;
  /** ...and lasted this long. */
  minTripDurationMs: number;
  /** Standing still this long ends a trip (and ends a hop that never became one). */
  minStopDurationMs: number;
  /** No position for longer than this ends the trip at the last position before the silence. */
  stopGapMs: number;
  /** A position faster than this is moving, unless the device says otherwise (`motion`). */
  speedThresholdKnots: number;
  /** Ignition off means standing still, and it ends a trip without waiting for the stop duration. */
  useIgnition: boolean;
  /** How long a device's geofences and name are trusted before they are read again. */
  geofenceTtlMs: number;
  /** Live positions go out at most this often per tenant. */
  livePositionIntervalMs: number;
  /** Device states kept in memory; the least recently used beyond it are read again when needed. */
  stateCacheSize: number;
  /** How long a tenant's event action rules are trusted before they are read again. */
  eventRuleTtlMs: number;
  /** An impact reading (g) at or above this opens a crash (config CRASH_IMPACT_THRESHOLD_G). */
  crashImpactThresholdG: number;
}

export const DEFAULT_PROCESSING_CONFIG: ProcessingConfig = {
  minTripDistanceMeters: 200,
  minTripDurationMs: 180_000,
  minStopDurationMs: 300_000,
  stopGapMs: 3_600_000,
  speedThresholdKnots: 0.01,
  useIgnition: true,
  geofenceTtlMs: 10_000,
  livePositionIntervalMs: 1_000,
  stateCacheSize: 100_000,
  eventRuleTtlMs: 10_000,
  // Everyday hard braking and potholes stay under about 1.5 g; 2.5 g is a collision, not driving.
  crashImpactThresholdG: 2.5,
};

export const processingConfig = (overrides: Partial<ProcessingConfig> = {}): ProcessingConfig => ({
  ...DEFAULT_PROCESSING_CONFIG,
  ...overrides,
});
