/** Texts several administration screens say (and no other part of the product). */

export const ADMIN_TEXT = {
  users: 'Users',
  permissions: 'Permissions',
  permissionUnknown: 'The server does not know this permission yet, so it cannot be granted.',
  currencyCode: 'Currency code',
  currencySymbol: 'Currency symbol',
  mapPickHint: 'Click the map or drag the marker to set the coordinates.',
  active: 'Active',
  inactive: 'Inactive',
} as const;
