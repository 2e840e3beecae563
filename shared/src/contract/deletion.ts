/** What a bulk delete (or undelete) answers: how many records it changed. */
import { z } from 'zod';
import { answerCount } from './answer-fields';

export const deletedCountSchema = z.strictObject({ deleted: answerCount }).meta({ id: 'DeletedCount' });
export type DeletedCount = z.infer<typeof deletedCountSchema>;
