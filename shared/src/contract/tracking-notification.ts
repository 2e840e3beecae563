/**
 * Tracking notifications (tracking spec 3, 4): one per event worth telling (a geofence enter or exit
 * naming the device and the geofence, an alarm), for the tenants above the device; written by
 * processing at ingest, pushed live over the socket (tracking-live.ts) and listed newest first
 * (GET /geo/notifications) in the same shape. Their icon follows the spec's rule
 * (shared/tracking/notification-icon.ts) and travels in `messageData.icon`.
 */
import { z } from 'zod';
import { idSchema, instantSchema } from '../validation';
import { daySchema } from './activity-plan';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { pagingQuerySchema } from './paging';
import type { TrackingNotification, TrackingNotificationData } from './tracking-live';

/** The event types that make a notification, for the page's type filter; processing may add others, which list like these. */
export const TRACKING_NOTIFICATION_TYPES = ['geofenceEnter', 'geofenceExit', 'alarm'] as const;

const unreadFlag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional();

/**
 * GET /geo/notifications: paged, newest first, searched on the message and type; narrowed to one
 * device, one type, days of the tenant's time zone (`fromDate` to `toDate`, both included) and to the
 * caller's unread.
 */
export const trackingNotificationQuerySchema = pagingQuerySchema
  .extend({
    deviceId: idSchema.optional(),
    itemType: z.string().trim().min(1).max(64).optional(),
    fromDate: daySchema.optional(),
    toDate: daySchema.optional(),
    unread: unreadFlag,
    /** Only those made at or before this instant: a view pinned when it was marked read, so what arrives later is announced, not listed. */
    before: instantSchema('Give the instant as an ISO date-time.').optional(),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: 'The end date cannot be before the start date.',
    path: ['toDate'],
  });

/** POST /geo/notifications/read: the notifications the caller has read (at most a page). */
export const markTrackingNotificationsReadSchema = z.strictObject({
  ids: z.array(idSchema, { error: 'Give the notifications as a list of ids.' }).min(1, 'Choose at least one notification.').max(1000),
});

export interface TrackingNotificationsMarked {
  marked: number;
}
/** POST /geo/notifications/read-all: how many were unread, and the instant everything up to is now read. */
export interface TrackingNotificationsAllMarked extends TrackingNotificationsMarked {
  readBefore: string;
}
export interface TrackingNotificationsUnread {
  /** Unread notifications of the acting subtree, counted up to `UNREAD_COUNT_CAP`. */
  count: number;
}
/** Beyond this the bell says 99+ anyway; counting further would read a busy fleet's whole history. */
export const UNREAD_COUNT_CAP = 1000;

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

export const trackingNotificationSchema: z.ZodType<TrackingNotification & { read?: boolean }> = z
  .strictObject({
    Id: answerId,
    tenantId: answerId,
    deviceId: answerId,
    itemType: z.string(),
    message: z.string(),
    messageData: trackingNotificationDataSchema,
    dateCreated: answerInstant,
    /** Whether the caller has read it (listed items; a live push is unread by definition). */
    read: z.boolean().optional(),
  })
  .meta({ id: 'TrackingNotification' });

export const trackingNotificationsMarkedSchema: z.ZodType<TrackingNotificationsMarked> = z
  .strictObject({ marked: answerCount })
  .meta({ id: 'TrackingNotificationsMarked' });
export const trackingNotificationsAllMarkedSchema: z.ZodType<TrackingNotificationsAllMarked> = z
  .strictObject({ marked: answerCount, readBefore: answerInstant })
  .meta({ id: 'TrackingNotificationsAllMarked' });
export const trackingNotificationsUnreadSchema: z.ZodType<TrackingNotificationsUnread> = z
  .strictObject({ count: answerCount })
  .meta({ id: 'TrackingNotificationsUnread' });
