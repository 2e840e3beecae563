/**
 * The API's paths the vehicles screens call, from the areas' data (shared/contract/areas): vehicles,
 * reference lists, photos, bluebook values and repossessions, and the tracking paths a vehicle linked
 * to a tracked asset reads (its devices for the live position, its trips), called through the shared client.
 */
import { EMPTY_GUID } from '@meridian/shared/constants';
import { assets, fleetReports } from '@meridian/shared/contract/areas/tracking';
import { bluebook, repossessions, vehicleRecords, vehicleReferences } from '@meridian/shared/contract/areas/vehicles';
import { apiPath } from '@meridian/shared/http/api-path';

export const VEHICLES_API = {
  list: apiPath(vehicleRecords.api.list),
  details: (id: string) => apiPath(vehicleRecords.api.details, { id }),
  create: apiPath(vehicleRecords.api.create),
  update: (id: string) => apiPath(vehicleRecords.api.one, { id }),
  remove: apiPath(vehicleRecords.api.remove),
  exist: apiPath(vehicleRecords.api.exist),
  byRegistration: (reg: string) => apiPath(vehicleRecords.api.byRegistration, { reg }),
  photos: (id: string) => apiPath(vehicleRecords.api.photos, { id }),
  photoDelete: apiPath(vehicleRecords.api.photoDelete),
  features: apiPath(vehicleReferences.api.features),
  attributes: apiPath(vehicleReferences.api.attributes),
  categories: apiPath(vehicleReferences.api.categories),
  /** Every repossession of the acting subtree (the all-zero id: no particular user). */
  repossessions: apiPath(repossessions.api.list, { userId: EMPTY_GUID }),
  repossession: (id: string) => apiPath(repossessions.api.one, { id }),
  raiseRepossession: apiPath(repossessions.api.create),
  updateRepossession: (id: string) => apiPath(repossessions.api.update, { id }),
  repossessionStatus: apiPath(repossessions.api.status),
  bluebook: apiPath(bluebook.api.list),
  bluebookCreate: apiPath(bluebook.api.create),
  bluebookOne: (id: string) => apiPath(bluebook.api.one, { id }),
  trackedAssets: apiPath(assets.api.list),
  assetDevices: (assetId: string) => apiPath(assets.api.devices, { id: assetId }),
  assetTrips: apiPath(fleetReports.api.assetTrips),
} as const;
