/**
 * Share links (tracking spec 2 "Share" tab, 7 Assets; issue 19 item 7): an asset's links, making one
 * (its token answered this once), changing its expiry or revoking it, and the public call the shared
 * page polls. Paths as the spec writes them; the public one is ours.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import {
  shareLinkCreateSchema,
  shareLinkCreatedSchema,
  shareLinkSchema,
  shareLinkUpdateSchema,
  sharedAssetSchema,
  shareTokenParamsSchema,
} from '@meridian/shared/contract/share-link';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { answers } from '../../http/route-answers';
import { viewerOf, visibleAsset } from '../assets/asset-access';
import { SHARE_LINK_CREATORS, SHARE_LINK_EDITORS, SHARE_LINK_READERS, visibleShareLink } from './share-link-access';
import { shareLinkById, shareLinksOfAsset } from './share-link-read';
import { createShareLink, updateShareLink } from './share-link-write';
import { sharedAsset } from './shared-asset';

const idParams = z.object({ id: idSchema });

export const shareLinksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['tracking share links'];
    const pageUrl = (token: string) => `${config.publicUrl}${pathTo(publicPages.screens.sharedAsset, { token })}`;

    app.get(
      '/geo/assets/share-links/:id',
      { config: SHARE_LINK_READERS, schema: { tags, params: idParams, response: answers(z.array(shareLinkSchema)) } },
      async (request) => ok(await shareLinksOfAsset(db, (await visibleAsset(db, viewerOf(request), request.params.id)).id)),
    );

    app.post(
      '/geo/asset/share-links',
      {
        config: SHARE_LINK_CREATORS,
        schema: { tags, body: shareLinkCreateSchema, response: answers(shareLinkCreatedSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const { id, token } = await db.tx(async (q) =>
          createShareLink(q, viewer, await visibleAsset(q, viewer, request.body.assetShareId), request.body),
        );
        reply.status(201);
        return ok({ ...(await shareLinkById(db, id)), token, url: pageUrl(token) }, 'Share link made: copy it now, it is shown only once.');
      },
    );

    app.put(
      '/geo/asset/share-links',
      { config: SHARE_LINK_EDITORS, schema: { tags, body: shareLinkUpdateSchema, response: answers(shareLinkSchema) } },
      async (request) => {
        const viewer = viewerOf(request);
        await db.tx(async (q) =>
          updateShareLink(q, viewer, await visibleShareLink(q, viewer, request.body.assetInfoId, { lock: true }), request.body),
        );
        const link = await shareLinkById(db, request.body.assetInfoId);
        return ok(link, link.status === 'revoked' ? 'Share link revoked.' : 'Share link saved.');
      },
    );

    app.get(
      '/public/share/:token',
      { config: { public: true }, schema: { tags, params: shareTokenParamsSchema, response: answers(sharedAssetSchema) } },
      async (request) => ok(await sharedAsset(ctx, request.ip, request.params.token)),
    );
  };
