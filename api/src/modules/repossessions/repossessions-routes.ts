/**
 * Repossessions of the acting tenant's subtree (tracking spec 7 Vehicles): raised for a vehicle, listed
 * for a user (the all-zero GUID or the caller: the whole subtree; another user: under their tenants),
 * read with their history, edited, moved through the status workflow (an illegal move is a 409 naming
 * both states), and deleted by id in the body.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  repossessionCreateSchema,
  repossessionDeleteSchema,
  repossessionDetailsSchema,
  repossessionListQuerySchema,
  repossessionSchema,
  repossessionStatusSchema,
  repossessionUpdateSchema,
} from '@meridian/shared/contract/repossession';
import { listUserIdSchema } from '@meridian/shared/contract/geo-list';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { listUserCondition } from '../geo-devices/list-user';
import {
  REPOSSESSION_CREATORS,
  REPOSSESSION_DELETERS,
  REPOSSESSION_EDITORS,
  REPOSSESSION_READERS,
  visibleRepossession,
} from './repossession-access';
import { repossessionById, repossessionPage } from './repossession-read';
import { createRepossession, deleteRepossession, moveRepossession, updateRepossession } from './repossession-write';

const idParams = z.object({ id: idSchema });
const userParams = z.object({ userId: listUserIdSchema });

export const repossessionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['vehicles repossessions'];

    app.get(
      '/vehicles/repossessions/:userId',
      {
        config: REPOSSESSION_READERS,
        schema: { tags, params: userParams, querystring: repossessionListQuerySchema, response: pagedAnswers(repossessionSchema) },
      },
      async (request) => {
        const p = sqlParams();
        const tenants = await listUserCondition(db, request.scope, request.principal.userId, request.params.userId, 'r.tenant_id', p);
        const { items, paging } = await repossessionPage(
          db,
          { where: `r.deleted_at is null and ${tenants}`, p },
          request.query,
          config.maxPageSize,
        );
        return paged(items, paging);
      },
    );

    app.get(
      '/vehicles/repossession/:id',
      { config: REPOSSESSION_READERS, schema: { tags, params: idParams, response: answers(repossessionDetailsSchema) } },
      async (request) => ok(await repossessionById(db, (await visibleRepossession(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/vehicles/repossessions',
      {
        config: REPOSSESSION_CREATORS,
        schema: { tags, body: repossessionCreateSchema, response: answers(repossessionDetailsSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const id = await db.tx((q) => createRepossession(q, request.scope, request.principal.userId, request.body));
        reply.status(201);
        return ok(await repossessionById(db, id), 'Repossession raised.');
      },
    );

    app.put(
      '/vehicles/repossessions/:id',
      {
        config: REPOSSESSION_EDITORS,
        schema: { tags, params: idParams, body: repossessionUpdateSchema, response: answers(repossessionDetailsSchema) },
      },
      async (request) => {
        await db.tx(async (q) =>
          updateRepossession(q, await visibleRepossession(q, request.scope, request.params.id, { lock: true }), request.body),
        );
        return ok(await repossessionById(db, request.params.id), 'Repossession saved.');
      },
    );

    app.put(
      '/vehicles/repossessions-status',
      { config: REPOSSESSION_EDITORS, schema: { tags, body: repossessionStatusSchema, response: answers(repossessionDetailsSchema) } },
      async (request) => {
        const { id, status, note } = request.body;
        await db.tx(async (q) =>
          moveRepossession(q, await visibleRepossession(q, request.scope, id, { lock: true }), {
            to: status,
            note,
            userId: request.principal.userId,
          }),
        );
        return ok(await repossessionById(db, id), `Repossession moved to ${status}.`);
      },
    );

    app.post(
      '/vehicles/repossessions-delete',
      { config: REPOSSESSION_DELETERS, schema: { tags, body: repossessionDeleteSchema, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => deleteRepossession(q, await visibleRepossession(q, request.scope, request.body.id, { lock: true })));
        return ok(null, 'Repossession deleted.');
      },
    );
  };
