/**
 * Crashes (tracking spec 2 Crash tab, 7 `api/geo/crash-event/{a}/{b}`): opened at ingest in status
 * NEW (shown as automatic) by an accident alarm or an impact reading above the configured threshold;
 * a reviewer moves a NEW crash to APPROVED or REJECTED (a rejection says why). Nothing else moves.
 */
import { z } from 'zod';
import { EMPTY_GUID } from '../constants';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { pagingQuerySchema } from './paging';
import { idSchema } from '../validation';

export const CRASH_STATUSES = ['NEW', 'APPROVED', 'REJECTED'] as const;
export type CrashStatus = (typeof CRASH_STATUSES)[number];
export const CRASH_KINDS = ['accident', 'impact'] as const;
export type CrashKind = (typeof CRASH_KINDS)[number];

export const CRASH_LIMITS = { pageSize: 100, commentMaxLength: 1000 } as const;

const statusSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(CRASH_STATUSES, { error: `A crash status is one of: ${CRASH_STATUSES.join(', ')}.` }),
);

/** GET /geo/crash-event/{assetId}/{status}: the all-zero GUID names every asset. */
export const crashListParamsSchema = z.object({
  assetId: idSchema.or(z.literal(EMPTY_GUID)),
  status: statusSchema,
});

/** Page and size only: a crash list is always newest first (spec 9: createdAt DESC). */
export const crashListQuerySchema = pagingQuerySchema.pick({ page: true, size: true });

/** PUT /geo/crash-event/{id}/review. */
export const crashReviewSchema = z
  .object({
    status: z.enum(['APPROVED', 'REJECTED'], { error: 'A crash is reviewed as APPROVED or REJECTED.' }),
    comment: z
      .string()
      .trim()
      .max(CRASH_LIMITS.commentMaxLength, `A comment has at most ${CRASH_LIMITS.commentMaxLength} characters.`)
      .nullable()
      .optional(),
  })
  .superRefine((r, ctx) => {
    if (r.status === 'REJECTED' && !r.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Say why the crash is rejected.' });
  });
export type CrashReview = z.infer<typeof crashReviewSchema>;

export interface CrashEvent {
  id: string;
  deviceId: string;
  deviceName: string;
  assetId: string | null;
  positionId: number | null;
  eventId: number | null;
  occurredAt: string;
  kind: CrashKind;
  /** The impact in g (impact crashes). */
  reading: number | null;
  status: CrashStatus;
  automatic: boolean;
  latitude: number | null;
  longitude: number | null;
  reviewedBy: string | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  reviewComment: string | null;
  tenantId: string;
  createdAt: string;
}

export const crashEventSchema: z.ZodType<CrashEvent> = z
  .strictObject({
    id: answerId,
    deviceId: answerId,
    deviceName: z.string(),
    assetId: answerId.nullable(),
    positionId: answerCount.nullable(),
    eventId: answerCount.nullable(),
    occurredAt: answerInstant,
    kind: z.enum(CRASH_KINDS),
    reading: z.number().nullable(),
    status: z.enum(CRASH_STATUSES),
    automatic: z.boolean(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    reviewedBy: answerId.nullable(),
    reviewedByName: z.string().nullable(),
    reviewedAt: answerInstant.nullable(),
    reviewComment: z.string().nullable(),
    tenantId: answerId,
    createdAt: answerInstant,
  })
  .meta({ id: 'CrashEvent' });
