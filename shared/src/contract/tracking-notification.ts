/**
 * Tracking notifications (tracking spec 3, 4): one per event worth telling (a geofence enter or exit
 * naming the device and the geofence, an alarm...), for the tenants above the device; listed newest
 * first (GET /geo/notifications) and pushed live over the socket.
 */
import { z } from 'zod';
import { idSchema } from '../validation';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { pagingQuerySchema } from './paging';

/** Item types with an icon of their own (spec 3); any other shows the first two letters of its type. */
export const SPECIAL_NOTIFICATION_ICONS = ['Tamper', 'Asset Battery Disconnected', 'Keep in zone', 'Keep out zone'] as const;
export const DEFAULT_NOTIFICATION_LETTERS = 'BC';

/** The icon of a notification: its special icon's name, or the letters to draw (the type's first two, else BC). */
export function trackingNotificationIcon(itemType: string | null | undefined): { special: string } | { letters: string } {
  const type = (itemType ?? '').trim();
  const special = SPECIAL_NOTIFICATION_ICONS.find((name) => name.toLowerCase() === type.toLowerCase());
  if (special) return { special };
  const letters = type.replace(/[^A-Za-z]/g, '').slice(0, 2);
  return { letters: letters.length === 2 ? letters.toUpperCase() : DEFAULT_NOTIFICATION_LETTERS };
}

/** GET /geo/notifications: paged, newest first, searched on the message; `deviceId` narrows to one device. */
export const trackingNotificationQuerySchema = pagingQuerySchema.extend({ deviceId: idSchema.optional() });

export interface TrackingNotification {
  id: string;
  itemType: string;
  message: string;
  messageData: Record<string, unknown>;
  dateCreated: string;
  deviceId: string | null;
  deviceName: string | null;
  eventId: number | null;
  tenantId: string;
}

export const trackingNotificationSchema: z.ZodType<TrackingNotification> = z
  .strictObject({
    id: answerId,
    itemType: z.string(),
    message: z.string(),
    messageData: z.record(z.string(), z.unknown()),
    dateCreated: answerInstant,
    deviceId: answerId.nullable(),
    deviceName: z.string().nullable(),
    eventId: answerCount.nullable(),
    tenantId: answerId,
  })
  .meta({ id: 'TrackingNotification' });
