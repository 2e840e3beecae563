/** The response envelope every /api route answers with. */
import { z } from 'zod';

export const pagingMetaSchema = z.object({
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PagingMeta = z.infer<typeof pagingMetaSchema>;

/** Per-field errors of a 400 answer: field path (dot separated) to its messages. */
export type FieldErrors = Record<string, string[]>;

export interface ApiResult {
  success: boolean;
  message: string;
  /** Stable machine-readable code of a failure, e.g. VALIDATION, UNAUTHENTICATED, ACCOUNT_LOCKED. */
  code?: string;
  fieldErrors?: FieldErrors;
  /** Seconds to wait before retrying (429 answers). */
  retryAfter?: number;
}

export interface ApiEnvelope<T> {
  result: ApiResult;
  data: T | null;
  meta?: { paging?: PagingMeta };
}

export const envelopeSchema = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    result: z.object({
      success: z.boolean(),
      message: z.string(),
      code: z.string().optional(),
      fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
      retryAfter: z.number().optional(),
    }),
    data: data.nullable(),
    meta: z.object({ paging: pagingMetaSchema.optional() }).optional(),
  });

export const ERROR_CODES = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  TENANT_FORBIDDEN: 'TENANT_FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  SERVER_ERROR: 'SERVER_ERROR',
  /** Sign-in (or an API key's call) from an address outside the organisation's allow-list. */
  IP_NOT_ALLOWED: 'IP_NOT_ALLOWED',
  /** An API key on a call that only a signed-in user may make. */
  USER_SESSION_REQUIRED: 'USER_SESSION_REQUIRED',
  /** Starting or stopping the day, or updating an activity, without a usable position where the tenant requires location. */
  LOCATION_REQUIRED: 'LOCATION_REQUIRED',
  /** Signed in with a temporary or expired password: only changing it (and reading one's profile, signing out) answers. */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
