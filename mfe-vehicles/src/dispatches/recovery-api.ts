/** The API's paths of the recovery screens, from the vehicles area's data (shared/contract/areas/vehicles). */
import { dispatches, sightings, spotters, thirdParties, wanted } from '@meridian/shared/contract/areas/vehicles';
import { apiPath } from '@meridian/shared/http/api-path';

export const RECOVERY_API = {
  dispatchesOf: (repossessionId: string) => apiPath(dispatches.api.list, { id: repossessionId }),
  dispatch: apiPath(dispatches.api.create),
  dispatchStatus: apiPath(dispatches.api.status),
  publish: apiPath(dispatches.api.publish),
  spotters: apiPath(spotters.api.list),
  spotter: (id: string) => apiPath(spotters.api.one, { id }),
  thirdParties: apiPath(thirdParties.api.list),
  thirdParty: (id: string) => apiPath(thirdParties.api.one, { id }),
  sightings: apiPath(sightings.api.list),
  sighting: (id: string) => apiPath(sightings.api.one, { id }),
  sightingPhoto: (id: string) => apiPath(sightings.api.photo, { id }),
  confirmSighting: apiPath(sightings.api.confirm),
  deleteSighting: apiPath(sightings.api.remove),
  wanted: apiPath(wanted.api.list),
} as const;
