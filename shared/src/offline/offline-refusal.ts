/**
 * Something a field device refuses to do offline, with the sentence the user is shown (sales spec 8:
 * 'Unable to update activity files offline', 'Activity not found' for a status change of an activity
 * the device does not hold, and so on). errorText shows its message as it shows the server's.
 */
export class OfflineRefusal extends Error {
  override readonly name = 'OfflineRefusal';
}

/** By name as well as class, for the same reason as isNetworkError (api-error.ts): a remote may hold its own copy of this class. */
export const isOfflineRefusal = (error: unknown): error is OfflineRefusal =>
  error instanceof OfflineRefusal || (error instanceof Error && error.name === 'OfflineRefusal');
