/**
 * Tracking notifications (tracking spec 3, 4): one per event worth telling (a geofence enter or exit
 * naming the device and the geofence, an alarm), for the tenants above the device; written by
 * processing at ingest, pushed live over the socket (tracking-live.ts) and listed newest first
 * (GET /geo/notifications) in the same shape. Their icon follows the spec's rule
 * (shared/tracking/notification-icon.ts) and travels in `messageData.icon`.
 */
import { z } from 'zod';
import { idSchema } from '../validation';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { pagingQuerySchema } from './paging';
import type { TrackingNotification, TrackingNotificationData } from './tracking-live';

/** GET /geo/notifications: paged, newest first, searched on the message and type; `deviceId` narrows to one device. */
export const trackingNotificationQuerySchema = pagingQuerySchema.extend({ deviceId: idSchema.optional() });

// The answers' schemas (api/src/http/route-answers.ts).

const trackingNotificationDataSchema: z.ZodType<TrackingNotificationData> = z
  .object({
    deviceId: answerId,
    deviceName: z.string(),
    eventId: answerCount,
    positionId: answerCount,
    time: answerInstant,
    icon: z.string(),
    geofenceId: answerId.optional(),
    geofenceName: z.string().optional(),
    alarm: z.string().optional(),
    eventActionId: answerId.optional(),
    eventActionName: z.string().optional(),
  })
  .meta({ id: 'TrackingNotificationData' });

export const trackingNotificationSchema: z.ZodType<TrackingNotification> = z
  .strictObject({
    Id: answerId,
    tenantId: answerId,
    deviceId: answerId,
    itemType: z.string(),
    message: z.string(),
    messageData: trackingNotificationDataSchema,
    dateCreated: answerInstant,
  })
  .meta({ id: 'TrackingNotification' });
