/**
 * Bluebook valuations (tracking spec 3, 7): a value per make, model and year, kept as integer minor
 * units (cents) with an ISO 4217 currency code; money never floats.
 */
import { z } from 'zod';
import { answerId, answerInstant } from './answer-fields';
import { geoListQuerySchema, owningTenantIdSchema, requiredText } from './geo-list';
import { idSchema } from '../validation';

/** Minor units stay exact as a JSON number up to 2^53; a trillion in major units is far beyond any vehicle. */
export const BLUEBOOK_LIMITS = { textMaxLength: 100, maxValueMinor: 100_000_000_000_000, minYear: 1900, maxYear: 2100 } as const;
export const BLUEBOOK_SORT_FIELDS = ['make', 'model', 'year', 'valueMinor', 'dateCreated'] as const;

export const bluebookSaveSchema = z.object({
  id: z.unknown().optional(),
  make: requiredText(BLUEBOOK_LIMITS.textMaxLength, 'A make'),
  model: requiredText(BLUEBOOK_LIMITS.textMaxLength, 'A model'),
  year: z
    .number({ error: 'A year is a whole number.' })
    .int('A year is a whole number.')
    .min(BLUEBOOK_LIMITS.minYear, `A year is ${BLUEBOOK_LIMITS.minYear} or later.`)
    .max(BLUEBOOK_LIMITS.maxYear, `A year is ${BLUEBOOK_LIMITS.maxYear} or earlier.`),
  valueMinor: z
    .number({ error: 'A value is a whole number of minor units (cents).' })
    .int('A value is a whole number of minor units (cents), never a fraction.')
    .min(0, 'A value is 0 or more.')
    .max(BLUEBOOK_LIMITS.maxValueMinor, `A value is at most ${BLUEBOOK_LIMITS.maxValueMinor} minor units.`),
  currency: z
    .string({ error: 'A currency is a three-letter ISO 4217 code, such as ZAR.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO 4217 code, such as ZAR.'),
  tenantId: owningTenantIdSchema,
});
export type BluebookSave = z.infer<typeof bluebookSaveSchema>;

export const bluebookListQuerySchema = geoListQuerySchema.extend({
  make: z.string().max(BLUEBOOK_LIMITS.textMaxLength).optional(),
  model: z.string().max(BLUEBOOK_LIMITS.textMaxLength).optional(),
  year: z.coerce.number().int().min(BLUEBOOK_LIMITS.minYear).max(BLUEBOOK_LIMITS.maxYear).optional(),
});
export type BluebookListQuery = z.infer<typeof bluebookListQuerySchema>;

export const bluebookIdParams = z.object({ id: idSchema });

export const bluebookSchema = z.strictObject({
  id: answerId,
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  valueMinor: z.number().int(),
  currency: z.string(),
  tenantId: answerId,
  dateCreated: answerInstant,
  dateModified: answerInstant,
});
export type Bluebook = z.infer<typeof bluebookSchema>;
