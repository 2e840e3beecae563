/**
 * Typed failures of the fetch client. Callers branch on `instanceof` and `code`, never on message text,
 * and a failure is never handed back as if it were data (the old product returned caught errors as data).
 */
import type { FieldErrors } from '../contract/envelope';
import { ERROR_CODES, type ErrorCode } from '../contract/error-codes';
import { MESSAGES } from '../messages';

/** The server answered, and the answer is a failure (an error envelope, or something that is not an envelope). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The envelope's `result.code`; derived from the status when the answer carried none. */
  readonly code: ErrorCode | (string & {});
  /** Field path to messages, for 400 and 409 answers; empty otherwise. */
  readonly fieldErrors: FieldErrors;
  /** Seconds to wait before retrying (429), from the envelope or the Retry-After header. */
  readonly retryAfter: number | undefined;

  constructor(init: { status: number; code?: string; message?: string; fieldErrors?: FieldErrors; retryAfter?: number }) {
    super(init.message || MESSAGES.serverError);
    this.status = init.status;
    this.code = init.code ?? codeForStatus(init.status);
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryAfter = init.retryAfter;
  }
}

/** The request never got an answer: the browser is offline, the server is unreachable, or CORS refused it. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(options?: { cause?: unknown }) {
    super(MESSAGES.appOffline, options);
  }
}

/**
 * The guards below answer by the error's name as well as by its class: a remote that bundles its own
 * copy of this file (a shared module it reaches by a relative path) has classes of its own, so an
 * error thrown by the shell's http client is not `instanceof` the remote's NetworkError. Branching
 * on `instanceof` alone made every failure offline read "Something went wrong on our side".
 */
const named = (error: unknown, name: string) => (error as { name?: unknown } | null)?.name === name && error instanceof Error;

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError || named(error, 'ApiError');

export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError || named(error, 'NetworkError');

const browserSaysOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The failure is the connection's, not the server's: the request got no answer, or the browser says
 * it is offline and no answer came (a fetch that failed some other way while offline).
 */
export const isOfflineFailure = (error: unknown): boolean => isNetworkError(error) || (browserSaysOffline() && !isApiError(error));

/** The caller aborted through its AbortSignal; this is intent, not failure, so it is not turned into a NetworkError. */
export function isAbortError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

/** The code an answer without one stands for, so callers can branch on `code` alone. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ERROR_CODES.VALIDATION;
    case 401:
      return ERROR_CODES.UNAUTHENTICATED;
    case 403:
      return ERROR_CODES.FORBIDDEN;
    case 404:
      return ERROR_CODES.NOT_FOUND;
    case 409:
      return ERROR_CODES.CONFLICT;
    case 429:
      return ERROR_CODES.RATE_LIMITED;
    case 503:
      return ERROR_CODES.SERVICE_UNAVAILABLE;
    default:
      return ERROR_CODES.SERVER_ERROR;
  }
}
