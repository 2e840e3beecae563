/**
 * Field types of the answers' schemas (what the API sends, as JSON reads it): the building blocks of
 * the strict result schemas each route declares (api/src/http/route-answers.ts).
 */
import { z } from 'zod';

/** A record's id as answered: any GUID, the all-zero one included. */
export const answerId = z.guid();

/** A moment as JSON writes a timestamp: ISO 8601 with its offset (`Z` from the API's own dates). */
export const answerInstant = z.iso.datetime({ offset: true });

/** A calendar day, `YYYY-MM-DD`. */
export const answerDay = z.iso.date();

/** A count or other whole number. */
export const answerCount = z.number().int();

/** A record known by its id alone (what some creates answer; the caller reads the record on its own). */
export const idOnlySchema = z.strictObject({ Id: answerId }).meta({ id: 'IdOnly' });

/** An answer without data (`data: null`): its message says what happened. */
export const noDataSchema = z.null();
export type IdOnly = z.infer<typeof idOnlySchema>;
