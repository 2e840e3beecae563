import type { Queryable } from '../db/database';

/**
 * What a device listener hands on: one decoded position, in Traccar's units (speed in knots, course
 * in degrees, altitude and accuracy in metres), with every other reading kept as an attribute under
 * Traccar's key names (ignition, batteryLevel, odometer, hours, alarm, driverUniqueId, sat, hdop...).
 */
export interface DecodedPosition {
  /** The identifier the device reported itself as (IMEI, OsmAnd id). */
  uniqueId: string;
  protocol: 'osmand' | 'teltonika';
  deviceTime: Date;
  fixTime: Date;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  accuracy: number;
  attributes: Record<string, unknown>;
  /**
   * Set by a listener when the message carried no fix and the device's last one was reused (Traccar's
   * outdated position: an OsmAnd request without lat/lon). The writer also sets it on a fix older
   * than the device's latest.
   */
  outdated?: boolean;
}

/** A position once it has its row: the id and the device and tenant it belongs to. */
export interface StoredPosition extends Omit<DecodedPosition, 'uniqueId'> {
  id: number;
  deviceId: string;
  tenantId: string;
  serverTime: Date;
  /** Older than the device's latest position when it arrived: stored, but it raises no events. */
  outdated: boolean;
}

/**
 * What happens to positions once the writer has inserted them: events, trips, stops, odometer,
 * geofences and device state (processing/), then the live pushes. The writer calls `process` inside
 * the batch's transaction, so a position is acknowledged only once everything it caused is stored
 * too, and `afterCommit` once the transaction has committed.
 */
export interface PositionProcessor {
  process(q: Queryable, positions: StoredPosition[]): Promise<void>;
  /** Live pushes after commit; never throws (a failed push loses nothing stored). */
  afterCommit(positions: StoredPosition[]): void;
}
