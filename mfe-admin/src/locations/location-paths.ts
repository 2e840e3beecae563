/** The addresses of the locations screens. */
export const LOCATIONS_LIST_PATH = '/admin/locations';
export const CREATE_LOCATION_PATH = '/admin/locations/create';
export const editLocationPath = (id: string) => `/admin/locations/edit/${encodeURIComponent(id)}`;
