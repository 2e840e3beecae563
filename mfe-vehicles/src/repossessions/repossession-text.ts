/** What the repossession screens say (the list, the details page and its tabs, the workflow actions). */
import type { RepossessionStatus } from '@meridian/shared/contract/repossession';

export const REPOSSESSION_TEXT = {
  repossessions: 'Repossessions',
  repossession: 'Repossession',
  noRepossessions: 'No repossessions yet.',
  searchRepossessions: 'Search registration, make, model or VIN',
  filterByStatus: 'Filter by status',
  allStatuses: 'All statuses',
  vehicle: 'Vehicle',
  status: 'Status',
  reason: 'Reason',
  notes: 'Notes',
  raised: 'Raised',
  changed: 'Last change',
  details: 'Details',
  history: 'History',
  saveNotes: 'Save',
  detailsSaved: 'Repossession saved.',
  moveTo: 'Move to',
  movedTo: 'Status changed.',
  noMoves: 'This repossession is closed: its status does not change any more.',
  note: 'Note (optional)',
  when: 'When',
  who: 'Who',
  from: 'From',
  to: 'To',
  noHistory: 'No moves yet.',
  raisedStep: 'Raised',
  finalMoveDetail: 'This closes the repossession: its status cannot change again.',
  unknownUser: '—',
} as const;

/** Tag colours per status: open work warm, recovered blue, closed green or grey. */
export const REPOSSESSION_STATUS_COLOURS: Record<RepossessionStatus, string> = {
  New: 'gold',
  Dispatched: 'orange',
  Sighted: 'volcano',
  Recovered: 'blue',
  'In storage': 'geekblue',
  Listed: 'purple',
  Sold: 'green',
  Returned: 'cyan',
  Cancelled: 'default',
};

export const moveLabel = (to: RepossessionStatus) => `${REPOSSESSION_TEXT.moveTo} ${to}`;
export const finalMoveQuestion = (to: RepossessionStatus, registration: string) => `Move the repossession of ${registration} to ${to}?`;
export const repossessionTitle = (registration: string, make: string) => `Repossession of ${registration} (${make})`;
