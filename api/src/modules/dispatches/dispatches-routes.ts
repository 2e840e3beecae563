/**
 * Dispatches of a repossession (tracking spec 7: GET repossessionsdispatch/{id}, PUT repossessions-dispatch-status
 * {dispatchId, success}, PUT repossessions-publish {rewardId, success}) and the dispatch itself, which the spec
 * does not show: POST repossessions-dispatch {repossessionId, spotterId | thirdPartyId, reward, note}.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dispatchCreateSchema, dispatchSchema, dispatchStatusSchema, rewardPublishSchema } from '@meridian/shared/contract/dispatch';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { answers } from '../../http/route-answers';
import { visibleRepossession } from '../repossessions/repossession-access';
import { DISPATCH_CREATORS, DISPATCH_EDITORS, DISPATCH_READERS } from './dispatch-access';
import { dispatchById, dispatchesWhere } from './dispatch-read';
import { createDispatch, publishReward, setDispatchOutcome } from './dispatch-write';

const idParams = z.object({ id: idSchema });

export const dispatchesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['vehicles dispatches'];

    app.get(
      '/vehicles/repossessionsdispatch/:id',
      { config: DISPATCH_READERS, schema: { tags, params: idParams, response: answers(z.array(dispatchSchema)) } },
      async (request) => {
        const repossession = await visibleRepossession(db, request.scope, request.params.id);
        return ok(await dispatchesWhere(db, 'd.repossession_id = $1', [repossession.id]));
      },
    );

    app.post(
      '/vehicles/repossessions-dispatch',
      { config: DISPATCH_CREATORS, schema: { tags, body: dispatchCreateSchema, response: answers(dispatchSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createDispatch(q, request.scope, request.principal.userId, request.body));
        reply.status(201);
        return ok(await dispatchById(db, id), 'Repossession dispatched.');
      },
    );

    app.put(
      '/vehicles/repossessions-dispatch-status',
      { config: DISPATCH_EDITORS, schema: { tags, body: dispatchStatusSchema, response: answers(dispatchSchema) } },
      async (request) => {
        await db.tx((q) => setDispatchOutcome(q, request.scope, request.principal.userId, request.body));
        return ok(
          await dispatchById(db, request.body.dispatchId),
          request.body.success ? 'Dispatch succeeded: its reward is earned.' : 'Dispatch closed as failed.',
        );
      },
    );

    app.put(
      '/vehicles/repossessions-publish',
      { config: DISPATCH_EDITORS, schema: { tags, body: rewardPublishSchema, response: answers(dispatchSchema) } },
      async (request) => {
        const dispatchId = await db.tx((q) => publishReward(q, request.scope, request.body.rewardId, request.body.success));
        return ok(await dispatchById(db, dispatchId), request.body.success ? 'Reward published.' : 'Reward withdrawn.');
      },
    );
  };
