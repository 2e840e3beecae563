/** The addresses of the locations screens. */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { locations } from '@meridian/shared/contract/areas/admin';

export const LOCATIONS_LIST_PATH = locations.screens.list;
export const CREATE_LOCATION_PATH = locations.screens.create;
export const editLocationPath = (id: string) => pathTo(locations.screens.edit, { id });
