/**
 * Crashes (tracking spec 2 Crash tab, 7 `api/geo/crash-event/{a}/{b}`): {a} is the asset (the
 * all-zero GUID: every asset), {b} the status; one crash; and the review that approves or rejects a
 * NEW one. Crashes are opened at ingest (tracking/processing/crash-detection.ts), never by a call.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CRASH_LIMITS,
  crashEventSchema,
  crashListParamsSchema,
  crashListQuerySchema,
  crashReviewSchema,
} from '@meridian/shared/contract/crash-event';
import { idSchema, isEmptyGuid } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { viewerOf, visibleAsset } from '../assets/asset-access';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { CRASH_READERS, CRASH_REVIEWERS, crashVisible, visibleCrash } from './crash-access';
import { crashById, crashPage } from './crash-read';
import { reviewCrash } from './crash-write';

const idParams = z.object({ id: idSchema });

export const geoCrashesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['tracking crashes'];

    app.get(
      '/geo/crash-event/:assetId/:status',
      {
        config: CRASH_READERS,
        schema: { tags, params: crashListParamsSchema, querystring: crashListQuerySchema, response: pagedAnswers(crashEventSchema) },
      },
      async (request) => {
        const p = sqlParams();
        let where = `${crashVisible(request.scope, p, 'c')} and c.status = ${p.add(request.params.status)}`;
        // An asset the caller may not see is a 404, as it is everywhere else.
        if (!isEmptyGuid(request.params.assetId))
          where += ` and c.asset_id = ${p.add((await visibleAsset(db, viewerOf(request), request.params.assetId)).id)}`;
        const { rows, paging } = await crashPage(db, where, p, request.query, CRASH_LIMITS.pageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/geo/crash-event/:id',
      { config: CRASH_READERS, schema: { tags, params: idParams, response: answers(crashEventSchema) } },
      async (request) => ok(await crashById(db, (await visibleCrash(db, request.scope, request.params.id)).id)),
    );

    app.put(
      '/geo/crash-event/:id/review',
      { config: CRASH_REVIEWERS, schema: { tags, params: idParams, body: crashReviewSchema, response: answers(crashEventSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          reviewCrash(q, await visibleCrash(q, request.scope, request.params.id, { lock: true }), request.principal.userId, request.body),
        );
        return ok(await crashById(db, request.params.id), request.body.status === 'APPROVED' ? 'Crash approved.' : 'Crash rejected.');
      },
    );
  };
