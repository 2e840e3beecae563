/**
 * Report runs over the socket and the files they keep (issue 22 items 4 and 6): the socket requests
 * `runReportV2`, `generateReport` and `generateCSVReport` (registered with the realtime service, which
 * validates them and loads the caller), and GET /reports/files and /reports/files/:id/download.
 * The standard reports that can run are registered here; custom reports plug their source into the registry.
 */
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportFiles } from '@meridian/shared/contract/areas/reports';
import {
  csvReportRunRequestSchema,
  reportFileParamsSchema,
  reportFileSchema,
  reportFilesQuerySchema,
  reportRunRequestSchema,
} from '@meridian/shared/contract/report-run';
import type { RealtimeRequest } from '@meridian/shared/contract/realtime';
import type { AppContext } from '../../context';
import { allow } from '../../auth/allow';
import { paged } from '../../http/envelope';
import { conflict, notFound } from '../../http/errors';
import { binaryAnswer, pagedAnswers } from '../../http/route-answers';
import { attachmentDisposition } from '../templates/template-documents';
import { collectionsSummarySource } from './collections-summary-source';
import { parReportSource } from './par-report-source';
import { absolutePath } from './report-file-store';
import { visibleReportFile, reportFilePage } from './report-file-list';
import { CONTENT_TYPES } from './report-file-writer';
import { createReportRegistry, type ReportRegistry } from './report-registry';
import { createReportRuns } from './report-run';
import { tenantLoansSource } from './tenant-loans-source';
import { customReportRuns } from './custom-report-runs';
import { userLoginSource } from './user-login-source';
import { salesAgentSource } from './sales-agent-source';
import { userLoginsPerUserSource } from './user-logins-per-user-source';

const FILE_READERS = allow(reportFiles, 'read');
/** The answer's media types as declared (the check compares them without parameters such as charset). */
const FILE_MEDIA_TYPES = Object.values(CONTENT_TYPES).map((type) => type.split(';')[0]!);

/**
 * The reports a run may name: every standard report, and custom reports through their own source. The socket's
 * runs and scheduled reports' files (app.ts, scheduled-run-maker.ts) each build theirs here, so both may name the same.
 */
export function reportRegistryOf(): ReportRegistry {
  const registry = createReportRegistry();
  for (const report of [
    parReportSource,
    collectionsSummarySource,
    tenantLoansSource,
    userLoginSource,
    salesAgentSource,
    userLoginsPerUserSource,
  ])
    registry.registerStandard(report);
  registry.useCustomReports(customReportRuns);
  return registry;
}

export const reportRunsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config, realtime } = ctx;
    const tags = ['reports'];
    const reportRegistry = reportRegistryOf();
    const runs = createReportRuns({ db, dataDir: config.dataDir, realtime, registry: reportRegistry, log: (msg) => app.log.warn(msg) });
    app.addHook('onClose', () => runs.close());

    const runRequests: Record<Exclude<RealtimeRequest, 'generateCSVReport'>, true> = { runReportV2: true, generateReport: true };
    for (const event of Object.keys(runRequests)) {
      realtime.handle(event, reportRunRequestSchema, (input, caller) =>
        runs.start(
          { reportId: input.reportId, parameters: input.parameters, format: input.exportFormat, completion: 'reportComplete' },
          caller,
        ),
      );
    }
    realtime.handle('generateCSVReport' satisfies RealtimeRequest, csvReportRunRequestSchema, (input, caller) =>
      runs.start({ reportId: input.reportId, parameters: input.parameters, format: 'CSV', completion: 'csvReportComplete' }, caller),
    );

    app.get(
      reportFiles.api.list,
      { config: FILE_READERS, schema: { tags, querystring: reportFilesQuerySchema, response: pagedAnswers(reportFileSchema) } },
      async (request) => {
        const { items, paging } = await reportFilePage(db, request, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.get(
      reportFiles.api.download,
      { config: FILE_READERS, schema: { tags, params: reportFileParamsSchema, response: binaryAnswer(FILE_MEDIA_TYPES) } },
      async (request, reply) => {
        const file = await visibleReportFile(db, request, request.params.id);
        // A custom report's file goes only to someone its report still reaches (the custom source decides).
        const reachable =
          file && (file.reportKind === 'standard' || (await reportRegistry.find(db, request, file.reportId))?.mayRead(request));
        if (!file || !reachable) throw notFound('This report file');
        if (file.status === 'running') throw conflict('This report is still being generated.');
        if (file.status !== 'done') throw notFound('This report file');
        const target = absolutePath(config.dataDir, file.storedPath);
        const size = await fs.promises.stat(target).then(
          (s) => s.size,
          () => null,
        );
        if (size === null) throw notFound('This report file');
        return reply
          .header('content-type', CONTENT_TYPES[file.format])
          .header('content-length', size)
          .header('content-disposition', attachmentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(fs.createReadStream(target));
      },
    );
  };
