/**
 * Vehicle repossessions, their status workflow (tracking spec 3 Vehicle repossession, 4, 7): the
 * statuses, which moves are allowed, and what a repossession answers (with its history of moves).
 *
 * New → Dispatched → Sighted → Recovered → In storage → Listed → Sold; Sighted may be skipped
 * (Dispatched → Recovered). Returned (to the owner) from Sighted, Recovered, In storage or Listed.
 * Cancelled from any state before Sold. Sold, Returned and Cancelled are final.
 */
import { z } from 'zod';
import { answerId, answerInstant } from './answer-fields';
import { geoListQuerySchema, optionalText } from './geo-list';
import { idSchema } from '../validation';

export const REPOSSESSION_STATUSES = [
  'New',
  'Dispatched',
  'Sighted',
  'Recovered',
  'In storage',
  'Listed',
  'Sold',
  'Returned',
  'Cancelled',
] as const;
export type RepossessionStatus = (typeof REPOSSESSION_STATUSES)[number];

const CANCEL: RepossessionStatus[] = ['Cancelled'];
/** Per status, where it may move to. */
export const REPOSSESSION_MOVES: Record<RepossessionStatus, readonly RepossessionStatus[]> = {
  New: ['Dispatched', ...CANCEL],
  Dispatched: ['Sighted', 'Recovered', ...CANCEL],
  Sighted: ['Recovered', 'Returned', ...CANCEL],
  Recovered: ['In storage', 'Returned', ...CANCEL],
  'In storage': ['Listed', 'Returned', ...CANCEL],
  Listed: ['Sold', 'Returned', ...CANCEL],
  Sold: [],
  Returned: [],
  Cancelled: [],
};
export const FINAL_REPOSSESSION_STATUSES: readonly RepossessionStatus[] = ['Sold', 'Returned', 'Cancelled'];

export const canMoveRepossession = (from: RepossessionStatus, to: RepossessionStatus) => REPOSSESSION_MOVES[from].includes(to);

export const REPOSSESSION_LIMITS = { reasonMaxLength: 500, notesMaxLength: 4000, noteMaxLength: 1000 } as const;

const statusSchema = z.enum(REPOSSESSION_STATUSES, { error: `A status is one of ${REPOSSESSION_STATUSES.join(', ')}.` });

export const repossessionCreateSchema = z.object({
  vehicleId: idSchema,
  reason: optionalText(REPOSSESSION_LIMITS.reasonMaxLength, 'A reason'),
  notes: optionalText(REPOSSESSION_LIMITS.notesMaxLength, 'Notes'),
});
export type RepossessionCreate = z.infer<typeof repossessionCreateSchema>;

/** PUT /vehicles/repossessions/{id}: the details; the status moves only through repossessions-status. */
export const repossessionUpdateSchema = z.object({
  reason: optionalText(REPOSSESSION_LIMITS.reasonMaxLength, 'A reason'),
  notes: optionalText(REPOSSESSION_LIMITS.notesMaxLength, 'Notes'),
});
export type RepossessionUpdate = z.infer<typeof repossessionUpdateSchema>;

export const repossessionStatusSchema = z.object({
  id: idSchema,
  status: statusSchema,
  note: optionalText(REPOSSESSION_LIMITS.noteMaxLength, 'A note'),
});
export type RepossessionStatusChange = z.infer<typeof repossessionStatusSchema>;

export const repossessionDeleteSchema = z.object({ id: idSchema });

/** PUT /vehicles/repossessions-publiclistingphoto: one of the vehicle's photos, or null to show none. */
export const repossessionListingPhotoSchema = z.object({ repossessionId: idSchema, vehiclePhotoId: idSchema.nullable() });
export type RepossessionListingPhoto = z.infer<typeof repossessionListingPhotoSchema>;

/** The list: paging, an optional status, and optionally one vehicle's repossessions (its page lists them). */
export const repossessionListQuerySchema = geoListQuerySchema.extend({
  status: statusSchema.optional(),
  vehicleId: idSchema.optional(),
});
export type RepossessionListQuery = z.infer<typeof repossessionListQuerySchema>;

export const repossessionMoveSchema = z.strictObject({
  id: answerId,
  fromStatus: statusSchema.nullable(),
  toStatus: statusSchema,
  note: z.string().nullable(),
  userId: answerId.nullable(),
  userName: z.string().nullable(),
  dateCreated: answerInstant,
});
export type RepossessionMove = z.infer<typeof repossessionMoveSchema>;

export const repossessionSchema = z.strictObject({
  id: answerId,
  vehicleId: answerId,
  registrationNumber: z.string(),
  make: z.string(),
  status: statusSchema,
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  tenantId: answerId,
  dateCreated: answerInstant,
  dateModified: answerInstant,
});
export type Repossession = z.infer<typeof repossessionSchema>;

/**
 * The details: the repossession, its history, its public listing photo (one of its vehicle's photos, or
 * null) and the public key of the nearest tenant at or above it whose public listing shows it when Listed.
 */
export const repossessionDetailsSchema = repossessionSchema.extend({
  history: z.array(repossessionMoveSchema),
  publicListingPhotoId: answerId.nullable(),
  publicListingKey: z.string().nullable(),
});
export type RepossessionDetails = z.infer<typeof repossessionDetailsSchema>;
