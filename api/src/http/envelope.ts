/** Builders of the success envelope; failures go through errors.ts and the error handler. */
import type { ApiEnvelope, PagingMeta } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';

export const ok = <T>(data: T, message: string = MESSAGES.ok): ApiEnvelope<T> => ({ result: { success: true, message }, data });

export const paged = <T>(data: T, paging: PagingMeta, message: string = MESSAGES.ok): ApiEnvelope<T> => ({
  result: { success: true, message },
  data,
  meta: { paging },
});
