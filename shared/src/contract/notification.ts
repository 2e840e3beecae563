/** Notifications shown in the bell and pushed live over the socket. */
import { z } from 'zod';
import { idSchema, instantSchema } from '../validation';
import { answerCount, answerId, answerInstant } from './answer-fields';

export const NOTIFICATION_KINDS = ['activityAssignment', 'DOCUMENT_EXTRACTION', 'activityComment'] as const;

export interface Notification {
  Id: string;
  userId: string;
  itemType: string;
  message: string;
  icon: string | null;
  header: string | null;
  eventText: string | null;
  eventTime: string | null;
  dateCreated: string;
  messageData: unknown;
  read: boolean;
}

export const notificationInputSchema = z.object({
  /** The recipient; yourself when omitted. */
  userId: idSchema.optional(),
  itemType: z.string().trim().min(1).max(60),
  message: z.string().trim().min(1).max(2000),
  icon: z.string().max(60).nullable().optional(),
  header: z.string().max(200).nullable().optional(),
  eventText: z.string().max(200).nullable().optional(),
  eventTime: instantSchema().nullable().optional(),
  messageData: z.unknown().optional(),
});
export const insertNotificationSchema = z.object({ notification: notificationInputSchema });

export const notificationSchema: z.ZodType<Notification> = z
  .strictObject({
    Id: answerId,
    userId: answerId,
    itemType: z.string(),
    message: z.string(),
    icon: z.string().nullable(),
    header: z.string().nullable(),
    eventText: z.string().nullable(),
    eventTime: answerInstant.nullable(),
    dateCreated: answerInstant,
    messageData: z.unknown(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });

/** The bell: the newest unread notifications (at most 100) and how many are unread in all. */
export const unreadNotificationsSchema = z.strictObject({ notifications: z.array(notificationSchema), count: answerCount });

export const markedReadSchema = z.strictObject({ marked: answerCount });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;
export type MarkedRead = z.infer<typeof markedReadSchema>;
