/** Agent actions: start/stop day (online/offline) and file actions, with location. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentActionSchema, type AgentAction } from '@meridian/shared/contract/tracking';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';

export const AGENT_ACTION_COLUMNS = `id as "Id", action, performed_by_user_id as "performedByUserId", latitude, longitude, accuracy, location,
  entity_id as "entityId", entity_type as "entityType", date_created as "dateCreated"`;

export const agentRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  const { db } = ctx;
  const tags = ['agent'];

  app.post('/agent/action', { schema: { tags, body: agentActionSchema } }, async (request, reply) => {
    const a = request.body;
    const action = await db.one<AgentAction>(
      `insert into agent_actions (tenant_id, performed_by_user_id, action, latitude, longitude, accuracy, location, entity_id, entity_type)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${AGENT_ACTION_COLUMNS}`,
      [request.scope.tenantId, request.principal.userId, a.action, a.latitude ?? null, a.longitude ?? null, a.accuracy ?? null,
        a.location ?? null, a.entityId ?? null, a.entityType ?? null],
    );
    reply.status(201);
    return ok(action, 'Action recorded.');
  });

  /** The caller's latest online/offline action; the top bar shows online only when it is 1. */
  app.get('/agent/action/latest', { config: { tenantFree: true }, schema: { tags } }, async (request) => {
    const agentAction = await db.query<AgentAction>(
      `select ${AGENT_ACTION_COLUMNS} from agent_actions where performed_by_user_id = $1 and action in (0, 1) order by date_created desc limit 1`,
      [request.principal.userId],
    );
    return ok({ agentAction });
  });
};
