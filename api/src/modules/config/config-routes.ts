/** Language strings for the interface (only English is offered). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { ok } from '../../http/envelope';

export const configRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get('/config/language/:code', { config: { tenantFree: true }, schema: { tags: ['config'], params: z.object({ code: z.string().min(2).max(10) }) } }, async (request) => {
    const language = await ctx.db.one(`select code, name, strings from languages where lower(code) = lower($1)`, [request.params.code]);
    if (!language) throw notFound(`Language '${request.params.code}'`);
    return ok({ language });
  });
};
