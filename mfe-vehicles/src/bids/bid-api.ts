/** The bids calls, from the area's paths. */
import { EMPTY_GUID } from '@meridian/shared/constants';
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { bids } from '@meridian/shared/contract/areas/vehicles';

export const BID_API = {
  /** The whole acting subtree's bids (the all-zero GUID, as the spec's lists take it). */
  list: `/api${pathTo(bids.api.list, { userId: EMPTY_GUID })}`,
  accept: `/api${bids.api.accept}`,
} as const;
