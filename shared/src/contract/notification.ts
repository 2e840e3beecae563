/** Notifications shown in the bell and pushed live over the socket. */
import { z } from 'zod';
import { idSchema, instantSchema } from '../validation';

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
