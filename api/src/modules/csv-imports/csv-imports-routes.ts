/**
 * CSV imports (issue 21): upload a file for a model (checked at once, every row), read the import and its
 * error rows, fix rows, and import: 202 at once, then the screen polls the import for its progress. Each
 * call needs the permission to create the import's model; another company's import answers 404.
 */
import fs from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  csvErrorRowsQuerySchema,
  csvFixResultSchema,
  csvImportIdParams,
  csvImportSchema,
  csvModelParams,
  csvRowFixSchema,
  csvRowSchema,
} from '@meridian/shared/contract/csv-import';
import type { AppContext } from '../../context';
import { ok, paged } from '../../http/envelope';
import { conflict } from '../../http/errors';
import { answers, pagedAnswers } from '../../http/route-answers';
import { assertMayImport, CSV_IMPORTERS, visibleImport } from './csv-import-access';
import { checkFile, storeRows } from './csv-import-check';
import { dbChecker } from './csv-import-db-check';
import { csvFileOf, receiveCsv } from './csv-import-files';
import { fixRows } from './csv-import-fix';
import { errorRowsPage, importById } from './csv-import-read';
import { runImport } from './csv-import-run';

const CONSUMES = ['multipart/form-data'];

export const csvImportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['csv imports'];
    const running = new Set<Promise<void>>();
    // The file is read as a stream by the upload route itself (no body parsing into memory).
    await app.register(multipart);
    // A server closing lets the imports it runs end (commit or roll back) before the database closes.
    app.addHook('onClose', async () => {
      await Promise.allSettled([...running]);
    });

    app.post(
      '/csv-imports/:model',
      {
        config: CSV_IMPORTERS,
        schema: { tags, consumes: CONSUMES, params: csvModelParams, response: answers(csvImportSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const { model } = request.params;
        assertMayImport(request.principal, model);
        const received = await receiveCsv(request, config.dataDir);
        try {
          const checks = dbChecker(model, { q: db, scope: request.scope, userId: request.principal.userId });
          const checked = await checkFile(received.file, model, checks);
          const id = await db.tx(async (q) => {
            const row = await q.one<{ id: string }>(
              `insert into csv_imports (tenant_id, user_id, model, file_name, stored_name, total_rows, headers, preview_rows)
               values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb) returning id`,
              [
                request.scope.tenantId,
                request.principal.userId,
                model,
                received.fileName,
                received.storedName,
                checked.totalRows,
                JSON.stringify(checked.headers),
                JSON.stringify(checked.previewRows),
              ],
            );
            await storeRows(q, row!.id, checked.errorRows, false);
            return row!.id;
          });
          reply.status(201);
          const imp = await importById(db, id);
          return ok(
            imp,
            imp.errorRows ? `${imp.errorRows} of ${imp.totalRows} rows have errors.` : `All ${imp.totalRows} rows can be imported.`,
          );
        } catch (error) {
          await fs.rm(received.file, { force: true });
          throw error;
        }
      },
    );

    app.get(
      '/csv-imports/:id',
      { config: CSV_IMPORTERS, schema: { tags, params: csvImportIdParams, response: answers(csvImportSchema) } },
      async (request) => {
        const imp = await visibleImport(db, request.scope, request.params.id);
        assertMayImport(request.principal, imp.model);
        return ok(await importById(db, imp.id));
      },
    );

    app.get(
      '/csv-imports/:id/error-rows',
      {
        config: CSV_IMPORTERS,
        schema: { tags, params: csvImportIdParams, querystring: csvErrorRowsQuerySchema, response: pagedAnswers(csvRowSchema) },
      },
      async (request) => {
        const imp = await visibleImport(db, request.scope, request.params.id);
        assertMayImport(request.principal, imp.model);
        const { rows, paging } = await errorRowsPage(db, imp.id, request.query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.put(
      '/csv-imports/:id/rows',
      { config: CSV_IMPORTERS, schema: { tags, params: csvImportIdParams, body: csvRowFixSchema, response: answers(csvFixResultSchema) } },
      async (request) => {
        const rows = await db.tx(async (q) => {
          const imp = await visibleImport(q, request.scope, request.params.id, { lock: true });
          assertMayImport(request.principal, imp.model);
          return fixRows(q, imp, request.body, {
            scope: request.scope,
            userId: request.principal.userId,
            file: csvFileOf(config.dataDir, imp.stored_name),
          });
        });
        const imp = await importById(db, request.params.id);
        return ok({ import: imp, rows }, imp.errorRows ? `${imp.errorRows} rows still have errors.` : 'Every row can be imported.');
      },
    );

    app.post(
      '/csv-imports/:id/import',
      { config: CSV_IMPORTERS, schema: { tags, params: csvImportIdParams, response: answers(csvImportSchema, { status: 202 }) } },
      async (request, reply) => {
        const { found, answer } = await db.tx(async (q) => {
          const found = await visibleImport(q, request.scope, request.params.id, { lock: true });
          assertMayImport(request.principal, found.model);
          if (found.status === 'importing') throw conflict('This file is being imported already.');
          if (found.status === 'imported') throw conflict('This file was imported already.');
          const bad = await q.one<{ n: number }>(
            `select count(*)::int as n from csv_import_rows where import_id = $1 and errors <> '[]'::jsonb`,
            [found.id],
          );
          if (bad!.n > 0) throw conflict(`${bad!.n} rows still have errors: fix them (or the file) before importing.`);
          await q.query(`update csv_imports set status = 'importing', done_rows = 0, failure = null, date_modified = now() where id = $1`, [
            found.id,
          ]);
          // Read before the import starts: on PGlite its transaction then holds the one connection until it
          // ends, and a read after would hold this answer (and the screen's progress) back until then.
          return { found: { ...found, status: 'importing' as const }, answer: await importById(q, found.id) };
        });
        const job = runImport(found, {
          db,
          file: csvFileOf(config.dataDir, found.stored_name),
          scope: request.scope,
          userId: request.principal.userId,
          log: (message) => app.log.error(message),
        });
        running.add(job);
        void job.finally(() => running.delete(job));
        reply.status(202);
        return ok(answer, `Importing ${found.total_rows} rows.`);
      },
    );
  };
