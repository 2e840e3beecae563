/** The API's paths of the asset screens, from the tracking area's data (shared/contract/areas/tracking). */
import { EMPTY_GUID } from '@meridian/shared/constants';
import {
  assetCategories,
  assetEvents,
  assetGroups,
  assets,
  assetShareLinks,
  crashEvents,
  geoDevices,
} from '@meridian/shared/contract/areas/tracking';
import type { AssetEventKind } from '@meridian/shared/contract/asset-event';
import type { CrashStatus } from '@meridian/shared/contract/crash-event';
import { apiPath } from '@meridian/shared/http/api-path';

export const ASSET_API = {
  list: apiPath(assets.api.list),
  create: apiPath(assets.api.create),
  update: (id: string) => apiPath(assets.api.update, { id }),
  remove: (id: string) => apiPath(assets.api.remove, { id }),
  details: (id: string) => apiPath(assets.api.details, { id }),
  history: apiPath(assets.api.history),
  photos: (id: string) => apiPath(assets.api.photos, { id }),
  photo: (id: string, photoId: string) => apiPath(assets.api.photo, { id, photoId }),
  groups: apiPath(assetGroups.api.list),
  categories: apiPath(assetCategories.api.list),
  unlinkedDevices: apiPath(geoDevices.api.unlinked),
  events: (id: string, kind: AssetEventKind) => apiPath(kind === 'alarm' ? assetEvents.api.alarms : assetEvents.api.events, { id }),
  crashes: (assetId: string | null, status: CrashStatus) => apiPath(crashEvents.api.list, { assetId: assetId ?? EMPTY_GUID, status }),
  reviewCrash: (id: string) => apiPath(crashEvents.api.review, { id }),
  shareLinks: (assetId: string) => apiPath(assetShareLinks.api.ofAsset, { id: assetId }),
  createShareLink: apiPath(assetShareLinks.api.create),
  updateShareLink: apiPath(assetShareLinks.api.update),
} as const;
