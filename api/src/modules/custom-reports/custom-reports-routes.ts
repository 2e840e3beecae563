/**
 * Custom reports (issue 22 item 2; the spec names the screens, not the calls): the catalogue the caller
 * may build from, a preview of a definition's first rows, and the definitions, paged, read, made, changed
 * and deleted (POST /custom-reports/delete {id}, as the report categories' delete).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedCountSchema } from '@meridian/shared/contract/deletion';
import {
  customReportDeleteSchema,
  customReportListItemSchema,
  customReportListQuerySchema,
  customReportPreviewSchema,
  customReportSaveSchema,
  customReportSchema,
  reportPreviewSchema,
} from '@meridian/shared/contract/custom-report';
import { catalogueDatasetSchema, PREVIEW_ROWS } from '@meridian/shared/contract/report-catalogue';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import {
  checkDatasetAllowed,
  datasetsFor,
  REPORT_CREATORS,
  REPORT_EDITORS,
  REPORT_READERS,
  REPORT_WRITERS,
  reportVisible,
  visibleReport,
} from './custom-report-access';
import { reportById, reportPage } from './custom-report-read';
import { createReport, deleteReport, updateReport } from './custom-report-write';
import { compileReport, readBatch } from './report-query';

const idParams = z.object({ id: idSchema });

export const customReportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['custom reports'];

    app.get(
      '/custom-reports',
      {
        config: REPORT_READERS,
        schema: { tags, querystring: customReportListQuerySchema, response: pagedAnswers(customReportListItemSchema) },
      },
      async (request) => {
        const p = sqlParams();
        const where = reportVisible(request.principal, request.scope, p);
        const { items, paging } = await reportPage(db, { where, p }, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.get(
      '/custom-reports/catalogue',
      { config: REPORT_READERS, schema: { tags, response: answers(z.array(catalogueDatasetSchema)) } },
      async (request) =>
        ok(
          datasetsFor(request.principal).map((d) => ({
            key: d.key,
            label: d.label,
            ...(d.currencyColumn ? { currencyColumn: d.currencyColumn } : {}),
            columns: d.columns.map((c) => ({
              key: c.key,
              label: c.label,
              kind: c.kind,
              ...(c.choices ? { choices: [...c.choices] } : {}),
            })),
          })),
        ),
    );

    app.post(
      '/custom-reports/preview',
      { config: REPORT_WRITERS, schema: { tags, body: customReportPreviewSchema, response: answers(reportPreviewSchema) } },
      async (request) => {
        const { definition } = request.body;
        checkDatasetAllowed(request.principal, definition.dataset);
        const compiled = await compileReport(db, request.scope, definition, tenantTimeZone);
        const { rows } = await readBatch(db, compiled, PREVIEW_ROWS, null);
        return ok({ columns: compiled.columns, rows });
      },
    );

    app.get(
      '/custom-reports/:id',
      { config: REPORT_READERS, schema: { tags, params: idParams, response: answers(customReportSchema) } },
      async (request) => ok(await reportById(db, (await visibleReport(db, request.principal, request.scope, request.params.id)).id)),
    );

    app.post(
      '/custom-reports',
      { config: REPORT_CREATORS, schema: { tags, body: customReportSaveSchema, response: answers(customReportSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createReport(q, request.principal, request.scope, request.body));
        reply.status(201);
        return ok(await reportById(db, id), 'Report created.');
      },
    );

    app.put(
      '/custom-reports/:id',
      { config: REPORT_EDITORS, schema: { tags, params: idParams, body: customReportSaveSchema, response: answers(customReportSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const report = await visibleReport(q, request.principal, request.scope, request.params.id, { lock: true });
          await updateReport(q, request.principal, request.scope, report.id, request.body);
        });
        return ok(await reportById(db, request.params.id), 'Report saved.');
      },
    );

    app.post(
      '/custom-reports/delete',
      { config: REPORT_EDITORS, schema: { tags, body: customReportDeleteSchema, response: answers(deletedCountSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          deleteReport(q, (await visibleReport(q, request.principal, request.scope, request.body.id, { lock: true })).id),
        );
        return ok({ deleted: 1 }, 'Report deleted.');
      },
    );
  };
