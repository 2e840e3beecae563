/** The vehicles area (remote `vehicles`): vehicles and the recovery business (addresses are ours). */
import { VEHICLE_PERMISSIONS, type PermissionHierarchy } from '../permissions';
import { area, resource, type MenuSection } from './area';

const vehiclesSection: MenuSection = { label: 'Vehicles', order: 60, icon: 'car', can: [...VEHICLE_PERMISSIONS] };

export const vehicles = resource({
  screens: { list: '/vehicles', view: '/vehicles/:id', bluebook: '/vehicles/bluebook' },
  can: { read: ['VEHICLES'] },
  guards: { view: 'read', bluebook: 'read' },
  menu: [
    { section: vehiclesSection, label: 'Vehicle list', order: 10 },
    { section: vehiclesSection, label: 'Bluebook', order: 50, screen: 'bluebook' },
  ],
});

export const recovery = resource({
  screens: {
    repossessions: '/vehicles/repossessions',
    repossession: '/vehicles/repossessions/:id',
    sightings: '/vehicles/sightings',
    bids: '/vehicles/bids',
  },
  guards: { repossession: 'repossessions' },
  can: {
    repossessions: ['VEHICLES/REPOSSESSIONS', 'VEHICLES'],
    sightings: ['VEHICLES/SIGHTINGS', 'VEHICLES/REPOSSESSIONS', 'VEHICLES'],
    bids: ['VEHICLES/BIDS', 'VEHICLES'],
  },
  menu: [
    { section: vehiclesSection, label: 'Repossessions', order: 20, screen: 'repossessions' },
    { section: vehiclesSection, label: 'Sightings', order: 30, screen: 'sightings' },
    { section: vehiclesSection, label: 'Bids', order: 40, screen: 'bids' },
  ],
});

// The API's resources (tracking spec 7 Vehicles, under /api). VEHICLES is the whole area; the repossessions
// screens read vehicles, reference lists and bluebook values too, since a repossession names a vehicle.
// Bids are not built yet. Sightings are read and reported with VEHICLES/SIGHTINGS too: a field spotter holds only that,
// and the API narrows what such a caller sees (the wanted list, their own sightings: modules/sightings/sighting-access.ts).

const VEHICLE_READERS = ['VEHICLES', 'VEHICLES/REPOSSESSIONS'] as const;
const VEHICLE_EDITORS = ['VEHICLES'] as const;
const REPOSSESSION_USERS = ['VEHICLES/REPOSSESSIONS', 'VEHICLES'] as const;
const SIGHTING_USERS = ['VEHICLES/SIGHTINGS', 'VEHICLES/REPOSSESSIONS', 'VEHICLES'] as const;

export const vehicleRecords = resource({
  api: {
    list: '/vehicles',
    details: '/vehicles/details/:id',
    create: '/vehicles',
    one: '/vehicles/:id',
    remove: '/vehicles/delete',
    exist: '/vehicles/exist',
    byRegistration: '/vehicles/regNumber/:reg',
    photos: '/vehicles/:id/photos',
    photo: '/vehicles/:id/photos/:photoId',
    thumbnail: '/vehicles/:id/photos/:photoId/thumbnail',
    photoDelete: '/vehicles/photo-delete',
  },
  can: { read: VEHICLE_READERS, create: VEHICLE_EDITORS, edit: VEHICLE_EDITORS, delete: VEHICLE_EDITORS },
});

export const vehicleReferences = resource({
  api: {
    features: '/vehicles/features',
    feature: '/vehicles/features/:id',
    attributes: '/vehicles/attributes',
    attribute: '/vehicles/attributes/:id',
    categories: '/vehicles/categories',
  },
  can: { read: VEHICLE_READERS },
});

export const repossessions = resource({
  api: {
    list: '/vehicles/repossessions/:userId',
    one: '/vehicles/repossession/:id',
    create: '/vehicles/repossessions',
    update: '/vehicles/repossessions/:id',
    status: '/vehicles/repossessions-status',
    remove: '/vehicles/repossessions-delete',
  },
  can: { read: REPOSSESSION_USERS, create: REPOSSESSION_USERS, edit: REPOSSESSION_USERS, delete: REPOSSESSION_USERS },
});

export const bluebook = resource({
  api: { list: '/vehicles/bluebook', create: '/vehicles/bluebook', one: '/vehicles/bluebook/:id' },
  can: { read: VEHICLE_READERS, create: VEHICLE_EDITORS, edit: VEHICLE_EDITORS, delete: VEHICLE_EDITORS },
});

/** The listing as staff see it (Listed repossessions of the subtree) and the choice of its public photo. */
export const repossessionListing = resource({
  api: { listing: '/vehicles/repossessions/public-listing', photo: '/vehicles/repossessions-publiclistingphoto' },
  can: { read: [...REPOSSESSION_USERS, 'VEHICLES/BIDS'], edit: REPOSSESSION_USERS },
});

/** Bids the public made on listed vehicles; accepting one sells the vehicle (Listed → Sold). */
const BID_USERS = ['VEHICLES/BIDS', 'VEHICLES'] as const;
export const bids = resource({
  api: { list: '/vehicles/bids/:userId', accept: '/vehicles/bids-accept' },
  can: { read: BID_USERS, accept: BID_USERS },
});

/** The public listing (no sign-in): a tenant's listed vehicles by its public key, their photos, and bids on them. */
export const publicListing = resource({
  api: {
    listing: '/public/listing/:tenantKey',
    vehicle: '/public/listing/:tenantKey/:listingId',
    photo: '/public/listing/:tenantKey/:listingId/photo',
    bid: '/public/listing/:tenantKey/:listingId/bids',
  },
});

/** Dispatches of a repossession to spotters and third parties, with their rewards (recovery field work, issue 20). */
export const dispatches = resource({
  api: {
    list: '/vehicles/repossessionsdispatch/:id',
    create: '/vehicles/repossessions-dispatch',
    status: '/vehicles/repossessions-dispatch-status',
    publish: '/vehicles/repossessions-publish',
  },
  can: { read: REPOSSESSION_USERS, create: REPOSSESSION_USERS, edit: REPOSSESSION_USERS },
});

/** Spotters (the spec's "agent"): people who look for wanted vehicles; one may be linked to a user account. */
export const spotters = resource({
  screens: { list: '/vehicles/spotters', view: '/vehicles/spotters/:id' },
  api: { list: '/vehicles/agent', create: '/vehicles/agent', one: '/vehicles/agent/:id' },
  can: { read: REPOSSESSION_USERS, create: REPOSSESSION_USERS, edit: REPOSSESSION_USERS },
  menu: { section: vehiclesSection, label: 'Spotters', order: 50 },
});

/** Third parties: companies that recover vehicles for the lender. */
export const thirdParties = resource({
  screens: { list: '/vehicles/third-parties', view: '/vehicles/third-parties/:id' },
  api: { list: '/vehicles/third-party', create: '/vehicles/third-party', one: '/vehicles/third-party/:id' },
  can: { read: REPOSSESSION_USERS, create: REPOSSESSION_USERS, edit: REPOSSESSION_USERS },
  menu: { section: vehiclesSection, label: 'Third parties', order: 60 },
});

/** Sightings of wanted vehicles: reported by spotters and staff, confirmed by staff. */
export const sightings = resource({
  api: {
    list: '/vehicles/sightings',
    create: '/vehicles/sightings',
    one: '/vehicles/sightings/:id',
    remove: '/vehicles/sightings-delete',
    confirm: '/vehicles/sightings-confirm',
    photo: '/vehicles/sightings/:id/photo',
    thumbnail: '/vehicles/sightings/:id/photo/thumbnail',
  },
  can: { read: SIGHTING_USERS, create: SIGHTING_USERS, edit: SIGHTING_USERS, delete: SIGHTING_USERS, confirm: REPOSSESSION_USERS },
});

/** The wanted list a spotter works from (on a phone): what to look for, and the reward. */
export const wanted = resource({
  screens: { list: '/vehicles/wanted' },
  api: { list: '/vehicles/wanted', photo: '/vehicles/wanted/:id/photo' },
  can: { read: SIGHTING_USERS },
  menu: { section: vehiclesSection, label: 'Wanted vehicles', order: 25 },
});

/** What a field spotter holds (the demo's Spotter role): sightings alone, so the API shows them the wanted list and their own sightings. */
export const FIELD_SPOTTER_PERMISSIONS: readonly PermissionHierarchy[] = ['VEHICLES/SIGHTINGS'];

export const vehiclesArea = area({
  id: 'vehicles',
  title: 'Vehicles',
  resources: {
    vehicles,
    recovery,
    vehicleRecords,
    vehicleReferences,
    repossessions,
    bluebook,
    repossessionListing,
    bids,
    publicListing,
    dispatches,
    spotters,
    thirdParties,
    sightings,
    wanted,
  },
  alsoIntroduces: [...VEHICLE_PERMISSIONS],
});
