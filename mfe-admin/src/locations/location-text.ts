/** The texts of the location screens. */

export const LOCATION_TEXT = {
  locations: 'Locations',
  newLocation: 'New location',
  editLocation: 'Edit location',
  createLocation: 'Create location',
  backToLocations: 'Back to locations',
  noLocations: 'No locations to show.',
  searchLocations: 'Search names, addresses and tenants',
  address: 'Address',
  coordinates: 'Coordinates',
  locationActiveHint: 'Inactive locations stay on record but are not offered for new work.',
  locationCreated: 'The location has been created.',
  locationSaved: 'The location has been saved.',
  locationDeleted: 'The location has been deleted.',
  locationDeleteDetail: 'This cannot be undone.',
} as const;

export const deleteLocationQuestion = (name: string) => `Delete the location '${name}'?`;
