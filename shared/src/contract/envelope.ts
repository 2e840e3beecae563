/** The response envelope every /api route answers with. */
import { z } from 'zod';

export const pagingMetaSchema = z.object({
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** True when `total` is an estimate: a broad search is not counted row by row (api/src/db/search-walk.ts). */
  totalEstimated: z.boolean().optional(),
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

// Kept apart from the schemas (error-codes.ts, no zod) for the sign-in page; named here too, where every caller looks.
export { ERROR_CODES, type ErrorCode } from './error-codes';
