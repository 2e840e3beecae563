/**
 * The vehicle form's schema: the contract's own (shared/contract/vehicle vehicleSaveSchema), so the
 * browser checks what the API checks. The owning tenant is not chosen here; the tracked asset is, by those
 * who may read assets (for others the field is not shown and an edit keeps the vehicle's own).
 */
import { z } from 'zod';
import { vehicleSaveSchema, type VehicleDetails } from '@meridian/shared/contract/vehicle';

export const vehicleFormSchema = vehicleSaveSchema.omit({ id: true, tenantId: true }).extend({
  // Required in the form (the API's default is 'active'), so the select always shows one.
  status: vehicleSaveSchema.shape.status.unwrap(),
  featureIds: z.array(z.string()),
});

export type VehicleFormInput = z.input<typeof vehicleFormSchema>;
export type VehicleFormValues = z.output<typeof vehicleFormSchema>;

/** The fields a server refusal may name, for applyFieldErrors. */
export const VEHICLE_FORM_FIELDS = [
  'registrationNumber',
  'engineNumber',
  'vehicleIdentificationNumber',
  'make',
  'model',
  'year',
  'colour',
  'status',
  'categoryId',
  'featureIds',
  'attributes',
  'assetId',
] as const;

export const vehicleFormValues = (vehicle: VehicleDetails | null): VehicleFormInput => ({
  registrationNumber: vehicle?.registrationNumber ?? '',
  engineNumber: vehicle?.engineNumber ?? null,
  vehicleIdentificationNumber: vehicle?.vehicleIdentificationNumber ?? null,
  make: vehicle?.make ?? '',
  model: vehicle?.model ?? null,
  year: vehicle?.year ?? null,
  colour: vehicle?.colour ?? null,
  status: vehicle?.status ?? 'active',
  categoryId: vehicle?.categoryId ?? null,
  featureIds: vehicle?.features.map((f) => f.id) ?? [],
  attributes: vehicle?.attributes.map(({ attributeId, value }) => ({ attributeId, value })) ?? [],
  assetId: vehicle?.assetId ?? null,
});

/** The body of POST /vehicles and PUT /vehicles/{id}: the form's values (the tracked asset as chosen, or as it was). */
export const vehicleSaveBody = (values: VehicleFormValues) => ({ ...values, assetId: values.assetId ?? null });
