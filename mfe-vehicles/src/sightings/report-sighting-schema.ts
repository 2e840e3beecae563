/**
 * The report form's schema: the contract's sighting fields (sightingCreateSchema), the position filled by
 * the device's capture rather than typed, so a missing one says so; the time seen as the ISO instant the
 * date field holds, now by default.
 */
import { z } from 'zod';
import { sightingCreateSchema, type SightingCreate } from '@meridian/shared/contract/sighting';
import { SIGHTING_TEXT } from './sighting-text';

const captured = (range: number) =>
  z.number({ error: SIGHTING_TEXT.positionNeeded }).min(-range, SIGHTING_TEXT.positionNeeded).max(range, SIGHTING_TEXT.positionNeeded);

export const reportSightingSchema = sightingCreateSchema
  .omit({ repossessionId: true })
  .extend({ latitude: captured(90), longitude: captured(180) });
export type ReportSightingInput = z.input<typeof reportSightingSchema>;
export type ReportSightingValues = z.output<typeof reportSightingSchema>;

export const REPORT_SIGHTING_FIELDS = ['latitude', 'longitude', 'accuracy', 'seenAt', 'note'] as const;

export const reportSightingDefaults = (now = new Date()): ReportSightingInput => ({
  latitude: undefined as unknown as number,
  longitude: undefined as unknown as number,
  accuracy: null,
  seenAt: now.toISOString(),
  note: '',
});

export const reportSightingBody = (repossessionId: string, values: ReportSightingValues): SightingCreate => ({ repossessionId, ...values });
