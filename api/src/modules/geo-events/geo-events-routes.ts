/**
 * Event actions and event IO of the acting subtree (tracking spec 7 Event actions and event IO):
 * lists, one, writes, the IO entries linked to an action, and the times an action fired at ingest. Deleting is soft; an action's IO entries
 * lose their link to it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eventActionFiringListQuerySchema,
  eventActionFiringSchema,
  eventActionListQuerySchema,
  eventActionSaveSchema,
  eventActionSchema,
} from '@meridian/shared/contract/event-action';
import { eventIoListQuerySchema, eventIoSaveSchema, eventIoSchema } from '@meridian/shared/contract/event-io';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import {
  EVENT_ACTION_CREATORS,
  EVENT_ACTION_DELETERS,
  EVENT_ACTION_EDITORS,
  EVENT_ACTION_READERS,
  EVENT_IO_CREATORS,
  EVENT_IO_DELETERS,
  EVENT_IO_EDITORS,
  EVENT_IO_READERS,
  ownedVisible,
  visibleRow,
} from './event-access';
import { eventActionById, eventActionFiringPage, eventActionPage, eventIoById, eventIoPage, eventIosOfAction } from './event-read';
import { createEventAction, createEventIo, deleteEventAction, updateEventAction, updateEventIo } from './event-write';

const idParams = z.object({ id: idSchema });

export const geoEventsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['tracking events'];

    app.get(
      '/geo/eventActions',
      {
        config: EVENT_ACTION_READERS,
        schema: { tags, querystring: eventActionListQuerySchema, response: pagedAnswers(eventActionSchema) },
      },
      async (request) => {
        const p = sqlParams();
        const { rows, paging } = await eventActionPage(db, ownedVisible(request.scope, p, 'a'), p, request.query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/geo/eventActions/eventios/:id',
      { config: EVENT_ACTION_READERS, schema: { tags, params: idParams, response: answers(z.array(eventIoSchema)) } },
      async (request) => {
        const action = await visibleRow(db, request.scope, 'event_actions', request.params.id);
        const p = sqlParams();
        return ok(await eventIosOfAction(db, ownedVisible(request.scope, p, 'io'), p, action.id));
      },
    );

    app.get(
      '/geo/eventActions/:id/firings',
      {
        config: EVENT_ACTION_READERS,
        schema: { tags, params: idParams, querystring: eventActionFiringListQuerySchema, response: pagedAnswers(eventActionFiringSchema) },
      },
      async (request) => {
        const action = await visibleRow(db, request.scope, 'event_actions', request.params.id);
        const { rows, paging } = await eventActionFiringPage(db, action.id, request.query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/geo/eventActions/:id',
      { config: EVENT_ACTION_READERS, schema: { tags, params: idParams, response: answers(eventActionSchema) } },
      async (request) => ok(await eventActionById(db, (await visibleRow(db, request.scope, 'event_actions', request.params.id)).id)),
    );

    app.post(
      '/geo/eventActions',
      {
        config: EVENT_ACTION_CREATORS,
        schema: { tags, body: eventActionSaveSchema, response: answers(eventActionSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const id = await db.tx((q) => createEventAction(q, request.scope, request.body));
        reply.status(201);
        return ok(await eventActionById(db, id), 'Event action created.');
      },
    );

    app.put(
      '/geo/eventActions/:id',
      {
        config: EVENT_ACTION_EDITORS,
        schema: { tags, params: idParams, body: eventActionSaveSchema, response: answers(eventActionSchema) },
      },
      async (request) => {
        await db.tx(async (q) =>
          updateEventAction(
            q,
            request.scope,
            await visibleRow(q, request.scope, 'event_actions', request.params.id, { lock: true }),
            request.body,
          ),
        );
        return ok(await eventActionById(db, request.params.id), 'Event action saved.');
      },
    );

    app.delete(
      '/geo/eventActions/:id',
      { config: EVENT_ACTION_DELETERS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          deleteEventAction(q, await visibleRow(q, request.scope, 'event_actions', request.params.id, { lock: true })),
        );
        return ok(null, 'Event action deleted.');
      },
    );

    app.get(
      '/geo/eventIos',
      { config: EVENT_IO_READERS, schema: { tags, querystring: eventIoListQuerySchema, response: pagedAnswers(eventIoSchema) } },
      async (request) => {
        const p = sqlParams();
        const { rows, paging } = await eventIoPage(db, ownedVisible(request.scope, p, 'io'), p, request.query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/geo/eventIos/:id',
      { config: EVENT_IO_READERS, schema: { tags, params: idParams, response: answers(eventIoSchema) } },
      async (request) => ok(await eventIoById(db, (await visibleRow(db, request.scope, 'event_ios', request.params.id)).id)),
    );

    app.post(
      '/geo/eventIos',
      { config: EVENT_IO_CREATORS, schema: { tags, body: eventIoSaveSchema, response: answers(eventIoSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createEventIo(q, request.scope, request.body));
        reply.status(201);
        return ok(await eventIoById(db, id), 'Event IO entry created.');
      },
    );

    app.put(
      '/geo/eventIos/:id',
      { config: EVENT_IO_EDITORS, schema: { tags, params: idParams, body: eventIoSaveSchema, response: answers(eventIoSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          updateEventIo(q, request.scope, await visibleRow(q, request.scope, 'event_ios', request.params.id, { lock: true }), request.body),
        );
        return ok(await eventIoById(db, request.params.id), 'Event IO entry saved.');
      },
    );

    app.delete(
      '/geo/eventIos/:id',
      { config: EVENT_IO_DELETERS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const io = await visibleRow(q, request.scope, 'event_ios', request.params.id, { lock: true });
          await q.query(`update event_ios set deleted_at = now(), date_modified = now() where id = $1`, [io.id]);
        });
        return ok(null, 'Event IO entry deleted.');
      },
    );
  };
