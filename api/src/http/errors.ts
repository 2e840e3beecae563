/** Typed failures. Every route throws these; the one error handler turns them into envelopes. */
import { ERROR_CODES, type ErrorCode, type FieldErrors } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { fieldErrors?: FieldErrors; retryAfter?: number } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(400, ERROR_CODES.VALIDATION, message, { fieldErrors });
/** A 400 naming one field, for rules checked after the schema. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });
export const unauthenticated = (message: string = MESSAGES.unauthenticated, code: ErrorCode = ERROR_CODES.UNAUTHENTICATED) =>
  new AppError(401, code, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, ERROR_CODES.FORBIDDEN, message);
export const notFound = (what = 'This item') => new AppError(404, ERROR_CODES.NOT_FOUND, `${what} was not found.`);
export const conflict = (message: string = MESSAGES.conflict, fieldErrors?: FieldErrors) =>
  new AppError(409, ERROR_CODES.CONFLICT, message, { fieldErrors });
export const tooManyRequests = (message: string, retryAfter: number, code: ErrorCode = ERROR_CODES.RATE_LIMITED) =>
  new AppError(429, code, message, { retryAfter });
export const serviceUnavailable = (message: string) => new AppError(503, ERROR_CODES.SERVICE_UNAVAILABLE, message);
/** A service the server called (the geocoder) failed: the caller may try again later. */
export const badGateway = (message: string) => new AppError(502, ERROR_CODES.BAD_GATEWAY, message);
