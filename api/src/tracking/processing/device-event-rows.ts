/**
 * A batch's events in `device_events` and the notifications some of them raise in
 * `tracking_notifications`, in one statement: each event takes its id from the sequence first, so
 * its notification can point at it and carry it. geofenceEnter, geofenceExit and alarm are worth a
 * notification (tracking spec 3 and 4): its message names the device and the geofence, its data
 * carries what a client needs to show and link it, with the icon of the spec's rule.
 */
import type { TrackingNotification, TrackingNotificationData } from '@meridian/shared/contract/tracking-live';
import { trackingNotificationIcon } from '@meridian/shared/tracking/notification-icon';
import type { Queryable } from '../../db/database';
import type { GeofenceEvent } from './geofence-events';
import type { DetectedEvent } from './position-events';

export interface EventRow {
  deviceId: string;
  tenantId: string;
  type: string;
  eventTime: Date;
  positionId: number;
  geofenceId: string | null;
  attributes: Record<string, unknown>;
  /** Set when the event raises a notification. */
  message: string | null;
  messageData: Omit<TrackingNotificationData, 'eventId'> | null;
}

const isGeofenceEvent = (event: DetectedEvent): event is GeofenceEvent => event.type === 'geofenceEnter' || event.type === 'geofenceExit';

/** What a notification says: "Truck 12 entered Depot", "Truck 12 left Depot", "Truck 12: Alarm sos". */
export function notificationMessage(deviceName: string, event: DetectedEvent): string | null {
  if (isGeofenceEvent(event)) return `${deviceName} ${event.type === 'geofenceEnter' ? 'entered' : 'left'} ${event.geofenceName}`;
  if (event.type === 'alarm') return `${deviceName}: Alarm ${String(event.attributes.alarm)}`;
  return null;
}

export function eventRow(device: { deviceId: string; tenantId: string; deviceName: string }, event: DetectedEvent): EventRow {
  const message = notificationMessage(device.deviceName, event);
  const alarm = event.type === 'alarm' ? String(event.attributes.alarm) : undefined;
  const time = new Date(event.time);
  return {
    deviceId: device.deviceId,
    tenantId: device.tenantId,
    type: event.type,
    eventTime: time,
    positionId: event.positionId,
    geofenceId: event.geofenceId ?? null,
    attributes: event.attributes,
    message,
    messageData:
      message === null
        ? null
        : {
            deviceId: device.deviceId,
            deviceName: device.deviceName,
            positionId: event.positionId,
            time: time.toISOString(),
            icon: trackingNotificationIcon(event.type, alarm),
            ...(isGeofenceEvent(event) ? { geofenceId: event.geofenceId, geofenceName: event.geofenceName } : {}),
            ...(alarm !== undefined ? { alarm } : {}),
          },
  };
}

interface NotificationRow {
  id: string;
  tenant_id: string;
  device_id: string;
  item_type: string;
  message: string;
  message_data: TrackingNotificationData;
  date_created: Date | string;
}

/**
 * Inserts the events and their notifications; answers the notifications, to push once committed. A
 * driverChanged event is given the driver's name from `drivers` (same tenant, same unique id).
 */
export async function insertEvents(q: Queryable, rows: readonly EventRow[]): Promise<TrackingNotification[]> {
  if (rows.length === 0) return [];
  const notifications = await q.query<NotificationRow>(
    `with input as (
       select nextval('device_events_id_seq') as id, x.*
         from jsonb_to_recordset($1::jsonb) as x("deviceId" uuid, "tenantId" uuid, type text, "eventTime" timestamptz,
                "positionId" bigint, "geofenceId" uuid, attributes jsonb, message text, "messageData" jsonb)
     ), events as (
       insert into device_events (id, device_id, tenant_id, type, event_time, position_id, geofence_id, attributes)
       select i.id, i."deviceId", i."tenantId", i.type, i."eventTime", i."positionId", i."geofenceId",
              case when d.name is null then i.attributes else i.attributes || jsonb_build_object('driverName', d.name) end
         from input i
         left join drivers d on i.type = 'driverChanged' and d.tenant_id = i."tenantId"
                            and d.unique_id = i.attributes->>'driverUniqueId' and d.deleted_at is null
     )
     insert into tracking_notifications (tenant_id, device_id, event_id, item_type, message, message_data)
     select "tenantId", "deviceId", id, type, message, "messageData" || jsonb_build_object('eventId', id)
       from input where message is not null
     returning id, tenant_id, device_id, item_type, message, message_data, date_created`,
    [JSON.stringify(rows)],
  );
  return notifications.map((row) => ({
    Id: row.id,
    tenantId: row.tenant_id,
    deviceId: row.device_id,
    itemType: row.item_type,
    message: row.message,
    messageData: row.message_data,
    dateCreated: new Date(row.date_created).toISOString(),
  }));
}
