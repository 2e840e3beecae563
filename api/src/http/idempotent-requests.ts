/**
 * Idempotency keys for writes (POST, PUT, PATCH, DELETE): a signed-in caller may send
 * `Idempotency-Key: <1-100 letters, digits, - or _>`. The first request with a key is handled as usual
 * and its successful answer is kept for a day; the same request sent again with that key (the
 * offline queue of a field device retrying after a lost answer) gets the kept answer, marked
 * `Idempotent-Replayed: true`, and writes nothing. A failed request keeps nothing, so it can be
 * retried. The same key with another method, path or body is refused (422); while the first is
 * still running, a second one is told to retry (409). Keys are the caller's own: two callers may use
 * the same key. Migration 010 holds the answers.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import type { Database } from '../db/database';
import { AppError, badRequest } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long an answer is kept, and how long a first request may run before a retry takes its key over. */
const KEPT = "interval '24 hours'";
const ABANDONED = "interval '2 minutes'";
/** Told to a second request while the first is running (result.retryAfter). */
const RETRY_AFTER_SECONDS = 5;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed, to keep its answer under. */
    idempotency: { caller: string; key: string } | null;
  }
}

/**
 * Whose key it is: the acting person (an impersonating administrator is not the user they act as)
 * or API key, and the tenant acted for, so a key never replays an answer across tenants or people.
 */
const callerOf = (request: FastifyRequest) => {
  const { apiKey, userId, impersonatorId } = request.principal;
  const who = apiKey ? `api-key:${apiKey.id}` : `user:${userId}:${impersonatorId ?? '-'}`;
  return `${who}:tenant:${request.scope?.tenantId ?? '-'}`;
};

const hashOf = (request: FastifyRequest) =>
  crypto
    .createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

/** Claims the key for this request: true when it is the first (or the earlier one expired or was abandoned). */
async function claim(db: Database, caller: string, key: string, request: FastifyRequest, hash: string) {
  const claimed = await db.one(
    `insert into idempotent_requests as r (caller, key, method, path, request_hash) values ($1, $2, $3, $4, $5)
     on conflict (caller, key) do update set method = excluded.method, path = excluded.path, request_hash = excluded.request_hash,
       status_code = null, body = null, date_created = now()
     where r.date_created < now() - ${KEPT} or (r.status_code is null and r.date_created < now() - ${ABANDONED})
     returning 1`,
    [caller, key, request.method, request.url, hash],
  );
  return !!claimed;
}

export function installIdempotentRequests(app: FastifyInstance, db: Database) {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !WRITES.has(request.method) || !request.principal) return;
    const key = Array.isArray(header) ? (header[0] ?? '') : header;
    if (!KEY_PATTERN.test(key)) {
      throw badRequest('An Idempotency-Key has 1 to 100 letters, digits, dashes or underscores.', {
        'Idempotency-Key': ['An Idempotency-Key has 1 to 100 letters, digits, dashes or underscores.'],
      });
    }
    const caller = callerOf(request);
    const hash = hashOf(request);
    if (await claim(db, caller, key, request, hash)) {
      request.idempotency = { caller, key };
      await db.query(`delete from idempotent_requests where caller = $1 and date_created < now() - ${KEPT}`, [caller]);
      return;
    }
    const earlier = await db.one<{ request_hash: string; status_code: number | null; body: string | null }>(
      `select request_hash, status_code, body from idempotent_requests where caller = $1 and key = $2`,
      [caller, key],
    );
    if (!earlier)
      throw new AppError(409, ERROR_CODES.CONFLICT, 'The first request with this Idempotency-Key has just ended; send it again.', {
        retryAfter: 1,
      });
    if (earlier.request_hash !== hash) {
      throw new AppError(422, ERROR_CODES.VALIDATION, 'This Idempotency-Key was used for another request.', {
        fieldErrors: { 'Idempotency-Key': ['This Idempotency-Key was used for another request.'] },
      });
    }
    if (earlier.status_code === null) {
      throw new AppError(409, ERROR_CODES.CONFLICT, 'The same request is still being handled; send it again in a moment.', {
        retryAfter: RETRY_AFTER_SECONDS,
      });
    }
    return reply.code(earlier.status_code).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(earlier.body);
  });

  // Registered before the shutdown tracker's onSend (app.ts), so a shutdown waits for this write too.
  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotency;
    if (!claimed) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await db.query(`update idempotent_requests set status_code = $3, body = $4 where caller = $1 and key = $2`, [
        claimed.caller,
        claimed.key,
        reply.statusCode,
        payload,
      ]);
    } else {
      await db.query(`delete from idempotent_requests where caller = $1 and key = $2`, [claimed.caller, claimed.key]);
    }
    return payload;
  });
}
