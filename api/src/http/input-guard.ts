/**
 * Text PostgreSQL cannot store never reaches a handler: every route's path parameters, query string
 * and body (JSON or the text fields of a multipart form), keys included, are checked once here,
 * before the route's own schema, so a NUL in a login e-mail or a search answers 400 naming the field
 * instead of failing in the database. The rule itself is shared with the browser (validation.ts).
 */
import type { FastifyInstance } from 'fastify';
import { hasUnstorableCharacter, UNSTORABLE_CHARACTER_MESSAGE } from '@meridian/shared/validation';
import type { FieldErrors } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';
import { badRequest } from './errors';

/** Deeper input than any schema of the API takes is refused by the schema; the walk need not follow it. */
const MAX_DEPTH = 32;

const pathOf = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

/** Collects the dotted path of every string (value or key) holding a character PostgreSQL cannot store. */
function findUnstorable(value: unknown, path: string, found: Set<string>, depth = 0): void {
  if (typeof value === 'string') {
    if (hasUnstorableCharacter(value)) found.add(path);
    return;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return;
  for (const [key, item] of Object.entries(value)) {
    // A bad key is reported by its clean part, so the answer itself carries no unstorable character.
    if (hasUnstorableCharacter(key)) found.add(pathOf(path, [...key].filter((c) => !hasUnstorableCharacter(c)).join('')));
    findUnstorable(item, pathOf(path, key), found, depth + 1);
  }
}

export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const found = new Set<string>();
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      // A part that is itself a bad string (a text/plain body) is named after the part.
      findUnstorable(value, typeof value === 'string' ? part : '', found);
    }
    if (found.size === 0) return;
    const fieldErrors: FieldErrors = {};
    for (const field of found) fieldErrors[field || 'body'] = [UNSTORABLE_CHARACTER_MESSAGE];
    throw badRequest(MESSAGES.validationFailed, fieldErrors);
  });
}
