/** What GET /api/health answers: liveness, the database and realtime in use, and the running build. */
import { z } from 'zod';

export const healthSchema = z
  .strictObject({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgresql']),
    realtime: z.enum(['redis', 'local']),
    version: z.string(),
    buildId: z.string(),
    uptimeSeconds: z.number().int(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
