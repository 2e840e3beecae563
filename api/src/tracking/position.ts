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
