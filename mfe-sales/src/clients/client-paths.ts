/** The addresses of the clients screens (paths from the sales area data). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { clientGroups, clients } from '@meridian/shared/contract/areas/sales';

export const CLIENTS_LIST_PATH = clients.screens.list;
export const CLIENTS_GRID_PATH = clients.screens.grid;
export const CREATE_CLIENT_PATH = clients.screens.create;
export const editClientPath = (id: string) => pathTo(clients.screens.edit, { id });

export const CLIENT_GROUPS_PATH = clientGroups.screens.list;
export const CREATE_CLIENT_GROUP_PATH = clientGroups.screens.create;
export const editClientGroupPath = (id: string) => pathTo(clientGroups.screens.edit, { id });
export const clientGroupDetailsPath = (id: string) => pathTo(clientGroups.screens.details, { id });

export const PHONE_BOOK_PATH = clients.screens.phoneBook;
