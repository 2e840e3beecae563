/** Client-side failures reported to the server, and the report administrators read them in. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorLogSchema } from '@meridian/shared/contract/field-agent';
import { pagingQuerySchema, dateWindowSchema } from '@meridian/shared/contract/paging';
import { can } from '@meridian/shared/contract/access';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { answers, pagedAnswers } from '../../http/route-answers';
import { idOnlySchema } from '@meridian/shared/contract/answer-fields';
import { errorLogEntrySchema } from '@meridian/shared/contract/error-log';
import { inScope } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';

/** An audit trail: entries logged in a tenant since deleted stay readable. */
const AUDIT = { includeDeleted: true };
import { grantsOf } from '../../auth/allow';
import { errorLog } from '@meridian/shared/contract/areas/admin';

const COLUMNS = `e.id as "Id", e.user_id as "userId", u.user_name as "userName", e.entity_id as "entityId", e.entity_type as "entityType",
  e.error_detail as "errorDetail", e.date_created as "dateCreated"`;
const DAY_MS = 24 * 60 * 60 * 1000;
const READERS = grantsOf(errorLog, 'read');

export const errorLogRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['error-log'];

    app.post(
      '/error_log',
      { schema: { tags, body: errorLogSchema, response: answers(idOnlySchema, { status: 201 }) } },
      async (request, reply) => {
        const e = request.body;
        const row = await db.one(
          `insert into error_logs (user_id, tenant_id, entity_id, entity_type, error_detail) values ($1, $2, $3, $4, $5) returning id as "Id"`,
          [request.principal.userId, request.scope.tenantId, e.entityId ?? null, e.entityType ?? null, e.errorDetail],
        );
        reply.status(201);
        return ok(row, 'Error recorded.');
      },
    );

    app.get(
      '/error_log/error-log-report',
      {
        config: { permissions: READERS },
        schema: { tags, querystring: pagingQuerySchema.extend(dateWindowSchema.shape), response: pagedAnswers(errorLogEntrySchema) },
      },
      async (request) => {
        const query = request.query;
        const start = query.startDate ?? new Date(Date.now() - DAY_MS);
        const end = query.endDate ?? new Date(Date.now() + 30 * DAY_MS);
        const page = pageSql(
          query,
          {
            fields: { dateCreated: 'e.date_created', entityType: 'e.entity_type', userName: 'u.user_name' },
            defaultField: 'dateCreated',
            defaultOrder: 'DESC',
            tieBreaker: 'e.id',
          },
          ctx.config.maxPageSize,
        );
        const p = sqlParams();
        let where = `${inScope('e.tenant_id', request.scope, p, AUDIT)} and e.date_created between ${p.add(start)} and ${p.add(end)}`;
        if (page.searchPattern) {
          where += ` and upper(e.error_detail || ' ' || coalesce(e.entity_type, '') || ' ' || coalesce(u.user_name, '')) like ${p.add(page.searchPattern)}`;
        }
        const { rows, paging } = await pagedQuery(
          db,
          { select: COLUMNS, from: `from error_logs e left join users u on u.id = e.user_id where ${where}`, params: p.values },
          page,
        );
        return paged(rows, paging);
      },
    );

    /** Your own entries; anyone else's needs an administrator in whose subtree it was logged. */
    app.get(
      '/error_log/:id',
      { schema: { tags, params: z.object({ id: idSchema }), response: answers(errorLogEntrySchema) } },
      async (request) => {
        const p = sqlParams([request.params.id, request.principal.userId, can(request.principal, READERS)]);
        const row = await db.one<{ userId: string | null }>(
          `select ${COLUMNS} from error_logs e left join users u on u.id = e.user_id
       where e.id = $1 and (e.user_id = $2 or ($3 and ${inScope('e.tenant_id', request.scope, p, AUDIT)}))`,
          p.values,
        );
        if (!row) throw notFound('Error log entry');
        return ok(row);
      },
    );
  };
