/**
 * Commands (tracking spec 7 Commands): saved commands of the acting subtree, and a command sent to a
 * device (POST /geo/device/sendCommand/{deviceId}/{commandType}), queued and answered 202 with the
 * queued command; the device's listener delivers it at its next contact.
 *
 * The spec serves two reads at GET /geo/commands/{id}: a saved command, and the commands of a device
 * hardware (paged). Both ids are GUIDs of different tables: a hardware's id answers its page of
 * commands, any other the saved command (GET /geo/commands?hardwareId= is the same page, unambiguous).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commandSendParamsSchema,
  commandSendSchema,
  geoCommandListQuerySchema,
  geoCommandSaveSchema,
  geoCommandSchema,
  queuedCommandSchema,
  sentCommandQuerySchema,
  sentCommandSchema,
} from '@meridian/shared/contract/geo-command';
import { geoListQuerySchema } from '@meridian/shared/contract/geo-list';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { sqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers, pagedEnvelopeSchema, successEnvelopeSchema } from '../../http/route-answers';
import { visibleDevice } from '../geo-devices/device-access';
import {
  COMMAND_CREATORS,
  COMMAND_DELETERS,
  COMMAND_EDITORS,
  COMMAND_READERS,
  COMMAND_SENDERS,
  commandVisible,
  findVisibleCommand,
  visibleCommand,
} from './command-access';
import { allCommands, commandById, commandPage } from './command-read';
import { createCommand, queueCommand, updateCommand } from './command-write';
import { sentCommandPage } from './command-history';
import { pageSql } from '../../http/paging';

const idParams = z.object({ id: idSchema });
/** The history is a feed: newest first unless asked otherwise. */
const SENT_SORT = {
  fields: { dateCreated: 'c.date_created', sentAt: 'c.sent_at', commandType: 'c.command_type', deviceName: 'd.name' },
  defaultField: 'dateCreated',
  defaultOrder: 'DESC' as const,
  tieBreaker: 'c.id',
};

export const geoCommandsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['tracking commands'];

    app.get(
      '/geo/commands',
      { config: COMMAND_READERS, schema: { tags, querystring: geoCommandListQuerySchema, response: pagedAnswers(geoCommandSchema) } },
      async (request) => {
        const p = sqlParams();
        const { rows, paging } = await commandPage(
          db,
          commandVisible(request.scope, p),
          p,
          request.query,
          config.maxPageSize,
          request.query.hardwareId,
        );
        return paged(rows, paging);
      },
    );

    app.get(
      '/geo/commands/sent',
      { config: COMMAND_READERS, schema: { tags, querystring: sentCommandQuerySchema, response: pagedAnswers(sentCommandSchema) } },
      async (request) => {
        const { query, scope } = request;
        const page = pageSql(query, SENT_SORT, config.maxPageSize);
        const deviceId = query.deviceId ? (await visibleDevice(db, scope, query.deviceId)).id : undefined;
        const { rows, paging } = await sentCommandPage(
          db,
          scope,
          { deviceId, status: query.status, searchPattern: page.searchPattern },
          page,
        );
        return paged(rows, paging);
      },
    );

    app.get(
      '/geo/commands/command/all',
      { config: COMMAND_READERS, schema: { tags, response: answers(z.array(geoCommandSchema)) } },
      async (request) => {
        const p = sqlParams();
        return ok(await allCommands(db, commandVisible(request.scope, p), p));
      },
    );

    app.get(
      '/geo/commands/:id',
      {
        config: COMMAND_READERS,
        schema: {
          tags,
          params: idParams,
          querystring: geoListQuerySchema,
          response: {
            ...answers(geoCommandSchema),
            200: z.union([successEnvelopeSchema(geoCommandSchema), pagedEnvelopeSchema(geoCommandSchema)]),
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        const command = await findVisibleCommand(db, request.scope, id);
        if (command) return ok(await commandById(db, command.id));
        const hardware = await db.one(`select 1 from device_hardware where id = $1`, [id]);
        if (!hardware) throw notFound('Command');
        const p = sqlParams();
        const { rows, paging } = await commandPage(db, commandVisible(request.scope, p), p, request.query, config.maxPageSize, id);
        return paged(rows, paging);
      },
    );

    app.post(
      '/geo/commands',
      { config: COMMAND_CREATORS, schema: { tags, body: geoCommandSaveSchema, response: answers(geoCommandSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createCommand(q, request.scope, request.body));
        reply.status(201);
        return ok(await commandById(db, id), 'Command saved.');
      },
    );

    app.put(
      '/geo/commands/:id',
      { config: COMMAND_EDITORS, schema: { tags, params: idParams, body: geoCommandSaveSchema, response: answers(geoCommandSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          updateCommand(q, request.scope, await visibleCommand(q, request.scope, request.params.id, { lock: true }), request.body),
        );
        return ok(await commandById(db, request.params.id), 'Command saved.');
      },
    );

    app.delete(
      '/geo/commands/:id',
      { config: COMMAND_DELETERS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const command = await visibleCommand(q, request.scope, request.params.id, { lock: true });
          await q.query(`update commands set deleted_at = now(), date_modified = now() where id = $1`, [command.id]);
          // Event actions that sent it now only notify: a deleted command is sent by nobody.
          await q.query(
            `update event_actions set action = 'notify', attributes = attributes - 'commandId', date_modified = now()
             where deleted_at is null and attributes->>'commandId' = $1::text`,
            [command.id],
          );
        });
        return ok(null, 'Command deleted.');
      },
    );

    app.post(
      '/geo/device/sendCommand/:deviceId/:commandType',
      {
        config: COMMAND_SENDERS,
        schema: {
          tags,
          params: commandSendParamsSchema,
          body: commandSendSchema,
          response: answers(queuedCommandSchema, { status: 202 }),
        },
      },
      async (request, reply) => {
        const { deviceId, commandType } = request.params;
        const { body } = request;
        const queued = await db.tx(async (q) => {
          const device = await visibleDevice(q, request.scope, deviceId);
          const saved = body.commandId ? await visibleCommand(q, request.scope, body.commandId) : null;
          return queueCommand(q, device, request.principal.userId, { commandType, attributes: body.attributes, saved });
        });
        reply.status(202);
        return ok(queued, 'Command queued: a connected device is sent it now, another at its next contact.');
      },
    );
  };
