/**
 * The geofence form's schema: the contract's own (shared/contract/geofence geofenceSaveSchema), so the
 * browser checks what the API checks (a name, the shape's rules, a circle's radius and a corridor's
 * width within their limits). The shape itself is a form value set by drawing on the map; radius and
 * width are typed (a circle's radius also follows the drawing).
 */
import { geofenceSaveSchema, type Geofence, type GeofenceSaveInput, type GeofenceType } from '@meridian/shared/contract/geofence';

export const geofenceFormSchema = geofenceSaveSchema;
export type GeofenceFormInput = Omit<GeofenceSaveInput, 'geometry'> & { geometry: GeofenceSaveInput['geometry'] | null };
export type GeofenceFormValues = (typeof geofenceFormSchema)['_zod']['output'];

export const GEOFENCE_FORM_FIELDS = ['name', 'description', 'geometry', 'radius', 'width'] as const;

/** A corridor starts this wide until the user types another width. */
export const DEFAULT_CORRIDOR_WIDTH_M = 50;

export const geofenceFormValues = (type: GeofenceType, fence?: Geofence | null): GeofenceFormInput => ({
  name: fence?.name ?? '',
  description: fence?.description ?? null,
  type,
  geometry: fence?.geometry ?? null,
  radius: fence?.radius ?? null,
  width: fence?.width ?? null,
});
