/** The vehicles area (remote `vehicles`): vehicles and the recovery business (addresses are ours). */
import { VEHICLE_PERMISSIONS } from '../permissions';
import { area, resource, type MenuSection } from './area';

const vehiclesSection: MenuSection = { label: 'Vehicles', order: 60, icon: 'car', can: [...VEHICLE_PERMISSIONS] };

export const vehicles = resource({
  screens: { list: '/vehicles', view: '/vehicles/:id' },
  can: { read: ['VEHICLES'] },
  guards: { view: 'read' },
  menu: { section: vehiclesSection, label: 'Vehicle list', order: 10 },
});

export const recovery = resource({
  screens: { repossessions: '/vehicles/repossessions', sightings: '/vehicles/sightings', bids: '/vehicles/bids' },
  can: {
    repossessions: ['VEHICLES/REPOSSESSIONS', 'VEHICLES'],
    sightings: ['VEHICLES/SIGHTINGS', 'VEHICLES'],
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
// Sightings and bids are not built yet: their hierarchies join the readers when they are.

const VEHICLE_READERS = ['VEHICLES', 'VEHICLES/REPOSSESSIONS'] as const;
const VEHICLE_EDITORS = ['VEHICLES'] as const;
const REPOSSESSION_USERS = ['VEHICLES/REPOSSESSIONS', 'VEHICLES'] as const;

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

export const vehiclesArea = area({
  id: 'vehicles',
  title: 'Vehicles',
  resources: { vehicles, recovery, vehicleRecords, vehicleReferences, repossessions, bluebook },
  alsoIntroduces: [...VEHICLE_PERMISSIONS],
});
