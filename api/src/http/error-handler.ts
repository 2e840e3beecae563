/** The one error path: every failure leaves the API as an envelope with an honest status code. */
import type { FastifyError, FastifyInstance } from 'fastify';
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
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (issue.params?.issue as { path?: string[] } | undefined)?.path?.join('.') || where;
    (fieldErrors[field] ??= []).push(issue.message ?? 'Not valid.');
  }
  return fieldErrors;
}

/** Postgres unique violations that slipped past a service check are conflicts, not crashes. */
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
      return reply.status(error.statusCode).send(
        failure(error.message, { success: false, message: error.message, code: error.code, ...error.extra }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send(failure(MESSAGES.validationFailed, { success: false, message: '', code: ERROR_CODES.VALIDATION, fieldErrors: fieldErrorsOf(error) }));
    }
    if (isUniqueViolation(error)) {
      return reply.status(409).send(failure(MESSAGES.conflict, { success: false, message: '', code: ERROR_CODES.CONFLICT }));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    const code = status === 404 ? ERROR_CODES.NOT_FOUND : status === 429 ? ERROR_CODES.RATE_LIMITED : status >= 500 ? ERROR_CODES.SERVER_ERROR : ERROR_CODES.VALIDATION;
    const message = status === 500 ? MESSAGES.serverError : error.message;
    return reply.status(status).send(failure(message, { success: false, message: '', code }));
  });

  // Only unknown /api (and other non-page) addresses reach here: page addresses fall back to the shell.
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(failure(`No route ${request.method} ${request.url.split('?')[0]}.`, { success: false, message: '', code: ERROR_CODES.NOT_FOUND })),
  );
}
