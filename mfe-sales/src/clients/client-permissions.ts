/**
 * The permissions of the clients screens (sales spec section 6), as the API checks them: reading needs
 * CLIENTS, creating CLIENTS/CREATE, editing and deleting CLIENTS/EDIT, groups CLIENTS/GROUPS. Buttons
 * for what the user may not do are hidden; the server refuses them either way.
 */
import { useCan } from '../parts/use-can';

export const CLIENT_PERMISSIONS = {
  read: ['CLIENTS'],
  create: ['CLIENTS/CREATE'],
  edit: ['CLIENTS/EDIT'],
  groups: ['CLIENTS/GROUPS'],
} as const;

export type ClientAbility = keyof typeof CLIENT_PERMISSIONS;

export const useCanClients = (ability: ClientAbility) => useCan(CLIENT_PERMISSIONS[ability]);
