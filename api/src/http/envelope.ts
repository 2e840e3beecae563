/** Builders of the success envelope; failures go through errors.ts and the error handler. */
import type { FastifyReply } from 'fastify';
import type { ApiEnvelope, PagingMeta } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';

/** A success as the declared response schemas (route-answers.ts) read it: success is true and data is there. */
export interface Success<T> extends ApiEnvelope<T> {
  result: { success: true; message: string };
  data: T;
}

export const ok = <T>(data: T, message: string = MESSAGES.ok): Success<T> => ({ result: { success: true, message }, data });

export const paged = <T>(data: T, paging: PagingMeta, message: string = MESSAGES.ok): Success<T> & { meta: { paging: PagingMeta } } => ({
  result: { success: true, message },
  data,
  meta: { paging },
});

/**
 * Sends the paged envelope around rows that PostgreSQL already wrote as the text of a JSON array:
 * the rows are neither parsed nor serialised again on their way out (the activity lists, api/bench).
 */
export function sendPagedJson(reply: FastifyReply, rowsJson: string, paging: PagingMeta, message: string = MESSAGES.ok) {
  const { result, meta } = paged(null, paging, message);
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"result":${JSON.stringify(result)},"data":${rowsJson},"meta":${JSON.stringify(meta)}}`);
}

/** Sends the success envelope around data that PostgreSQL already wrote as JSON text (the calendar's days). */
export function sendJson(reply: FastifyReply, dataJson: string, message: string = MESSAGES.ok) {
  return reply.type('application/json; charset=utf-8').send(`{"result":${JSON.stringify(ok(null, message).result)},"data":${dataJson}}`);
}
