/** The one error path: every failure leaves the API as an envelope with an honest status code. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiEnvelope, type FieldErrors } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';
import { AppError } from './errors';

const failure = (message: string, extra: ApiEnvelope<null>['result'] & object): ApiEnvelope<null> => ({
  result: { ...extra, success: false, message },
  data: null,
});

function fieldErrorsOf(error: FastifyError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fieldErrors;
  for (const issue of error.validation) {
    const where = error.validationContext ?? 'body';
    const field =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
      (issue.params?.issue as { path?: string[] } | undefined)?.path?.join('.') ||
      where;
    (fieldErrors[field] ??= []).push(issue.message ?? 'Not valid.');
  }
  return fieldErrors;
}

/** Postgres unique violations that slipped past a service check are conflicts, not crashes. */
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * PostgreSQL data exceptions (SQLSTATE class 22) that only a caller's value causes: text that is no
 * uuid or number, a date or number out of the type's range, a character the database cannot store,
 * a value too long for its column, a bad escape in a search pattern. The schemas and the input guard
 * refuse these first; this is the net for what they miss, so the caller gets a 400 and the log a
 * warning to fix the schema, not a 500. Other data exceptions (division by zero...) are the server's bugs.
 */
const INPUT_DATA_EXCEPTIONS = new Set([
  '22P02', // invalid_text_representation
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22009', // invalid_time_zone_displacement_value
  '22003', // numeric_value_out_of_range
  '22001', // string_data_right_truncation
  '22021', // character_not_in_repertoire
  '22P05', // untranslatable_character
  '22025', // invalid_escape_sequence
  '2201B', // invalid_regular_expression
]);
const isInputDataException = (error: unknown) => INPUT_DATA_EXCEPTIONS.has((error as { code?: string }).code ?? '');

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
      return reply
        .status(error.statusCode)
        .send(failure(error.message, { success: false, message: error.message, code: error.code, ...error.extra }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(
        failure(MESSAGES.validationFailed, {
          success: false,
          message: '',
          code: ERROR_CODES.VALIDATION,
          fieldErrors: fieldErrorsOf(error),
        }),
      );
    }
    if (isInputDataException(error)) {
      request.log.warn({ err: error }, 'the database refused a value the request schema let through');
      return reply.status(400).send(failure(MESSAGES.validationFailed, { success: false, message: '', code: ERROR_CODES.VALIDATION }));
    }
    if (isUniqueViolation(error)) {
      return reply.status(409).send(failure(MESSAGES.conflict, { success: false, message: '', code: ERROR_CODES.CONFLICT }));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    // The logger's err serializer (log-redaction.ts) keeps message, code and stack, never bound values.
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    const code =
      status === 404
        ? ERROR_CODES.NOT_FOUND
        : status === 429
          ? ERROR_CODES.RATE_LIMITED
          : status >= 500
            ? ERROR_CODES.SERVER_ERROR
            : ERROR_CODES.VALIDATION;
    const message = status === 500 ? MESSAGES.serverError : error.message;
    return reply.status(status).send(failure(message, { success: false, message: '', code }));
  });

  // Only unknown /api (and other non-page) addresses reach here: page addresses fall back to the shell.
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(
        failure(`No route ${request.method} ${request.url.split('?')[0]}.`, { success: false, message: '', code: ERROR_CODES.NOT_FOUND }),
      ),
  );
}

/**
 * Fastify's router refuses some addresses before any hook runs (a path that is not valid UTF-8, a path
 * parameter past maxParamLength); given to Fastify as `frameworkErrors`, so those answers carry the envelope too.
 */
export function routerRefusal(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send(failure(MESSAGES.validationFailed, { success: false, message: '', code: ERROR_CODES.VALIDATION }));
}
