/** What the vehicle screens say (the list, the form, the vehicle's page). */
import type { VehicleStatus } from '@meridian/shared/contract/vehicle';

export const VEHICLE_TEXT = {
  vehicles: 'Vehicles',
  vehicle: 'Vehicle',
  newVehicle: 'New vehicle',
  editVehicle: 'Edit vehicle',
  createVehicle: 'Create vehicle',
  vehicleCreated: 'Vehicle created.',
  vehicleSaved: 'Vehicle saved.',
  vehicleDeleted: 'Vehicle deleted.',
  deleteVehicleDetail: 'Its photos and details go with it. A vehicle with an open repossession cannot be deleted.',
  noVehicles: 'No vehicles yet.',
  searchVehicles: 'Search registration, make, model, VIN or engine number',
  filterByStatus: 'Filter by status',
  allStatuses: 'All statuses',
  registrationNumber: 'Registration number',
  engineNumber: 'Engine number',
  vin: 'Vehicle identification number (VIN)',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  colour: 'Colour',
  status: 'Status',
  category: 'Category',
  noCategory: 'No category',
  features: 'Features',
  attributes: 'Attributes',
  attributeValue: 'Value',
  addAttribute: 'Add attribute',
  removeAttribute: 'Remove attribute',
  attribute: 'Attribute',
  dateCreated: 'Created',
  checking: 'Checking…',
  couldNotCheck: 'Could not check whether another vehicle has this; you can still save, and the server refuses a duplicate.',
  lookupLabel: 'Open a vehicle by registration number',
  lookupPlaceholder: 'Registration number',
  lookupNotFound: 'No vehicle has this registration number.',
  lookupOffline: 'Looking a vehicle up by registration number is not available offline.',
  details: 'Details',
  bluebookValue: 'Bluebook value',
  noBluebookValue: 'No bluebook value for this make, model and year.',
  photos: 'Photos',
  noPhotos: 'No photos yet.',
  addPhotos: 'Add photos',
  photosAdded: 'Photos added.',
  photoDeleted: 'Photo deleted.',
  position: 'Live position',
  noPosition: 'This vehicle’s tracked asset has reported no position yet.',
  trackedAsset: 'Tracked asset',
  trackedAssetHint: 'The tracking asset this vehicle is: its page then shows where it is and its last trips.',
  noTrackedAsset: 'Not tracked',
  positionAt: 'Last fix',
  lastTrips: 'Last trips',
  noTrips: 'No trips in this period.',
  tripStart: 'Start',
  tripEnd: 'End',
  tripDistance: 'Distance',
  repossessions: 'Repossessions',
  noRepossessions: 'This vehicle has no repossessions.',
  raiseRepossession: 'Raise repossession',
  repossessionRaised: 'Repossession raised.',
  reason: 'Reason',
  notes: 'Notes',
  raise: 'Raise',
  none: '—',
} as const;

export const VEHICLE_STATUS_LABELS: Record<VehicleStatus, string> = {
  active: 'Active',
  repossession: 'Under repossession',
  recovered: 'Recovered',
  sold: 'Sold',
  inactive: 'Inactive',
};

export const VEHICLE_STATUS_COLOURS: Record<VehicleStatus, string> = {
  active: 'green',
  repossession: 'orange',
  recovered: 'blue',
  sold: 'purple',
  inactive: 'default',
};

export const deleteVehicleQuestion = (registration: string) => `Delete vehicle ${registration}?`;

const IDENTIFIER_NAMES = {
  registrationNumber: 'registration number',
  engineNumber: 'engine number',
  vehicleIdentificationNumber: 'VIN',
} as const;
export type VehicleIdentifier = keyof typeof IDENTIFIER_NAMES;

/** Beside a field whose value another vehicle already carries. */
export const identifierTakenText = (field: VehicleIdentifier) => `Another vehicle already has this ${IDENTIFIER_NAMES[field]}.`;

export const distanceText = (metres: number) => `${(metres / 1000).toFixed(1)} km`;
