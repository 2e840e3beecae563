/**
 * With `checkResponses` on (CHECK_RESPONSES=1; always in tests), every answer of a route that declares
 * its responses (route-answers.ts) is checked against them after serialization, as the client reads it.
 * A mismatch is a bug of the server or of the contract, not of the caller: the answer still goes out
 * unchanged, marked with `x-contract-violation: <short reason>` and logged, and the test harness fails on it.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

export const CONTRACT_VIOLATION_HEADER = 'x-contract-violation';

type DeclaredAnswer = z.ZodType | { content: Record<string, unknown> };

/** The declaration for a status: exact, then its class (4xx), then the default, as Fastify picks serializers. */
function declaredFor(responses: Record<string, DeclaredAnswer>, status: number): DeclaredAnswer | undefined {
  return responses[status] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
}

const mediaTypeOf = (reply: FastifyReply) => (String(reply.getHeader('content-type') ?? '').split(';')[0] ?? '').trim().toLowerCase();

function bodyText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

/** The first issue, as a header can carry it: one line, printable ASCII, short. */
function shortReason(status: number, error: z.ZodError): string {
  const [issue] = error.issues;
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : '';
  return `${status} ${where}: ${issue?.message ?? 'does not match'}${more}`.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}

/** Why the answer does not match its declaration, or null when it does. */
export function contractViolation(
  responses: Record<string, DeclaredAnswer>,
  status: number,
  mediaType: string,
  payload: unknown,
): string | null {
  const declared = declaredFor(responses, status);
  if (!declared) return `${status} is not a declared status`;
  if (!(declared instanceof z.ZodType)) {
    // A route that answers JSON or a file declares its JSON by content type: that JSON is checked too.
    const json = mediaType === 'application/json' ? declared.content[mediaType] : undefined;
    if (json && typeof json === 'object' && 'schema' in json && json.schema instanceof z.ZodType)
      return contractViolation({ [status]: json.schema }, status, mediaType, payload);
    return mediaType in declared.content || '*/*' in declared.content
      ? null
      : `${status} answered ${mediaType || 'no content type'}, declared ${Object.keys(declared.content).join(', ')}`;
  }
  const text = bodyText(payload);
  if (text === null) return `${status} answered a stream where JSON was declared`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${status} answered ${mediaType || 'no content type'} that is not JSON`;
  }
  const checked = declared.safeParse(body);
  return checked.success ? null : shortReason(status, checked.error);
}

export function installResponseCheck(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const responses = request.routeOptions.schema?.response as Record<string, DeclaredAnswer> | undefined;
    if (!responses) return payload;
    const violation = contractViolation(responses, reply.statusCode, mediaTypeOf(reply), payload);
    if (violation) {
      reply.header(CONTRACT_VIOLATION_HEADER, violation);
      request.log.warn({ route: `${request.method} ${request.routeOptions.url}`, violation }, 'an answer broke its declared contract');
    }
    return payload;
  });
}
