/**
 * What the log may say about a request and an error. Values a caller sent (search text, e-mail
 * addresses, phone numbers, the values bound to a statement) are personal data or secrets, so the
 * log names the route and the failure, never the values.
 */
import type { FastifyRequest } from 'fastify';
import { isDataException, withoutQuotedValues } from '../db/database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path parameter that is an id (or a comma-separated list of ids) says which record, not whose data. */
const isIdList = (value: string) => value.split(',').every((part) => UUID.test(part.trim()));

/**
 * The fixed words of the served routes' addresses (`users`, `by-email`). A value a caller typed can look
 * like a word too (a surname, a registration), so only the words of a registered address are kept.
 */
const addressWords = new Set<string>();

/** Learns the fixed words of a route's address (called for every route as it is registered). */
export function rememberAddress(url: string) {
  for (const segment of url.split('/')) if (segment && !segment.startsWith(':') && !segment.includes('*')) addressWords.add(segment);
}

/**
 * An address no route matched (a typo, a probe, a path the router refused) keeps the words of known
 * addresses and ids; every other segment, which may be an e-mail address or anything a caller sent,
 * becomes `:value`.
 */
function unmatchedPath(url: string): string {
  const path = url.split('?')[0]!.slice(0, 400);
  return path
    .split('/')
    .map((segment) => (segment === '' || addressWords.has(segment) || isIdList(segment) ? segment : ':value'))
    .join('/');
}

/**
 * The matched route with its id parameters filled in (`/api/users/3f0c...`), other parameters left as
 * their names (`/api/users/by-email/:email`, `/api/auth/refresh/:refreshToken`) and no query string
 * (it carries search text and filters).
 */
export function loggedUrl(request: FastifyRequest): string {
  const pattern = request.routeOptions?.url;
  if (!pattern) return unmatchedPath(request.url);
  const params = (request.params ?? {}) as Record<string, unknown>;
  return pattern.replace(/:(\w+)/g, (name, key: string) => {
    const value = Object.hasOwn(params, key) ? params[key] : undefined;
    return typeof value === 'string' && isIdList(value) ? value : name;
  });
}

/** Fields of a PostgreSQL error that name the statement's parts, not its values. */
const DATABASE_FIELDS = ['severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint'] as const;
const SQL_LOGGED_CHARS = 600;
const MAX_CAUSES = 3;

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  stack: string;
  sql?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/**
 * The `err` of every log line: type, message, code and stack, and for a database error the names of
 * what failed (table, column, constraint, routine) and the statement's text, which holds no values
 * (every value is bound). Never the bound values (`params`), `detail` or `where` (both quote row and
 * parameter values), nor any other property a driver hangs on its errors.
 */
export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'A value that is not an Error was thrown.', stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const redact = (text: string) => (isDataException(code) ? withoutQuotedValues(text) : text);
  const message = redact(error.message);
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message,
    stack: (error.stack ?? '').replace(error.message, message),
  };
  if (code) logged.code = code;
  if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  for (const field of DATABASE_FIELDS) if (typeof fields[field] === 'string') logged[field] = fields[field];
  if (typeof fields.query === 'string') logged.sql = fields.query.replace(/\s+/g, ' ').trim().slice(0, SQL_LOGGED_CHARS);
  if (error.cause !== undefined && depth < MAX_CAUSES) logged.cause = loggableError(error.cause, depth + 1);
  return logged;
}
