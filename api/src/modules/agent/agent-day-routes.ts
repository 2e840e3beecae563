/**
 * An agent's day: the actions of a day (for the map), one action's location, and the paged history
 * of a day's actions with a CSV download. One's own day needs SALES/AGENTS/MYWORK; another agent's
 * needs SALES/AGENTS/HISTORY (or SALES/AGENT/POSITION for positions) and the agent inside the acting
 * tenant's subtree. Days are the acting tenant's days (its time zone setting).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@meridian/shared/contract/access';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import {
  AGENT_ACTION_NAMES,
  agentActionLocationSchema,
  agentActionsParamsSchema,
  agentDayActionSchema,
  agentActionsQuerySchema,
  agentDayParamsSchema,
  parseSortParam,
  type AgentActionLocation,
  type AgentDayAction,
} from '@meridian/shared/contract/field-agent';
import { MESSAGES } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { Principal, TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { AppError, forbidden, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { attachmentDisposition } from '../templates/template-documents';
import { AGENT_ACTION_COLUMNS } from './agent-routes';
import { dayWindow } from './day-window';
import { csvOf } from './csv';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { inScope } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';
import { allow, grantsOf } from '../../auth/allow';
import { agentHistory } from '@meridian/shared/contract/areas/sales';
import { answers, pagedOrFileAnswers } from '../../http/route-answers';

/** Anyone who may see an agent's day: their own, or others'. */
const DAY_READERS = allow(agentHistory, 'readDay');
/** Another agent's positions. */
const OTHERS_POSITIONS = grantsOf(agentHistory, 'readOthersPositions');
/** Another agent's history. */
const OTHERS_HISTORY = grantsOf(agentHistory, 'read');
/** At most this many lines in a CSV (a day's actions are far fewer). */
const CSV_MAX_ROWS = 100_000;

/** SQL naming an action, from the contract's names (constants, never user input). */
const ACTION_NAME_SQL = `case x.action ${Object.entries(AGENT_ACTION_NAMES)
  .map(([code, name]) => `when ${Number(code)} then '${name.replace(/'/g, "''")}'`)
  .join(' ')} else 'Action ' || x.action end`;
const HISTORY_COLUMNS = `x.id as "Id", x.action, ${ACTION_NAME_SQL} as "actionName", x.performed_by_user_id as "performedByUserId", x.latitude, x.longitude,
  x.accuracy, x.location, x.entity_id as "entityId", x.entity_type as "entityType", x.date_created as "dateCreated"`;

const withName = (action: Omit<AgentDayAction, 'actionName'>): AgentDayAction => ({
  ...action,
  actionName: AGENT_ACTION_NAMES[action.action] ?? `Action ${action.action}`,
});

interface Seen {
  userName: string;
}

/**
 * The caller's own day, or another agent's when the caller holds one of `othersNeed` and the agent
 * lies in the acting subtree (else 404, as for an agent that does not exist).
 */
async function agentWhoseDayMayBeSeen(
  q: Queryable,
  request: { principal: Principal; scope: TenantScope },
  userId: string,
  othersNeed: string[],
  what = 'User',
): Promise<Seen> {
  if (userId === request.principal.userId) return { userName: request.principal.userName };
  if (!can(request.principal, othersNeed)) throw forbidden();
  const p = sqlParams([userId]);
  // A past day stays readable: a deleted agent, or one of a deleted tenant, is still found.
  const row = await q.one<{ user_name: string }>(
    `select u.user_name from users u where u.id = $1 and ${inScope('u.tenant_id', request.scope, p, { includeDeleted: true })}`,
    p.values,
  );
  if (!row) throw notFound(what);
  return { userName: row.user_name };
}

export const agentDayRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['agent'];

    app.get(
      '/agent/:userId/:date',
      { config: DAY_READERS, schema: { tags, params: agentDayParamsSchema, response: answers(z.array(agentDayActionSchema)) } },
      async (request) => {
        const { userId, date } = request.params;
        await agentWhoseDayMayBeSeen(db, request, userId, OTHERS_POSITIONS);
        const { start, end } = await dayWindow(db, date, date, await tenantTimeZone(db, request.scope.tenantId));
        const actions = await db.query<Omit<AgentDayAction, 'actionName'>>(
          `select ${AGENT_ACTION_COLUMNS} from agent_actions where performed_by_user_id = $1 and date_created >= $2 and date_created < $3 order by date_created, id`,
          [userId, start, end],
        );
        return ok(actions.map(withName));
      },
    );

    app.get(
      '/agent/action/location/:id',
      { config: DAY_READERS, schema: { tags, params: z.object({ id: idSchema }), response: answers(agentActionLocationSchema) } },
      async (request) => {
        const action = await db.one<AgentActionLocation>(
          `select id as "Id", action, performed_by_user_id as "performedByUserId", latitude, longitude, accuracy, location, date_created as "dateCreated"
       from agent_actions where id = $1`,
          [request.params.id],
        );
        if (!action) throw notFound('Agent action');
        await agentWhoseDayMayBeSeen(db, request, action.performedByUserId, OTHERS_POSITIONS, 'Agent action');
        if (action.latitude === null || action.longitude === null) throw new AppError(404, ERROR_CODES.NOT_FOUND, MESSAGES.noPosition);
        return ok(action);
      },
    );

    app.get(
      '/agent/actions/:date/:id',
      {
        config: DAY_READERS,
        schema: {
          tags,
          params: agentActionsParamsSchema,
          querystring: agentActionsQuerySchema,
          response: pagedOrFileAnswers(agentDayActionSchema, ['text/csv']),
        },
      },
      async (request, reply) => {
        const { date, id } = request.params;
        const sort = parseSortParam(request.query.sort);
        const query = {
          ...request.query,
          sortField: request.query.sortField ?? sort.sortField,
          sortOrder: request.query.sortOrder ?? sort.sortOrder,
        };
        const agent = await agentWhoseDayMayBeSeen(db, request, id, OTHERS_HISTORY);
        const { start, end } = await dayWindow(db, date, date, await tenantTimeZone(db, request.scope.tenantId));
        const page = pageSql(
          query,
          {
            fields: { dateCreated: 'x.date_created', action: 'x.action', location: 'x.location', entityType: 'x.entity_type' },
            defaultField: 'dateCreated',
            defaultOrder: 'DESC',
            tieBreaker: 'x.id',
          },
          ctx.config.maxPageSize,
        );
        const params: unknown[] = [id, start, end];
        let where = `x.performed_by_user_id = $1 and x.date_created >= $2 and x.date_created < $3`;
        if (page.searchPattern) {
          params.push(page.searchPattern);
          where += ` and upper(${ACTION_NAME_SQL} || ' ' || coalesce(x.location, '') || ' ' || coalesce(x.entity_type, '')) like $${params.length}`;
        }
        const from = `from agent_actions x where ${where}`;
        if (request.query.download === 'csv') {
          const rows = await db.query<AgentDayAction>(
            `select ${HISTORY_COLUMNS} ${from} order by ${page.orderBy} limit ${CSV_MAX_ROWS}`,
            params,
          );
          const csv = csvOf(
            ['Time', 'Action', 'Latitude', 'Longitude', 'Accuracy', 'Location', 'Entity type', 'Entity id'],
            rows.map((r) => [
              new Date(r.dateCreated).toISOString(),
              r.actionName,
              r.latitude,
              r.longitude,
              r.accuracy,
              r.location,
              r.entityType,
              r.entityId,
            ]),
          );
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', attachmentDisposition(`agent-actions-${agent.userName}-${date}.csv`))
            .header('x-content-type-options', 'nosniff')
            .send(csv);
        }
        const { rows, paging } = await pagedQuery(db, { select: HISTORY_COLUMNS, from, params }, page);
        return paged(rows, paging);
      },
    );
  };
