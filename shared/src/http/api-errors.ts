/**
 * How a page turns a failed call into what the user sees: field errors go onto the form fields (so the
 * typed values stay), everything else becomes one sentence for an Alert.
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError, isNetworkError, type ApiError } from './api-error';
import { MESSAGES } from '../messages';
import { isOfflineRefusal } from '../offline/offline-refusal';

/**
 * The sentence for a failure. Only our own typed errors carry text meant for users; anything else
 * (a bug, a TypeError) gets the generic text so internals never reach the screen.
 */
export function errorText(error: unknown): string {
  if (isApiError(error) || isNetworkError(error) || isOfflineRefusal(error)) return error.message;
  return MESSAGES.serverError;
}

export const isApiStatus = (error: unknown, status: number): error is ApiError => isApiError(error) && error.status === status;

/**
 * Puts the server's field errors on the form's own fields and answers the text still left for an
 * Alert: the messages of fields the form does not have (a reset token, say), or the failure's sentence
 * when the answer named no field at all. Null means every problem is shown beside a field.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!isApiError(error)) return errorText(error);
  const entries = Object.entries(error.fieldErrors).filter(([, messages]) => messages.length > 0);
  if (entries.length === 0) return error.message;
  const leftOver: string[] = [];
  for (const [field, messages] of entries) {
    const known = fields.find((name) => name === field);
    if (known) setError(known, { type: 'server', message: messages.join(' ') }, { shouldFocus: true });
    else leftOver.push(...messages);
  }
  return leftOver.length > 0 ? leftOver.join(' ') : null;
}
