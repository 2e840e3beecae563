/** The texts of the API user screens and their keys. */

export const API_USER_TEXT = {
  never: 'Never',
  revokeAction: 'Revoke',
  copyAction: 'Copy',
  copiedAction: 'Copied',
  apiUsers: 'API users',
  apiUsersIntro: 'Named keys with which other systems call the API. A key acts only with the permissions it was given.',
  newApiUser: 'New API user',
  createApiUser: 'Create API user and key',
  backToApiUsers: 'Back to API users',
  noApiUsers: 'No API users to show.',
  searchApiUsers: 'Search names, key prefixes and tenants',
  apiUserNameHint: 'Name the system that will use the key, so it can be recognised later.',
  apiUserPermissionsHint:
    'Tick what the key may do. A permission does not include the ones listed under it. Only permissions you hold yourself can be granted.',
  noGrantablePermissions: 'You hold no permissions that can be granted.',
  apiKeyExpiresOptional: 'Expires (optional)',
  apiKeyExpiresHint: 'Leave empty for a key that does not expire. It can be revoked at any time.',
  apiKeyPrefix: 'Key',
  apiKeyLastUsed: 'Last used',
  apiKeyExpires: 'Expires',
  apiKeyShownOnce: 'Copy this key now. It cannot be shown again.',
  apiKeyShownOnceDetail: 'Only a fingerprint of the key is kept. If it is lost, revoke this API user and create a new one.',
  apiKeyCopiedDone: 'I have copied the key',
  apiUserCreatedShort: 'The API user has been created.',
  apiUserActive: 'Active',
  apiUserRevoked: 'Revoked',
  apiUserExpired: 'Expired',
  apiUserRevokeDetail: 'Calls with this key are refused from now on. This cannot be undone.',
  apiUserRevokedDone: 'The key has been revoked.',
  apiUserDeleteDetail: 'The API user and its record of use are removed. This cannot be undone.',
  apiUserDeleteActiveDetail: 'Its key stops working at once, and the API user and its record of use are removed. This cannot be undone.',
  apiUserDeleted: 'The API user has been deleted.',
} as const;

export const revokeApiUserQuestion = (name: string) => `Revoke the key of '${name}'?`;
export const deleteApiUserQuestion = (name: string) => `Delete the API user '${name}'?`;
export const apiKeyTitle = (name: string) => `The key of '${name}'`;
