/**
 * What a rule does when it fires, for a whole batch in one statement after the events are stored:
 * the firing is logged in event_action_firings with what it did; an in-app notification is made (for
 * the named users, or for the tenants above the device when the event raises none of its own, so an
 * alarm without named users is not told twice); each address gets an e-mail in the outbox; a command
 * rule queues its saved command in command_queue, which the listeners deliver on the device's next
 * contact (Teltonika codec 12, the OsmAnd reply). A command rule whose saved command is gone is
 * logged with that error instead.
 */
import { commandsQueued } from '../tracking-changes';
import type { TrackingNotification, TrackingNotificationData } from '@meridian/shared/contract/tracking-live';
import { trackingNotificationIcon } from '@meridian/shared/tracking/notification-icon';
import type { Queryable } from '../../db/database';
import { notificationMessage } from './device-event-rows';
import type { EventRule } from './event-rules';
import type { GeofenceEvent } from './geofence-events';
import type { DetectedEvent } from './position-events';

export interface FiringRow {
  actionId: string;
  actionTenantId: string;
  deviceId: string;
  deviceTenantId: string;
  type: string;
  eventTime: string;
  positionId: number;
  /** What finds the stored event again: its attributes as detected (a driver's name is added on insert). */
  eventAttributes: Record<string, unknown>;
  message: string | null;
  messageData: Omit<TrackingNotificationData, 'eventId'> | null;
  /** Who is pushed the notification; empty: the tenants above the device. */
  userIds: string[];
  mails: { to: string; subject: string; text: string }[];
  commandType: string | null;
  commandAttributes: Record<string, unknown> | null;
  error: string | null;
}

export const COMMAND_GONE = 'The saved command of this action no longer exists: nothing was sent.';

function eventText(deviceName: string, event: DetectedEvent) {
  return notificationMessage(deviceName, event) ?? `${deviceName}: ${event.type}`;
}

export function firingRow(
  rule: EventRule,
  device: { deviceId: string; tenantId: string; deviceName: string },
  event: DetectedEvent,
  raisesOwnNotification: boolean,
): FiringRow {
  const time = new Date(event.time).toISOString();
  const text = eventText(device.deviceName, event);
  const notify = rule.notifyUserIds.length > 0 || !raisesOwnNotification;
  const alarm = event.type === 'alarm' ? String(event.attributes.alarm) : undefined;
  const geofence = event.type === 'geofenceEnter' || event.type === 'geofenceExit' ? (event as GeofenceEvent) : null;
  return {
    actionId: rule.id,
    actionTenantId: rule.tenantId,
    deviceId: device.deviceId,
    deviceTenantId: device.tenantId,
    type: event.type,
    eventTime: time,
    positionId: event.positionId,
    eventAttributes: event.attributes,
    message: notify ? `${rule.name}: ${text}` : null,
    messageData: notify
      ? {
          deviceId: device.deviceId,
          deviceName: device.deviceName,
          positionId: event.positionId,
          time,
          icon: trackingNotificationIcon(event.type, alarm),
          ...(geofence ? { geofenceId: geofence.geofenceId, geofenceName: geofence.geofenceName } : {}),
          ...(alarm !== undefined ? { alarm } : {}),
          eventActionId: rule.id,
          eventActionName: rule.name,
        }
      : null,
    userIds: rule.notifyUserIds,
    mails: rule.emails.map((to) => ({
      to,
      subject: `${rule.name}: ${text}`,
      text: `${text}\nAt ${time} (UTC).\nEvent action: ${rule.name}.`,
    })),
    commandType: rule.command?.type ?? null,
    commandAttributes: rule.command?.attributes ?? null,
    error: rule.commandMissing ? COMMAND_GONE : null,
  };
}

/** A notification made by a firing, with the users it goes to (none: the tenants above the device). */
export interface FiredNotification {
  notification: TrackingNotification;
  userIds: string[];
}

interface NotificationRow {
  id: string;
  tenant_id: string;
  device_id: string;
  item_type: string;
  message: string;
  message_data: TrackingNotificationData & { userIds?: string[] };
  date_created: Date | string;
}

/**
 * Stores the firings and does what they say; answers the notifications to push once committed. Every
 * data-modifying part of the statement runs whether or not its rows are read again (PostgreSQL's rule).
 */
export async function insertFirings(
  q: Queryable,
  rows: readonly FiringRow[],
  mailStatus: 'pending' | 'kept',
): Promise<FiredNotification[]> {
  if (rows.length === 0) return [];
  const stored = await q.query<NotificationRow>(
    `with input as materialized (
       select x.*, case when x."commandType" is not null then gen_random_uuid() end as queue_id,
              (select e.id from device_events e
                where e.device_id = x."deviceId" and e.event_time = x."eventTime" and e.type = x.type
                  and e.position_id = x."positionId" and e.attributes @> x."eventAttributes"
                order by e.id desc limit 1) as event_id
         from jsonb_to_recordset($1::jsonb) as x("actionId" uuid, "actionTenantId" uuid, "deviceId" uuid, "deviceTenantId" uuid,
                type text, "eventTime" timestamptz, "positionId" bigint, "eventAttributes" jsonb, message text, "messageData" jsonb,
                "userIds" jsonb, mails jsonb, "commandType" text, "commandAttributes" jsonb, error text)
     ), queued as (
       insert into command_queue (id, device_id, tenant_id, command_type, attributes)
       select queue_id, "deviceId", "deviceTenantId", "commandType", coalesce("commandAttributes", '{}'::jsonb) from input where queue_id is not null
     ), mailed as (
       insert into outbox_emails (to_address, subject, body_text, kind, status)
       select m->>'to', m->>'subject', m->>'text', 'eventAction', $2 from input, jsonb_array_elements(input.mails) as m
     ), firings as (
       insert into event_action_firings (event_action_id, tenant_id, device_id, event_id, position_id, event_type, event_time,
                                         notified, mailed, command_queue_id, error)
       select "actionId", "actionTenantId", "deviceId", event_id, "positionId", type, "eventTime",
              case when message is null then 0 else 1 end, jsonb_array_length(mails),
              queue_id, error
         from input
     )
     insert into tracking_notifications (tenant_id, device_id, event_id, item_type, message, message_data)
     select "deviceTenantId", "deviceId", event_id, type, message,
            "messageData" || jsonb_build_object('eventId', event_id)
              || case when jsonb_array_length("userIds") > 0 then jsonb_build_object('userIds', "userIds") else '{}'::jsonb end
       from input where message is not null
     returning id, tenant_id, device_id, item_type, message, message_data, date_created`,
    [JSON.stringify(rows), mailStatus],
  );
  // A listener connected to one of these devices sends the command at once, as it would one sent by hand.
  const commanded = [...new Set(rows.filter((r) => r.commandType).map((r) => r.deviceId))];
  if (commanded.length) q.onCommit(() => commandsQueued.emit({ deviceIds: commanded }));
  return stored.map((row) => {
    const { userIds, ...messageData } = row.message_data;
    return {
      userIds: userIds ?? [],
      notification: {
        Id: row.id,
        tenantId: row.tenant_id,
        deviceId: row.device_id,
        itemType: row.item_type,
        message: row.message,
        messageData: { ...messageData, eventId: Number(messageData.eventId) },
        dateCreated: new Date(row.date_created).toISOString(),
      },
    };
  });
}
