/** Language strings for the interface (only English is offered), and the browser's run-time settings. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ClientConfig } from '@meridian/shared/contract/client-config';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { ok } from '../../http/envelope';
import { effectiveSettings } from '../settings/effective-settings';
import { OFFLINE_TILES_PATH, offlineTilesFile } from '../map/offline-tiles-file';
import { answers } from '../../http/route-answers';
import { clientConfigSchema, languageSchema } from '@meridian/shared/contract/client-config';

export const configRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/config/language/:code',
      {
        config: { tenantFree: true },
        schema: { tags: ['config'], params: z.object({ code: z.string().min(2).max(10) }), response: answers(languageSchema) },
      },
      async (request) => {
        const language = await ctx.db.one(`select code, name, strings from languages where lower(code) = lower($1)`, [request.params.code]);
        if (!language) throw notFound(`Language '${request.params.code}'`);
        return ok({ language });
      },
    );

    /**
     * Any signed-in user: the map tiles every map of the product draws and the acting tenant's
     * settings. A tenant's own tile server (the mapTileUrl setting) wins over the installation's
     * MAP_TILE_URL; its credit then stays the installation's, as the setting has none of its own.
     */
    app.get(
      '/config/client',
      { config: { tenantFree: true }, schema: { tags: ['config'], response: answers(clientConfigSchema) } },
      async (request) => {
        const settings = request.scope ? (await effectiveSettings(ctx.db, request.scope.tenantId)).values : SETTING_DEFAULTS;
        const client: ClientConfig = {
          mapTileUrl: settings.mapTileUrl || ctx.config.mapTileUrl,
          mapAttribution: ctx.config.mapAttribution,
          settings,
        };
        // The installation's offline archive stands in for MAP_TILE_URL, not for a tenant's own tile server.
        if (!settings.mapTileUrl && (await offlineTilesFile(ctx.config))) client.mapPmtilesUrl = OFFLINE_TILES_PATH;
        return ok(client);
      },
    );
  };
