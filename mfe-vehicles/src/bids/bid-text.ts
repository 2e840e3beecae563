/** The texts of the bids screen and the repossession's bids tab. */
import type { BidStatus } from '@meridian/shared/contract/bid';

export const BID_TEXT = {
  bids: 'Bids',
  noBids: 'No bids yet.',
  search: 'Search by registration, make or model',
  vehicle: 'Vehicle',
  allVehicles: 'All vehicles',
  filterByVehicle: 'Filter by vehicle',
  bidder: 'Bidder',
  contact: 'Contact',
  amount: 'Amount',
  status: 'Status',
  received: 'Received',
  decided: 'Decided',
  accept: 'Accept',
  acceptDetail: 'The vehicle is sold to this bidder: the repossession moves from Listed to Sold and every other bid on it is declined.',
  accepted: 'Bid accepted: the vehicle is sold.',
  savedCopy: (when: string) =>
    `You are offline: these are the bids saved on this device at ${when}. Accepting waits until you are back online.`,
  noSavedCopy: 'You are offline, and no copy of the bids is saved on this device yet.',
  notListed: 'Bids are accepted while the vehicle is Listed.',
} as const;

export const acceptQuestion = (amount: string, bidder: string) => `Accept the bid of ${amount} from ${bidder}?`;

export const BID_STATUS_LABELS: Record<BidStatus, string> = { received: 'Received', accepted: 'Accepted', declined: 'Declined' };
export const BID_STATUS_COLOURS: Record<BidStatus, string> = { received: 'blue', accepted: 'green', declined: 'default' };
