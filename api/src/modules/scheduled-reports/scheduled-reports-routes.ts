/**
 * Scheduled reports (issue 22 item 5): the product's own calls (the spec shows none), paths from the area's
 * `scheduledReports.api`. Every schedule named by id must lie in the acting tenant's subtree.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scheduledReports } from '@meridian/shared/contract/areas/reports';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { scheduledReportRunSchema, scheduledReportSaveSchema, scheduledReportSchema } from '@meridian/shared/contract/scheduled-report';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { SCHEDULE_CREATORS, SCHEDULE_EDITORS, SCHEDULE_READERS, scheduleInScope } from './scheduled-report-access';
import { runPage, schedulePage } from './scheduled-report-list';
import { runById, scheduleById } from './scheduled-report-read';
import { createSchedule, deleteSchedule, runScheduleNow, setScheduleActive, updateSchedule } from './scheduled-report-write';

const idParams = z.object({ id: idSchema });
const paths = scheduledReports.api;

export const scheduledReportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, jobs } = ctx;
    const tags = ['scheduled-reports'];

    app.get(
      paths.list,
      { config: SCHEDULE_READERS, schema: { tags, querystring: pagingQuerySchema, response: pagedAnswers(scheduledReportSchema) } },
      async (request) => {
        const { rows, paging } = await schedulePage(db, request.scope, request.query, ctx.config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      paths.one,
      { config: SCHEDULE_READERS, schema: { tags, params: idParams, response: answers(scheduledReportSchema) } },
      async (request) => {
        const { id } = await scheduleInScope(db, request.scope, request.params.id);
        return ok(await scheduleById(db, id));
      },
    );

    /** The schedule belongs to the tenant the caller acts for and runs as the caller. */
    app.post(
      paths.list,
      {
        config: SCHEDULE_CREATORS,
        schema: { tags, body: scheduledReportSaveSchema, response: answers(scheduledReportSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const id = await db.tx((q) => createSchedule(q, request.scope.tenantId, request.principal.userId, request.body));
        reply.status(201);
        return ok(await scheduleById(db, id), 'Scheduled report saved.');
      },
    );

    app.put(
      paths.one,
      {
        config: SCHEDULE_EDITORS,
        schema: { tags, params: idParams, body: scheduledReportSaveSchema, response: answers(scheduledReportSchema) },
      },
      async (request) => {
        await db.tx(async (q) => {
          const schedule = await scheduleInScope(q, request.scope, request.params.id, true);
          await updateSchedule(q, schedule.id, schedule.tenantId, request.principal.userId, request.body);
        });
        return ok(await scheduleById(db, request.params.id), 'Scheduled report saved.');
      },
    );

    for (const [path, active, message] of [
      [paths.pause, false, 'Scheduled report paused.'],
      [paths.resume, true, 'Scheduled report resumed.'],
    ] as const) {
      app.post(
        path,
        { config: SCHEDULE_EDITORS, schema: { tags, params: idParams, response: answers(scheduledReportSchema) } },
        async (request) => {
          await db.tx(async (q) => {
            const schedule = await scheduleInScope(q, request.scope, request.params.id, true);
            await setScheduleActive(q, schedule.id, schedule.tenantId, active);
          });
          return ok(await scheduleById(db, request.params.id), message);
        },
      );
    }

    app.delete(
      paths.one,
      { config: SCHEDULE_EDITORS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => deleteSchedule(q, (await scheduleInScope(q, request.scope, request.params.id, true)).id));
        return ok(null, 'Scheduled report deleted.');
      },
    );

    /** Runs the schedule once now, apart from its occurrences; the answer is the queued run. */
    app.post(
      paths.run,
      { config: SCHEDULE_EDITORS, schema: { tags, params: idParams, response: answers(scheduledReportRunSchema, { status: 202 }) } },
      async (request, reply) => {
        const runId = await db.tx(async (q) => {
          const schedule = await scheduleInScope(q, request.scope, request.params.id, true);
          return runScheduleNow(q, jobs, schedule.id, schedule.tenantId);
        });
        jobs.kick();
        reply.status(202);
        return ok(await runById(db, runId), 'The report is queued; its recipients will receive it by e-mail.');
      },
    );

    app.get(
      paths.runs,
      {
        config: SCHEDULE_READERS,
        schema: { tags, params: idParams, querystring: pagingQuerySchema, response: pagedAnswers(scheduledReportRunSchema) },
      },
      async (request) => {
        const { id } = await scheduleInScope(db, request.scope, request.params.id);
        const { rows, paging } = await runPage(db, id, request.query, ctx.config.maxPageSize);
        return paged(rows, paging);
      },
    );
  };
