/**
 * An asset's alarms and events (tracking spec 2 Alerts and Events tabs, 7
 * `api/geo/notification-event/asset/{id}/alarm` and `/event`): the events its devices raised while
 * they were in the asset (`device_events` within the device-asset history). Alarms are the `alarm`
 * events; events are every other type. Newest first by event time (spec 9: createdAt DESC), 100 a page.
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { wholeNumberFromQuery } from './paging';
import { idSchema } from '../validation';

export const ASSET_EVENT_KINDS = ['alarm', 'event'] as const;
export type AssetEventKind = (typeof ASSET_EVENT_KINDS)[number];

export const ASSET_EVENT_LIMITS = { pageSize: 100 } as const;

export const assetEventParamsSchema = z.object({ id: idSchema });

/** Page and size only: the lists are always newest first; a page holds 100 unless asked for fewer. */
export const assetEventQuerySchema = z.object({
  page: wholeNumberFromQuery(1),
  size: wholeNumberFromQuery(ASSET_EVENT_LIMITS.pageSize),
});

export interface AssetEvent {
  id: number;
  assetId: string;
  deviceId: string;
  deviceName: string;
  /** Traccar's names: alarm, ignitionOn, ignitionOff, geofenceEnter, geofenceExit, deviceMoving, ... */
  type: string;
  /** The alarm's value (sos, accident, tampering, ...) for alarms; null otherwise. */
  alarm: string | null;
  eventTime: string;
  positionId: number | null;
  latitude: number | null;
  longitude: number | null;
  geofenceId: string | null;
  geofenceName: string | null;
  attributes: Record<string, unknown>;
}

export const assetEventSchema: z.ZodType<AssetEvent> = z
  .strictObject({
    id: answerCount,
    assetId: answerId,
    deviceId: answerId,
    deviceName: z.string(),
    type: z.string(),
    alarm: z.string().nullable(),
    eventTime: answerInstant,
    positionId: answerCount.nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    geofenceId: answerId.nullable(),
    geofenceName: z.string().nullable(),
    attributes: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AssetEvent' });
