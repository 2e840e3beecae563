/**
 * Activities of the acting tenant's subtree (sales spec 7, Activities): lists over a window of days,
 * widgets, the calendar, one activity, writes, assignments with their statuses and files, and the
 * company's types and statuses. Route plans (/activities/activity-plan*, /activities/no-activity-plan)
 * are the activity-plans module's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityBulkUpdateSchema,
  activityClientLinkSchema,
  activityDeleteSchema,
  activityEntitiesLinkSchema,
  activityIdListSchema,
  activityLeadLinkSchema,
  activityListQuerySchema,
  activitySaveSchema,
  agentStatusReportQuerySchema,
  assignmentCreateSchema,
  assignmentFilesSchema,
  assignmentMoveSchema,
  assignmentStatusUpdateSchema,
  calendarQuerySchema,
  myWorkQuerySchema,
  widgetQuerySchema,
  type ActivityAssignee,
  activityAgentSchema,
  activityAssignmentSchema,
  activityListItemSchema,
  activitySchema,
  activityStatusSchema,
  activityTypeSchema,
  agentStatusReportRowSchema,
  bulkUpdateResultSchema,
  calendarDaySchema,
  filesUpdateResultSchema,
  myWorkActivitySchema,
  statusWidgetRowSchema,
  typeWidgetRowSchema,
} from '@meridian/shared/contract/activity';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/errors';
import { ok, paged, sendJson, sendPagedJson } from '../../http/envelope';
import { userInScope } from '../../tenancy/scope';
import { attachmentDisposition } from '../templates/template-documents';
import {
  ACTIVITY_CREATORS,
  ACTIVITY_EDITORS,
  ACTIVITY_READERS,
  ASSIGNMENT_UPDATERS,
  CALENDAR_READERS,
  CATALOGUE_READERS,
  MY_WORK_READERS,
  changeableActivity,
  isActivityManager,
  viewerOf,
  visibleActivity,
  visibleSql,
  type Viewer,
} from './activity-access';
import { activeStatuses, activeTypes, catalogueOwner } from './activity-catalogue';
import { acceptFileUploads, changeFiles, fileWithContent, uploadedFiles } from './activity-files';
import { activityPage } from './activity-list';
import { defaultWindow, windowOf } from './activity-window';
import { activityRows, fullActivity } from './activity-read';
import { assignmentOf, updateAssignmentStatus } from './activity-status';
import { agentStatusReport, assertCalendarSpan, calendarEvents, statusWidget, typeWidget } from './activity-widgets';
import { answers, binaryAnswer, pagedAnswers } from '../../http/route-answers';
import {
  addAssignee,
  addLinks,
  assertClientsInScope,
  assertLeadsInScope,
  bulkUpdate,
  createActivity,
  moveAssignment,
  updateActivity,
} from './activity-write';

const idParams = z.object({ id: idSchema });
/** Either kind of body; the OpenAPI document shows both. */
const CONSUMES = ['application/json', 'multipart/form-data'];

export const activitiesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['activities'];
    await acceptFileUploads(app);

    app.get(
      '/activities',
      { config: ACTIVITY_READERS, schema: { tags, querystring: activityListQuerySchema, response: pagedAnswers(activityListItemSchema) } },
      async (request, reply) => {
        const query = request.query;
        const window = await defaultWindow(db, request.scope.tenantId, query);
        const { rowsJson, paging } = await activityPage(
          db,
          { viewer: viewerOf(request), window, status: query.status, type: query.type },
          query,
          config.maxPageSize,
        );
        return sendPagedJson(reply, rowsJson, paging);
      },
    );

    app.get(
      '/activities/agents/:id',
      {
        config: ACTIVITY_READERS,
        schema: { tags, params: idParams, querystring: activityListQuerySchema, response: pagedAnswers(activityListItemSchema) },
      },
      async (request, reply) => {
        const query = request.query;
        const viewer = viewerOf(request);
        await userInScope(db, request.scope, request.params.id, { includeDeleted: true });
        if (viewer.ownUserId && request.params.id !== viewer.ownUserId) throw forbidden('You can see only your own activities.');
        const window = await defaultWindow(db, request.scope.tenantId, query);
        const { rowsJson, paging } = await activityPage(
          db,
          { viewer, window, agentUserId: request.params.id, status: query.status, type: query.type },
          query,
          config.maxPageSize,
        );
        return sendPagedJson(reply, rowsJson, paging);
      },
    );

    app.get(
      '/activities/agent-my-work-activities',
      { config: MY_WORK_READERS, schema: { tags, querystring: myWorkQuerySchema, response: pagedAnswers(myWorkActivitySchema) } },
      async (request, reply) => {
        const query = request.query;
        const me = request.principal.userId;
        // Today, unless the query names days.
        const window = await windowOf(db, request.scope.tenantId, query, 0, 0);
        const { rowsJson, paging } = await activityPage(
          db,
          { viewer: viewerOf(request), window, assigneeId: me, status: query.status },
          query,
          config.maxPageSize,
        );
        return sendPagedJson(reply, rowsJson, paging);
      },
    );

    app.get(
      '/activities/agentActivityStatusReport',
      {
        config: ACTIVITY_READERS,
        schema: { tags, querystring: agentStatusReportQuerySchema, response: pagedAnswers(agentStatusReportRowSchema) },
      },
      async (request) => {
        const query = request.query;
        const window = await defaultWindow(db, request.scope.tenantId, query);
        const { rows, paging } = await agentStatusReport(
          db,
          { viewer: viewerOf(request), window },
          query.status,
          query,
          config.maxPageSize,
        );
        return paged(rows, paging);
      },
    );

    app.get(
      '/activities/for-status-widget',
      { config: ACTIVITY_READERS, schema: { tags, querystring: widgetQuerySchema, response: pagedAnswers(statusWidgetRowSchema) } },
      async (request) => {
        const window = await defaultWindow(db, request.scope.tenantId, request.query);
        const { rows, paging } = await statusWidget(db, { viewer: viewerOf(request), window }, request.query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/activities/for-type-widget',
      { config: ACTIVITY_READERS, schema: { tags, querystring: widgetQuerySchema, response: pagedAnswers(typeWidgetRowSchema) } },
      async (request) => {
        const window = await defaultWindow(db, request.scope.tenantId, request.query);
        const { rows, paging } = await typeWidget(db, { viewer: viewerOf(request), window }, request.query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/activities/calendar',
      { config: CALENDAR_READERS, schema: { tags, querystring: calendarQuerySchema, response: answers(z.array(calendarDaySchema)) } },
      async (request, reply) => {
        const window = await defaultWindow(db, request.scope.tenantId, request.query);
        assertCalendarSpan(window.from, window.to);
        const daysJson = await calendarEvents(db, { viewer: viewerOf(request), window }, request.query.perDay);
        return sendJson(reply, daysJson);
      },
    );

    app.get(
      '/activities/types',
      { config: CATALOGUE_READERS, schema: { tags, response: answers(z.array(activityTypeSchema)) } },
      async (request) => ok(await activeTypes(db, await catalogueOwner(db, request.scope.tenantId))),
    );

    app.get(
      '/activities/statuses',
      { config: CATALOGUE_READERS, schema: { tags, response: answers(z.array(activityStatusSchema)) } },
      async (request) => ok(await activeStatuses(db, await catalogueOwner(db, request.scope.tenantId))),
    );

    app.get(
      '/activities/list/:ids',
      {
        config: ACTIVITY_READERS,
        schema: { tags, params: z.object({ ids: activityIdListSchema }), response: answers(z.array(activityListItemSchema)) },
      },
      async (request) => {
        const { where, params } = visibleSql(viewerOf(request));
        params.push(request.params.ids);
        const visible = await db.query<{ id: string }>(
          `select a.id from unnest($${params.length}::uuid[]) with ordinality as wanted(id, ord) join activities a on a.id = wanted.id
       where ${where} order by wanted.ord`,
          params,
        );
        return ok(await activityRows(db, [...new Set(visible.map((r) => r.id))]));
      },
    );

    app.get(
      '/activities/activityagents/:id',
      { config: ACTIVITY_READERS, schema: { tags, params: idParams, response: answers(z.array(activityAgentSchema)) } },
      async (request) => {
        const activity = await visibleActivity(db, viewerOf(request), request.params.id);
        return ok(
          await db.query<ActivityAssignee & { userName: string }>(
            `select u.id as "Id", u.first_name as "firstName", u.last_name as "lastName", u.user_name as "userName",
         aa.id as "activityAssignmentId", aa.status_id as "statusId", coalesce(aa.status_text, st.name) as "statusText"
       from activity_assignments aa join users u on u.id = aa.user_id left join activity_statuses st on st.id = aa.status_id
       where aa.activity_id = $1 order by u.first_name, u.last_name, u.id`,
            [activity.id],
          ),
        );
      },
    );

    app.get(
      '/activities/get-activity-assignment/:entityId/:userId',
      {
        config: MY_WORK_READERS,
        schema: { tags, params: z.object({ entityId: idSchema, userId: idSchema }), response: answers(activityAssignmentSchema) },
      },
      async (request) => {
        const activity = await visibleActivity(db, viewerOf(request), request.params.entityId);
        return ok(await assignmentOf(db, activity.id, request.params.userId));
      },
    );

    app.get(
      '/activities/files/:fileId',
      { config: MY_WORK_READERS, schema: { tags, params: z.object({ fileId: idSchema }), response: binaryAnswer(['*/*']) } },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const file = await fileWithContent(db, request.params.fileId, (activityId) => visibleActivity(db, viewer, activityId));
        const bytes = Buffer.from(file.content);
        return reply
          .header('content-type', file.content_type)
          .header('content-length', bytes.length)
          .header('content-disposition', attachmentDisposition(file.file_name))
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    );

    app.get(
      '/activities/:id',
      { config: MY_WORK_READERS, schema: { tags, params: idParams, response: answers(activitySchema) } },
      async (request) => {
        const activity = await visibleActivity(db, viewerOf(request), request.params.id);
        return ok(await fullActivity(db, activity.id));
      },
    );

    app.post(
      '/activities',
      { config: ACTIVITY_CREATORS, schema: { tags, body: activitySaveSchema, response: answers(activitySchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createActivity(q, viewerOf(request), request.principal.userId, request.body));
        reply.status(201);
        return ok(await fullActivity(db, id), 'Activity created.');
      },
    );

    app.put(
      '/activities/:id',
      { config: ACTIVITY_EDITORS, schema: { tags, params: idParams, body: activitySaveSchema, response: answers(activitySchema) } },
      async (request) => {
        const viewer = viewerOf(request);
        await db.tx(async (q) => updateActivity(q, viewer, await changeableActivity(q, viewer, request.params.id), request.body));
        return ok(await fullActivity(db, request.params.id), 'Activity saved.');
      },
    );

    app.post(
      '/activities/assignment',
      {
        config: ACTIVITY_EDITORS,
        schema: { tags, body: assignmentCreateSchema, response: answers(activityAssignmentSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const { activityId, userId } = request.body;
        await db.tx(async (q) => addAssignee(q, viewer, await changeableActivity(q, viewer, activityId), userId));
        reply.status(201);
        return ok(await assignmentOf(db, activityId, userId), 'User assigned.');
      },
    );

    app.put(
      '/activities/assignment',
      { config: ACTIVITY_EDITORS, schema: { tags, body: assignmentMoveSchema, response: answers(activityAssignmentSchema) } },
      async (request) => {
        const viewer = viewerOf(request);
        const { activityId, userId, newUserId } = request.body;
        await db.tx(async (q) => moveAssignment(q, viewer, await changeableActivity(q, viewer, activityId), userId, newUserId));
        return ok(await assignmentOf(db, activityId, newUserId), 'Assignment handed over.');
      },
    );

    /** Links clients and leads; 201 when a link is new, 200 when all were linked already. */
    const link = (viewer: Viewer, activityId: string, clientIds: string[], leadIds: string[], fields: { clients: string; leads: string }) =>
      db.tx(async (q) => {
        const activity = await changeableActivity(q, viewer, activityId);
        await assertClientsInScope(q, viewer.scope, clientIds, fields.clients);
        await assertLeadsInScope(q, viewer.scope, leadIds, fields.leads);
        const added = await addLinks(q, activity.id, clientIds, leadIds);
        if (added) await q.query(`update activities set date_modified = now() where id = $1`, [activity.id]);
        return added;
      });

    app.post(
      '/activities/client',
      {
        config: ACTIVITY_EDITORS,
        schema: { tags, body: activityClientLinkSchema, response: answers(activitySchema, { status: 201, also: { 200: activitySchema } }) },
      },
      async (request, reply) => {
        const { activityId, clientId } = request.body;
        const added = await link(viewerOf(request), activityId, [clientId], [], { clients: 'clientId', leads: 'leadId' });
        reply.status(added ? 201 : 200);
        return ok(await fullActivity(db, activityId), added ? 'Client linked.' : 'The client was already linked.');
      },
    );

    app.post(
      '/activities/lead',
      {
        config: ACTIVITY_EDITORS,
        schema: { tags, body: activityLeadLinkSchema, response: answers(activitySchema, { status: 201, also: { 200: activitySchema } }) },
      },
      async (request, reply) => {
        const { activityId, leadId } = request.body;
        const added = await link(viewerOf(request), activityId, [], [leadId], { clients: 'clientId', leads: 'leadId' });
        reply.status(added ? 201 : 200);
        return ok(await fullActivity(db, activityId), added ? 'Lead linked.' : 'The lead was already linked.');
      },
    );

    app.post(
      '/activities/entities',
      {
        config: ACTIVITY_EDITORS,
        schema: {
          tags,
          body: activityEntitiesLinkSchema,
          response: answers(activitySchema, { status: 201, also: { 200: activitySchema } }),
        },
      },
      async (request, reply) => {
        const { activityId, clientIds, leadIds } = request.body;
        const added = await link(viewerOf(request), activityId, clientIds, leadIds, { clients: 'clientIds', leads: 'leadIds' });
        reply.status(added ? 201 : 200);
        return ok(await fullActivity(db, activityId), added ? 'Linked.' : 'Everything was already linked.');
      },
    );

    app.post(
      '/activities/bulk-update',
      { config: ACTIVITY_EDITORS, schema: { tags, body: activityBulkUpdateSchema, response: answers(bulkUpdateResultSchema) } },
      async (request) => {
        const viewer = viewerOf(request);
        if (viewer.ownUserId) throw forbidden('Only managers can update activities in bulk.');
        const result = await db.tx((q) => bulkUpdate(q, viewer, request.principal.userId, request.body));
        return ok(result, `${result.updated} activit${result.updated === 1 ? 'y' : 'ies'} updated.`);
      },
    );

    app.post(
      '/activities/delete',
      { config: ACTIVITY_EDITORS, schema: { tags, body: activityDeleteSchema, response: answers(noDataSchema) } },
      async (request) => {
        const viewer = viewerOf(request);
        await db.tx(async (q) => {
          const activity = await changeableActivity(q, viewer, request.body.id);
          await q.query(`update activities set deleted_at = now(), date_modified = now() where id = $1`, [activity.id]);
        });
        return ok(null, 'Activity deleted.');
      },
    );

    app.put(
      '/activities/updateAssignmentStatus',
      { config: ASSIGNMENT_UPDATERS, schema: { tags, body: assignmentStatusUpdateSchema, response: answers(activityAssignmentSchema) } },
      async (request) => {
        const input = request.body;
        await db.tx((q) => updateAssignmentStatus(q, viewerOf(request), request.principal, input));
        return ok(await assignmentOf(db, input.activityId, input.userId), 'Status updated.');
      },
    );

    app.put(
      '/activities/update-assignment-files',
      {
        config: ASSIGNMENT_UPDATERS,
        schema: { tags, consumes: CONSUMES, body: assignmentFilesSchema, response: answers(filesUpdateResultSchema) },
      },
      async (request) => {
        const input = request.body;
        const viewer = viewerOf(request);
        const me = request.principal.userId;
        const result = await db.tx(async (q) => {
          const activity = await visibleActivity(q, viewer, input.activityId, { lock: true });
          const mine = await q.one<{ id: string }>(`select id from activity_assignments where activity_id = $1 and user_id = $2`, [
            activity.id,
            me,
          ]);
          if (!mine && !isActivityManager(request.principal))
            throw forbidden('Only an assignee of the activity or a manager may change its files.');
          return changeFiles(q, {
            activityId: activity.id,
            tenantId: request.scope.tenantId,
            userId: me,
            assignmentId: mine?.id ?? null,
            added: uploadedFiles(request),
            removedIds: input.removedFiles,
            mayRemoveOthers: isActivityManager(request.principal),
            position: { latitude: input.latitude, longitude: input.longitude, accuracy: input.accuracy },
          });
        });
        return ok(result, 'Files updated.');
      },
    );
  };
