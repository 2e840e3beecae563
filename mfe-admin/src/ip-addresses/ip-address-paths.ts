/** The addresses of the network allow-list screens. */
export const IP_ADDRESSES_LIST_PATH = '/admin/ip-addresses/list';
export const CREATE_IP_ADDRESS_PATH = '/admin/ip-addresses/create';
export const editIpAddressPath = (id: string) => `/admin/ip-addresses/${encodeURIComponent(id)}/edit`;
