/**
 * Third parties of the acting subtree (tracking spec 7: GET /vehicles/third-party paged, GET and PUT
 * /vehicles/third-party/{id}; the create call, not shown there, is POST /vehicles/third-party).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recoveryPartyListQuerySchema } from '@meridian/shared/contract/spotter';
import { thirdPartyDetailsSchema, thirdPartySaveSchema, thirdPartySchema } from '@meridian/shared/contract/third-party';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { THIRD_PARTY_CREATORS, THIRD_PARTY_EDITORS, THIRD_PARTY_READERS, thirdPartyVisible, visibleThirdParty } from './third-party-access';
import { thirdPartyById, thirdPartyPage } from './third-party-read';
import { createThirdParty, updateThirdParty } from './third-party-write';

const idParams = z.object({ id: idSchema });

export const thirdPartiesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['vehicles third parties'];

    app.get(
      '/vehicles/third-party',
      {
        config: THIRD_PARTY_READERS,
        schema: { tags, querystring: recoveryPartyListQuerySchema, response: pagedAnswers(thirdPartySchema) },
      },
      async (request) => {
        const p = sqlParams();
        const { items, paging } = await thirdPartyPage(
          db,
          { where: thirdPartyVisible(request.scope, p), p },
          request.query,
          config.maxPageSize,
        );
        return paged(items, paging);
      },
    );

    app.get(
      '/vehicles/third-party/:id',
      { config: THIRD_PARTY_READERS, schema: { tags, params: idParams, response: answers(thirdPartyDetailsSchema) } },
      async (request) => ok(await thirdPartyById(db, (await visibleThirdParty(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/vehicles/third-party',
      {
        config: THIRD_PARTY_CREATORS,
        schema: { tags, body: thirdPartySaveSchema, response: answers(thirdPartyDetailsSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const id = await db.tx((q) => createThirdParty(q, request.scope, request.body));
        reply.status(201);
        return ok(await thirdPartyById(db, id), 'Third party added.');
      },
    );

    app.put(
      '/vehicles/third-party/:id',
      {
        config: THIRD_PARTY_EDITORS,
        schema: { tags, params: idParams, body: thirdPartySaveSchema, response: answers(thirdPartyDetailsSchema) },
      },
      async (request) => {
        await db.tx(async (q) =>
          updateThirdParty(q, (await visibleThirdParty(q, request.scope, request.params.id, { lock: true })).id, request.body),
        );
        return ok(await thirdPartyById(db, request.params.id), 'Third party saved.');
      },
    );
  };
