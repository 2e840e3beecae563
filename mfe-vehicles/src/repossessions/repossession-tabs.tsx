/**
 * The tabs of a repossession's page, in order. Each tab is a component taking the repossession and a
 * reload; another feature (dispatch, sightings, listing, bids) adds its tab with one line here, its
 * component living in its own folder.
 */
import type { ComponentType } from 'react';
import { bids } from '@meridian/shared/contract/areas/vehicles';
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import type { SessionState } from '@meridian/shared/session/session-store';
import { canDo } from '@meridian/shared/session/use-can';
import { DispatchTab } from '../dispatches/dispatch-tab';
import { DISPATCH_TEXT } from '../dispatches/dispatch-text';
import { SightingsTab } from '../sightings/sightings-tab';
import { SIGHTING_TEXT } from '../sightings/sighting-text';
import { BidsTab } from '../bids/bids-tab';
import { BID_TEXT } from '../bids/bid-text';
import { ListingTab } from '../listing/listing-tab';
import { LISTING_TEXT } from '../listing/listing-text';
import { RepossessionDetailsTab } from './repossession-details-tab';
import { RepossessionHistoryTab } from './repossession-history-tab';
import { REPOSSESSION_TEXT } from './repossession-text';

export interface RepossessionTabProps {
  repossession: RepossessionDetails;
  /** Reads the repossession again (after a change a tab made). */
  reload: () => void;
}

export interface RepossessionTab {
  /** In the address (`?tab=`). */
  key: string;
  label: string;
  Tab: ComponentType<RepossessionTabProps>;
  /** Shown only to those who may read what it shows (every reader of repossessions when absent). */
  shownTo?: (session: Pick<SessionState, 'user'>) => boolean;
}

export const REPOSSESSION_TABS: readonly RepossessionTab[] = [
  { key: 'details', label: REPOSSESSION_TEXT.details, Tab: RepossessionDetailsTab },
  { key: 'history', label: REPOSSESSION_TEXT.history, Tab: RepossessionHistoryTab },
  { key: 'dispatch', label: DISPATCH_TEXT.dispatches, Tab: DispatchTab },
  { key: 'sightings', label: SIGHTING_TEXT.sightings, Tab: SightingsTab },
  { key: 'listing', label: LISTING_TEXT.tab, Tab: ListingTab },
  { key: 'bids', label: BID_TEXT.bids, Tab: BidsTab, shownTo: (session) => canDo(session, bids, 'read') },
];
