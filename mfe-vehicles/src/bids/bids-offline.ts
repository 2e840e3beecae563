/**
 * The bids kept on the device (tracking spec 7: "offline it falls back to the local store"): each time
 * the bids screen opens online it keeps the newest bids of the acting subtree in the user's device
 * store, and offline it shows that copy, saying when it was saved.
 */
import type { Bid } from '@meridian/shared/contract/bid';
import { api } from '@meridian/shared/http/api';
import { deviceStoreOf } from '@meridian/shared/offline/device-store';
import { BID_API } from './bid-api';

export interface KeptBids {
  keptAt: string;
  items: Bid[];
}

const KEPT_BIDS = 'vehicle-bids';
/** Enough for a desk's open bids; older ones are in the list online. */
export const KEPT_BIDS_SIZE = 200;

export async function keepBidsOnDevice(userId: string): Promise<void> {
  const { data } = await api.get<Bid[]>(BID_API.list, { query: { size: KEPT_BIDS_SIZE, sortField: 'receivedDate', sortOrder: 'DESC' } });
  await deviceStoreOf(userId).set(KEPT_BIDS, { keptAt: new Date().toISOString(), items: data } satisfies KeptBids);
}

export const keptBids = (userId: string) => deviceStoreOf(userId).get<KeptBids>(KEPT_BIDS);
