/**
 * The device form's schema: the contract's own (shared/contract/geo-device geoDeviceSaveSchema), so the
 * browser checks exactly what the API checks (the unique id's characters and length, the SIM number,
 * the category). Attributes and the owning tenant are not edited here: an edit keeps the device's own.
 */
import { geoDeviceSaveSchema, type GeoDevice, type GeoDeviceSaveInput } from '@meridian/shared/contract/geo-device';
import { uniqueIdSchema } from '@meridian/shared/contract/geo-device';

export const deviceFormSchema = geoDeviceSaveSchema.omit({ attributes: true, tenantId: true });
export type DeviceFormInput = Omit<GeoDeviceSaveInput, 'attributes' | 'tenantId'>;
export type DeviceFormValues = (typeof deviceFormSchema)['_zod']['output'];

/** The fields a server refusal may name, for applyFieldErrors. */
export const DEVICE_FORM_FIELDS = ['uniqueId', 'name', 'hardwareId', 'phone', 'model', 'category', 'contact', 'disabled'] as const;

export const deviceFormValues = (device?: GeoDevice | null): DeviceFormInput => ({
  uniqueId: device?.uniqueId ?? '',
  name: device?.name ?? '',
  hardwareId: device?.hardwareId ?? null,
  phone: device?.phone ?? null,
  model: device?.model ?? null,
  category: (device?.category as DeviceFormInput['category']) ?? null,
  contact: device?.contact ?? null,
  disabled: device?.disabled ?? false,
});

/** The unique id as the server would store it, or null while it breaks its own rule (nothing to check yet). */
export function checkableUniqueId(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = uniqueIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
