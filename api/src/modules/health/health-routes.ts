/** Liveness and the database in use; also the browser's connectivity check. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { serviceUnavailable } from '../../http/errors';
import { answers } from '../../http/route-answers';
import { healthSchema } from '@meridian/shared/contract/health';

const startedAt = Date.now();

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      { config: { public: true }, schema: { tags: ['health'], response: answers(healthSchema) } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          await ctx.db.query('select 1');
        } catch {
          throw serviceUnavailable('The database is not answering.');
        }
        return ok({
          status: 'ok',
          database: ctx.db.kind,
          realtime: ctx.config.redisUrl ? 'redis' : 'local',
          version: ctx.config.version,
          buildId: ctx.config.buildId,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        });
      },
    );
  };
