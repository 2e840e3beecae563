/**
 * Clients of the acting tenant's subtree (list, read, create, edit, soft delete, name search, look-up
 * by mobile), their latest affordability, the phone book, and client groups with their members.
 * Who sees what is in client-access.ts; reads and writes of clients and of groups in their own files.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import {
  clientAffordabilityQuerySchema,
  clientDeleteSchema,
  clientGroupDeleteSchema,
  clientGroupSaveSchema,
  clientListQuerySchema,
  clientSaveSchema,
  clientSearchSchema,
  mobilePhoneParamsSchema,
  phoneBookQuerySchema,
  clientAffordabilitySchema,
  clientGroupListItemSchema,
  clientGroupSchema,
  clientListItemSchema,
  clientMatchSchema,
  clientSchema,
  phoneBookEntrySchema,
} from '@meridian/shared/contract/client';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { ok, paged } from '../../http/envelope';
import { CLIENT_CREATORS, CLIENT_EDITORS, CLIENT_FINDERS, CLIENT_READERS, GROUP_KEEPERS, shownGroup } from './client-access';
import { groupPage, groupWithMembers } from './client-group-read';
import { createGroup, deleteGroup, updateGroup } from './client-group-write';
import { affordabilityPage, clientByMobile, clientPage, loadClient, phoneBookPage, searchClientsByName } from './client-read';
import { createClient, deleteClient, updateClient } from './client-write';
import { answers, pagedAnswers, pagedRecordAnswers } from '../../http/route-answers';

const idParams = z.object({ id: idSchema });

export const clientsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['clients'];
    const maxPageSize = ctx.config.maxPageSize;

    app.get(
      '/clients',
      { config: CLIENT_READERS, schema: { tags, querystring: clientListQuerySchema, response: pagedAnswers(clientListItemSchema) } },
      async (request) => {
        const { rows, paging } = await clientPage(db, request.scope, request.query, maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/clients/affordability',
      {
        config: CLIENT_READERS,
        schema: { tags, querystring: clientAffordabilityQuerySchema, response: pagedAnswers(clientAffordabilitySchema) },
      },
      async (request) => {
        const { rows, paging } = await affordabilityPage(db, request.scope, request.query, maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/clients/phone-book',
      { config: CLIENT_READERS, schema: { tags, querystring: phoneBookQuerySchema, response: pagedAnswers(phoneBookEntrySchema) } },
      async (request) => {
        const { rows, paging } = await phoneBookPage(db, request.scope, request.query, maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/clients/get-person-by-mobile-phone/:phone',
      { config: CLIENT_READERS, schema: { tags, params: mobilePhoneParamsSchema, response: answers(clientSchema) } },
      async (request) => ok(await clientByMobile(db, request.scope, request.params.phone)),
    );

    app.post(
      '/clients/search',
      { config: CLIENT_FINDERS, schema: { tags, body: clientSearchSchema, response: answers(z.array(clientMatchSchema)) } },
      async (request) => ok(await searchClientsByName(db, request.scope, request.body.name)),
    );

    app.post(
      '/clients/delete',
      { config: CLIENT_EDITORS, schema: { tags, body: clientDeleteSchema, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx((q) => deleteClient(q, request.scope, request.body.id));
        return ok(null, 'Client deleted.');
      },
    );

    // Client groups. Static paths are matched before /clients/:id.

    app.get(
      '/clients/groups',
      { config: GROUP_KEEPERS, schema: { tags, querystring: pagingQuerySchema, response: pagedAnswers(clientGroupListItemSchema) } },
      async (request) => {
        const { rows, paging } = await groupPage(db, request.scope, request.query, maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/clients/groups/:id',
      {
        config: GROUP_KEEPERS,
        schema: { tags, params: idParams, querystring: pagingQuerySchema, response: pagedRecordAnswers(clientGroupSchema) },
      },
      async (request) => {
        const { answer, paging } = await groupWithMembers(db, request.scope, request.params.id, request.query, maxPageSize);
        return paged(answer, paging);
      },
    );

    app.post(
      '/clients/groups',
      {
        config: GROUP_KEEPERS,
        schema: { tags, body: clientGroupSaveSchema, response: answers(clientGroupListItemSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const id = await db.tx((q) => createGroup(q, request.scope, request.principal.userId, request.body));
        reply.status(201);
        return ok(await shownGroup(db, request.scope, id), 'Client group created.');
      },
    );

    app.put(
      '/clients/groups/:id',
      {
        config: GROUP_KEEPERS,
        schema: { tags, params: idParams, body: clientGroupSaveSchema, response: answers(clientGroupListItemSchema) },
      },
      async (request) => {
        await db.tx((q) => updateGroup(q, request.scope, request.params.id, request.body));
        return ok(await shownGroup(db, request.scope, request.params.id), 'Client group saved.');
      },
    );

    app.post(
      '/clients/groups/delete',
      { config: GROUP_KEEPERS, schema: { tags, body: clientGroupDeleteSchema, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx((q) => deleteGroup(q, request.scope, request.body.id));
        return ok(null, 'Client group deleted.');
      },
    );

    // Single clients.

    app.get(
      '/clients/:id',
      { config: CLIENT_READERS, schema: { tags, params: idParams, response: answers(clientSchema) } },
      async (request) => ok(await loadClient(db, request.scope, request.params.id)),
    );

    app.post(
      '/clients',
      { config: CLIENT_CREATORS, schema: { tags, body: clientSaveSchema, response: answers(clientSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createClient(q, request.scope, request.principal.userId, request.body));
        reply.status(201);
        return ok(await loadClient(db, request.scope, id), 'Client created.');
      },
    );

    app.put(
      '/clients/:id',
      { config: CLIENT_EDITORS, schema: { tags, params: idParams, body: clientSaveSchema, response: answers(clientSchema) } },
      async (request) => {
        await db.tx((q) => updateClient(q, request.scope, request.params.id, request.body));
        return ok(await loadClient(db, request.scope, request.params.id), 'Client saved.');
      },
    );
  };
