/**
 * The dispatcher's workbench (issue 19 item 9; the spec names the section only): what needs
 * attention first in the acting subtree, each part with how many there are and the first few to act
 * on. Offline too long: devices not heard from for more than `offlineMinutes` (60 by default), the
 * longest silent first. Open crashes: status NEW, newest first. Unread alarms: the caller's unread
 * alarm notifications, newest first. Outside their zones: devices linked to geofences that are inside
 * none of them now (processing's state), the longest since last heard first.
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { CRASH_KINDS, type CrashKind } from './crash-event';

export const WORKBENCH_LIMITS = { items: 10, defaultOfflineMinutes: 60, maxOfflineMinutes: 60 * 24 * 90 } as const;

export const workbenchQuerySchema = z.object({
  offlineMinutes: z.coerce
    .number({ error: 'Give the minutes as a whole number.' })
    .int('Give the minutes as a whole number.')
    .min(1, 'At least 1 minute.')
    .max(WORKBENCH_LIMITS.maxOfflineMinutes, `At most ${WORKBENCH_LIMITS.maxOfflineMinutes} minutes (90 days).`)
    .default(WORKBENCH_LIMITS.defaultOfflineMinutes),
});

export interface WorkbenchDevice {
  deviceId: string;
  deviceName: string;
  assetId: string | null;
  assetName: string | null;
  lastUpdate: string | null;
}

export interface WorkbenchCrash {
  id: string;
  deviceId: string;
  deviceName: string;
  assetId: string | null;
  assetName: string | null;
  kind: CrashKind;
  occurredAt: string;
}

export interface WorkbenchAlarm {
  id: string;
  deviceId: string;
  deviceName: string;
  message: string;
  alarm: string | null;
  dateCreated: string;
}

export interface WorkbenchPart<T> {
  count: number;
  items: T[];
}

export interface Workbench {
  offlineMinutes: number;
  offline: WorkbenchPart<WorkbenchDevice>;
  openCrashes: WorkbenchPart<WorkbenchCrash>;
  unreadAlarms: WorkbenchPart<WorkbenchAlarm>;
  outsideZones: WorkbenchPart<WorkbenchDevice>;
}

const part = <T extends z.ZodType>(item: T) => z.strictObject({ count: answerCount, items: z.array(item) });
const deviceSchema = z.strictObject({
  deviceId: answerId,
  deviceName: z.string(),
  assetId: answerId.nullable(),
  assetName: z.string().nullable(),
  lastUpdate: answerInstant.nullable(),
});

export const workbenchSchema: z.ZodType<Workbench> = z
  .strictObject({
    offlineMinutes: answerCount,
    offline: part(deviceSchema),
    openCrashes: part(
      z.strictObject({
        id: answerId,
        deviceId: answerId,
        deviceName: z.string(),
        assetId: answerId.nullable(),
        assetName: z.string().nullable(),
        kind: z.enum(CRASH_KINDS),
        occurredAt: answerInstant,
      }),
    ),
    unreadAlarms: part(
      z.strictObject({
        id: answerId,
        deviceId: answerId,
        deviceName: z.string(),
        message: z.string(),
        alarm: z.string().nullable(),
        dateCreated: answerInstant,
      }),
    ),
    outsideZones: part(deviceSchema),
  })
  .meta({ id: 'Workbench' });
