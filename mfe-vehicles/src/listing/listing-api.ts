/** The listing calls, from the area's paths. */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { repossessionListing, vehicleRecords } from '@meridian/shared/contract/areas/vehicles';

export const LISTING_API = {
  staffListing: `/api${repossessionListing.api.listing}`,
  choosePhoto: `/api${repossessionListing.api.photo}`,
  photosOf: (vehicleId: string) => `/api${pathTo(vehicleRecords.api.photos, { id: vehicleId })}`,
} as const;
