/**
 * Requests the browser sends over the socket with an acknowledgement (spec 7.7: `generateReport`,
 * `generateCSVReport`, `runReportV2`). The platform knows no domain: a module registers a handler per event
 * with the zod schema of its payload (`realtime.handle`). The socket layer validates the payload, loads the
 * caller as the HTTP guard would (the session as it is now, the tenant the socket acts for now), runs the
 * handler and answers the acknowledgement. Every failure is an answer `{ success: false, code, message }`:
 * a request is never dropped silently and a bad one never reaches the handler.
 */
import type { z } from 'zod';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';
import type { Database } from '../db/database';
import { loadPrincipal, resolveScope, type Principal, type TenantScope } from '../auth/principal';
import { AppError } from '../http/errors';

/** Who sent a request, loaded when it arrives (a permission taken away since the socket opened counts). */
export interface RealtimeCaller {
  principal: Principal;
  scope: TenantScope;
}

export interface RealtimeRefusal {
  success: false;
  code: string;
  message: string;
}

export type RealtimeRequestHandler<S extends z.ZodType, A> = (input: z.output<S>, caller: RealtimeCaller) => Promise<A>;

export interface RegisteredRequest {
  schema: z.ZodType;
  handler: RealtimeRequestHandler<z.ZodType, unknown>;
}

/** A bad payload: the first problem, with the field it is in ("exportFormat: Choose PDF, XLSX or CSV."). */
export function validationRefusal(error: z.ZodError): RealtimeRefusal {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const message = issue?.message ?? 'The request is not valid.';
  return { success: false, code: ERROR_CODES.VALIDATION, message: field ? `${field}: ${message}` : message };
}

/**
 * A failure as the browser is told of it: an AppError's own code and words (a field error names its
 * field); anything else is logged and answered in general terms, as a 500 would be.
 */
export function refusalOf(error: unknown, log: (msg: string) => void): RealtimeRefusal {
  if (error instanceof AppError) {
    const fields = Object.entries(error.extra.fieldErrors ?? {});
    const first = fields[0];
    const message = first && first[1][0] && !error.message.includes(first[0]) ? `${first[0]}: ${first[1][0]}` : error.message;
    return { success: false, code: error.code, message };
  }
  log(`realtime: a request failed: ${error instanceof Error ? error.message : String(error)}`);
  return { success: false, code: ERROR_CODES.SERVER_ERROR, message: MESSAGES.serverError };
}

/** The caller of a socket's request, as the guard would load it for an HTTP call with the socket's tenant as x-tenant-id. */
export async function callerOf(db: Database, claims: { sub: string; sid: string }, tenantId: string): Promise<RealtimeCaller> {
  const { principal, scopeTenant } = await loadPrincipal(db, claims, tenantId);
  if (principal.passwordChangeRequired) {
    throw new AppError(403, ERROR_CODES.PASSWORD_CHANGE_REQUIRED, MESSAGES.passwordMustChange);
  }
  return { principal, scope: resolveScope(principal, scopeTenant) };
}

/** Runs one request to its acknowledgement. */
export async function answerRequest(
  request: RegisteredRequest,
  payload: unknown,
  caller: () => Promise<RealtimeCaller>,
  log: (msg: string) => void,
): Promise<unknown> {
  const parsed = request.schema.safeParse(payload ?? {});
  if (!parsed.success) return validationRefusal(parsed.error);
  try {
    return await request.handler(parsed.data, await caller());
  } catch (error) {
    return refusalOf(error, log);
  }
}
