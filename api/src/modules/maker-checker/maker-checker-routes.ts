/**
 * Maker-checker (issue 21): the acting tenant's rules (read by credit staff and administrators, set with
 * ADMIN/SETTINGS), the requests of the subtree (paged, by status), and their approval or rejection by a
 * checker who holds the action's permission and is not its maker.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { makerChecker } from '@meridian/shared/contract/areas/sales';
import {
  checkDecisionSchema,
  checkRequestIdParams,
  checkRequestListQuerySchema,
  checkRequestSchema,
  makerCheckerRulesSaveSchema,
  makerCheckerRulesSchema,
  type CheckRequest,
} from '@meridian/shared/contract/maker-checker';
import type { AppContext } from '../../context';
import { allow } from '../../auth/allow';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { answers, pagedAnswers } from '../../http/route-answers';
import { inScope } from '../../tenancy/subtree';
import { decideRequest } from './checked-actions';
import { checkRequestById, REQUEST_COLUMNS, REQUEST_FROM } from './maker-checker-queue';
import { rulesOf, saveRules } from './maker-checker-rules';

const RULE_READERS = allow(makerChecker, 'readRules');
const RULE_KEEPERS = allow(makerChecker, 'configure');
const CHECKERS = allow(makerChecker, 'check');

const SORT: SortSpec = { fields: { dateCreated: 'r.date_created' }, defaultField: 'dateCreated', defaultOrder: 'DESC', tieBreaker: 'r.id' };

export const makerCheckerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['maker-checker'];

    app.get(
      '/maker-checker/rules',
      { config: RULE_READERS, schema: { tags, response: answers(makerCheckerRulesSchema) } },
      async (request) => ok(await rulesOf(db, request.scope.tenantId)),
    );

    app.put(
      '/maker-checker/rules',
      { config: RULE_KEEPERS, schema: { tags, body: makerCheckerRulesSaveSchema, response: answers(makerCheckerRulesSchema) } },
      async (request) => {
        await db.tx((q) => saveRules(q, request.scope.tenantId, [...new Set(request.body.actions)], request.principal.userId));
        return ok(await rulesOf(db, request.scope.tenantId), 'Maker-checker rules saved.');
      },
    );

    app.get(
      '/maker-checker/requests',
      { config: CHECKERS, schema: { tags, querystring: checkRequestListQuerySchema, response: pagedAnswers(checkRequestSchema) } },
      async (request) => {
        const p = sqlParams();
        const page = pageSql(request.query, SORT, config.maxPageSize);
        let where = inScope('r.tenant_id', request.scope, p);
        if (request.query.status) where += ` and r.status = ${p.add(request.query.status)}`;
        const { rows, paging } = await pagedQuery<CheckRequest>(
          db,
          { select: REQUEST_COLUMNS, from: `${REQUEST_FROM} where ${where}`, params: p.values },
          page,
        );
        return paged(rows, paging);
      },
    );

    for (const [path, decision, message] of [
      ['/maker-checker/requests/:id/approve', 'approved', 'Request approved: the action is done.'],
      ['/maker-checker/requests/:id/reject', 'rejected', 'Request rejected.'],
    ] as const) {
      app.post(
        path,
        {
          config: CHECKERS,
          schema: { tags, params: checkRequestIdParams, body: checkDecisionSchema, response: answers(checkRequestSchema) },
        },
        async (request) => {
          await db.tx((q) => decideRequest(q, request.scope, request.principal, request.params.id, decision, request.body));
          return ok(await checkRequestById(db, request.params.id), message);
        },
      );
    }
  };
