/** The addresses of the network allow-list screens. */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { ipAddresses } from '@meridian/shared/contract/areas/admin';

export const IP_ADDRESSES_LIST_PATH = ipAddresses.screens.list;
export const CREATE_IP_ADDRESS_PATH = ipAddresses.screens.create;
export const editIpAddressPath = (id: string) => pathTo(ipAddresses.screens.edit, { id });
