/**
 * An asset's Alerts and Events tabs (tracking spec 2; 7 `api/geo/notification-event/asset/{id}/alarm`
 * and `/event`): its alarms, and its other events, newest first, 100 a page. An asset the caller may
 * not see is a 404, as on every asset route.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ASSET_EVENT_KINDS,
  ASSET_EVENT_LIMITS,
  assetEventParamsSchema,
  assetEventQuerySchema,
  assetEventSchema,
} from '@meridian/shared/contract/asset-event';
import type { AppContext } from '../../context';
import { paged } from '../../http/envelope';
import { pagedAnswers } from '../../http/route-answers';
import { ASSET_EVENT_READERS, viewerOf, visibleAsset } from './asset-access';
import { assetEventPage } from './asset-event-read';

export const assetEventsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['tracking assets'];

    for (const kind of ASSET_EVENT_KINDS) {
      app.get(
        `/geo/notification-event/asset/:id/${kind}`,
        {
          config: ASSET_EVENT_READERS,
          schema: { tags, params: assetEventParamsSchema, querystring: assetEventQuerySchema, response: pagedAnswers(assetEventSchema) },
        },
        async (request) => {
          const asset = await visibleAsset(db, viewerOf(request), request.params.id);
          const { items, paging } = await assetEventPage(db, request.scope, asset.id, kind, request.query, ASSET_EVENT_LIMITS.pageSize);
          return paged(items, paging);
        },
      );
    }
  };
