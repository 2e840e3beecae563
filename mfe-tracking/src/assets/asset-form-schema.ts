/**
 * The asset form's schema: the contract's own (shared/contract/asset assetSaveSchema), so the browser
 * checks what the API checks, with the devices as people choose them (one Primary, any Bluetooth
 * transponders) instead of the contract's list of links; `assetSaveBody` turns them back into it.
 */
import { z } from 'zod';
import { ASSET_DEVICE_TYPES, assetSaveSchema, type Asset, type AssetSaveInput } from '@meridian/shared/contract/asset';
import { idSchema } from '@meridian/shared/validation';

export const assetFormSchema = assetSaveSchema.omit({ asset_devices: true, tenantId: true, mapIcon: true }).extend({
  primaryDeviceId: idSchema.nullable(),
  transponderIds: z.array(idSchema),
});
export type AssetFormInput = Omit<AssetSaveInput, 'asset_devices' | 'tenantId' | 'mapIcon'> & {
  primaryDeviceId: string | null;
  transponderIds: string[];
};
export type AssetFormValues = z.output<typeof assetFormSchema>;

/** The fields a server refusal may name, for applyFieldErrors. */
export const ASSET_FORM_FIELDS = ['registrationNumber', 'make', 'status', 'groupId', 'categoryId', 'features'] as const;

const devicesOfType = (asset: Asset | null | undefined, typeId: number) =>
  Object.values(asset?.devices ?? {})
    .filter((d) => d.deviceTypeId === typeId)
    .map((d) => d.deviceId);

export const assetFormValues = (asset?: Asset | null): AssetFormInput => ({
  registrationNumber: asset?.registrationNumber ?? '',
  make: asset?.make ?? '',
  status: asset?.status ?? 'active',
  groupId: asset?.groupId ?? null,
  categoryId: asset?.categoryId ?? null,
  features: asset?.features ?? [],
  primaryDeviceId: devicesOfType(asset, ASSET_DEVICE_TYPES.primary)[0] ?? null,
  transponderIds: devicesOfType(asset, ASSET_DEVICE_TYPES.bluetoothTransponder),
});

/** The body of POST /geo/asset and PUT /geo/asset/{id}: the whole set of devices, the map icon kept. */
export function assetSaveBody({ primaryDeviceId, transponderIds, ...values }: AssetFormValues, asset: Asset | null) {
  const links = [
    ...(primaryDeviceId ? [{ deviceId: primaryDeviceId, deviceTypeId: ASSET_DEVICE_TYPES.primary }] : []),
    ...transponderIds
      .filter((id) => id !== primaryDeviceId)
      .map((deviceId) => ({ deviceId, deviceTypeId: ASSET_DEVICE_TYPES.bluetoothTransponder })),
  ];
  return { ...values, mapIcon: asset?.mapIcon ?? null, asset_devices: links };
}
