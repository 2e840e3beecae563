/** The addresses of the clients screens. */
export const CLIENTS_LIST_PATH = '/clients/list';
export const CLIENTS_GRID_PATH = '/clients/grid';
export const CREATE_CLIENT_PATH = '/clients/create';
export const editClientPath = (id: string) => `/clients/edit/${encodeURIComponent(id)}`;

export const CLIENT_GROUPS_PATH = '/clients/groups/list';
export const CREATE_CLIENT_GROUP_PATH = '/clients/groups/create';
export const editClientGroupPath = (id: string) => `/clients/groups/edit/${encodeURIComponent(id)}`;
export const clientGroupDetailsPath = (id: string) => `/clients/groups/details/${encodeURIComponent(id)}`;

export const PHONE_BOOK_PATH = '/clients/phone-book';
