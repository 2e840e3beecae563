/** The texts of the IP address allow-list screens. */

export const IP_ADDRESS_TEXT = {
  ipAddresses: 'IP addresses',
  newIpAddress: 'New IP address',
  editIpAddress: 'Edit IP address',
  addIpAddress: 'Add to the list',
  backToIpAddresses: 'Back to IP addresses',
  noIpAddresses: 'No addresses are listed: sign-in is allowed from any address.',
  searchIpAddresses: 'Search addresses, descriptions and tenants',
  ipAddressOrRange: 'Address or range (CIDR)',
  ipAllowListExplained:
    'Once a tenant has active entries, its users (and those of the tenants below it) cannot sign in from any address outside them.',
  ipAllowListLockoutGuard: 'A change that would stop you signing in from the address you are using now is refused.',
  ipAddressActiveHint: 'Only active entries allow sign-in.',
  ipAddressAdded: 'The address has been added to the list.',
  ipAddressSaved: 'The address has been saved.',
  ipAddressRemoved: 'The address has been removed from the list.',
  ipAddressNotRemoved: 'The address could not be removed.',
  ipAddressRemoveDetail: 'Sign-in from this address or range is no longer allowed unless another active entry includes it.',
} as const;

export const removeIpAddressQuestion = (cidr: string) => `Remove ${cidr} from the list?`;
/** How an address or range typed in another spelling is kept. */
export const storedAsMessage = (cidr: string) => `Saved as ${cidr}`;
