/**
 * Device-geofence links, the spec's "permissions" (tracking spec 3, 6, 7): which geofences (and points
 * of interest) a device is tested against. Made and removed by authorised users of the acting
 * subtree; a device and a fence may be linked when both lie in it.
 */
import { z } from 'zod';
import { clientIdSchema, idSchema } from '../validation';
import { answerId, answerInstant } from './answer-fields';
import { GEOFENCE_TYPES, type GeofenceType } from './geofence';

/** POST /geo/permissions: a link, made once (201; linking again answers the existing link with 200). */
export const deviceGeofenceSaveSchema = z.object({
  /** The Id a client gave the link it made (ignored when not a usable GUID: the server makes one). */
  Id: clientIdSchema,
  deviceId: z.string({ error: 'Choose a device.' }).pipe(idSchema),
  geofenceId: z.string({ error: 'Choose a geofence.' }).pipe(idSchema),
});
export type DeviceGeofenceSave = z.infer<typeof deviceGeofenceSaveSchema>;

/** DELETE /geo/permissions: the link between the two, by their ids. */
export const deviceGeofenceDeleteSchema = z.object({
  deviceId: z.string({ error: 'Choose a device.' }).pipe(idSchema),
  geofenceId: z.string({ error: 'Choose a geofence.' }).pipe(idSchema),
});

/** GET /geo/permissions: the links of one geofence (or point of interest): the devices it is tested for. */
export const deviceGeofenceListQuerySchema = z.object({
  geofenceId: z.string({ error: 'Choose a geofence.' }).pipe(idSchema),
});

export interface DeviceGeofence {
  Id: string;
  deviceId: string;
  geofenceId: string;
  deviceName: string;
  geofenceName: string;
  geofenceType: GeofenceType;
  dateCreated: string;
}

export const deviceGeofenceSchema: z.ZodType<DeviceGeofence> = z
  .strictObject({
    Id: answerId,
    deviceId: answerId,
    geofenceId: answerId,
    deviceName: z.string(),
    geofenceName: z.string(),
    geofenceType: z.enum(GEOFENCE_TYPES),
    dateCreated: answerInstant,
  })
  .meta({ id: 'DeviceGeofence' });
