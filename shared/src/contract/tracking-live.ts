/**
 * What ingest pushes live over the socket to everyone acting for a device's tenant or a tenant above
 * it (issue 18): positions, throttled to one message a second per tenant with each device's newest
 * position, and tracking notifications (tracking spec 3), at once.
 */

/** One device's newest position. Speed in knots, course in degrees, as stored. */
export interface TrackingLivePosition {
  deviceId: string;
  latitude: number;
  longitude: number;
  speed: number;
  course: number;
  /** ISO-8601, UTC. */
  fixTime: string;
  attributes: {
    /** Absent when the device does not report ignition. */
    ignition?: boolean;
    /** Moving at this position (above Traccar's 0.01 kn, or the device's own `motion`). */
    motion: boolean;
  };
}

/** What a geofence or alarm notification carries besides its message. */
export interface TrackingNotificationData {
  deviceId: string;
  deviceName: string;
  eventId: number;
  positionId: number;
  /** When it happened (the position's fix time), ISO-8601. */
  time: string;
  /** A symbol of `TRACKING_ICON_SYMBOLS`, else two capital letters (shared/tracking/notification-icon). */
  icon: string;
  geofenceId?: string;
  geofenceName?: string;
  /** An alarm notification's value (Traccar's names: sos, tampering, powerCut...). */
  alarm?: string;
  /** Set on the notification an event action (rule) made when it fired. */
  eventActionId?: string;
  eventActionName?: string;
}

/** A row of tracking_notifications as pushed and listed. */
export interface TrackingNotification {
  Id: string;
  tenantId: string;
  deviceId: string;
  /** The event type: geofenceEnter, geofenceExit, alarm. */
  itemType: string;
  /** Names the device and the geofence: "Truck 12 entered Depot". */
  message: string;
  messageData: TrackingNotificationData;
  dateCreated: string;
}
