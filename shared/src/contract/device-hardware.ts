/**
 * Device hardware (tracking spec 3): the makes and models of tracker the server knows, each with the
 * protocol its listener speaks. Reference data, only listed, sorted by make (spec 9).
 */
import { z } from 'zod';
import { answerId, answerInstant } from './answer-fields';
import { pagingQuerySchema } from './paging';

/** The listeners: OsmAnd over HTTP (phones running Traccar Client and most phone trackers) and Teltonika over TCP. */
export const TRACKING_PROTOCOLS = ['osmand', 'teltonika'] as const;
export type TrackingProtocol = (typeof TRACKING_PROTOCOLS)[number];

export interface DeviceHardware {
  id: string;
  make: string;
  model: string;
  protocol: string;
  description: string | null;
  dateCreated: string;
}

/** GET /geo/device-hardware: paged, sorted by make ASC unless asked otherwise (spec 9). */
export const deviceHardwareQuerySchema = pagingQuerySchema;
export const DEVICE_HARDWARE_SORT = { field: 'make', order: 'ASC' } as const;

export const deviceHardwareSchema: z.ZodType<DeviceHardware> = z
  .strictObject({
    id: answerId,
    make: z.string(),
    model: z.string(),
    protocol: z.string(),
    description: z.string().nullable(),
    dateCreated: answerInstant,
  })
  .meta({ id: 'DeviceHardware' });
