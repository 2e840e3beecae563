/** Client-side failures the browser reports (POST /error_log) and the entries administrators read. */
import { z } from 'zod';
import { answerId, answerInstant } from './answer-fields';
import type { ErrorLog } from './field-agent';

export const errorLogEntrySchema: z.ZodType<ErrorLog & { userName: string | null }> = z
  .strictObject({
    Id: answerId,
    userId: answerId.nullable(),
    userName: z.string().nullable(),
    entityId: z.string().nullable(),
    entityType: z.string().nullable(),
    errorDetail: z.string(),
    dateCreated: answerInstant,
  })
  .meta({ id: 'ErrorLogEntry' });
export type ErrorLogEntry = z.infer<typeof errorLogEntrySchema>;
