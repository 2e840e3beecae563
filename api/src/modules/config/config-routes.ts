/** Language strings for the interface (only English is offered), and the browser's run-time settings. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ClientConfig } from '@meridian/shared/contract/client-config';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { ok } from '../../http/envelope';

export const configRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get('/config/language/:code', { config: { tenantFree: true }, schema: { tags: ['config'], params: z.object({ code: z.string().min(2).max(10) }) } }, async (request) => {
    const language = await ctx.db.one(`select code, name, strings from languages where lower(code) = lower($1)`, [request.params.code]);
    if (!language) throw notFound(`Language '${request.params.code}'`);
    return ok({ language });
  });

  /** Any signed-in user: the map tiles every map of the product draws (MAP_TILE_URL, MAP_ATTRIBUTION). */
  app.get('/config/client', { config: { tenantFree: true }, schema: { tags: ['config'] } }, async () => {
    const client: ClientConfig = { mapTileUrl: ctx.config.mapTileUrl, mapAttribution: ctx.config.mapAttribution };
    return ok(client);
  });
};
