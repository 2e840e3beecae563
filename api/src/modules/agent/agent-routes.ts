/** Agent actions: start/stop day (online/offline) and file actions, with location. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentActionAnswerSchema,
  agentActionSchema,
  latestAgentActionSchema,
  type AgentAction,
} from '@meridian/shared/contract/field-agent';
import { AGENT_ACTION } from '@meridian/shared/constants';
import { isValidPosition } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { locationRequired, locationRequiredError } from './location-required';
import { allow } from '../../auth/allow';
import { myWork } from '@meridian/shared/contract/areas/sales';
import { answers } from '../../http/route-answers';

export const AGENT_ACTION_COLUMNS = `id as "Id", action, performed_by_user_id as "performedByUserId", latitude, longitude, accuracy, location,
  entity_id as "entityId", entity_type as "entityType", date_created as "dateCreated"`;

/** Recording one's own actions. */
export const MY_WORK = allow(myWork, 'read');

const STARTS_OR_STOPS_DAY: readonly number[] = [AGENT_ACTION.OFFLINE, AGENT_ACTION.ONLINE];

export const agentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['agent'];

    app.post(
      '/agent/action',
      { config: MY_WORK, schema: { tags, body: agentActionSchema, response: answers(agentActionAnswerSchema, { status: 201 }) } },
      async (request, reply) => {
        const a = request.body;
        // The 999 placeholder, or half a coordinate, is no position: it is recorded as none.
        const positioned = isValidPosition(a.latitude, a.longitude);
        if (!positioned && STARTS_OR_STOPS_DAY.includes(a.action) && (await locationRequired(db, request.scope.tenantId)))
          throw locationRequiredError();
        const action = await db.one<AgentAction>(
          `insert into agent_actions (tenant_id, performed_by_user_id, action, latitude, longitude, accuracy, location, entity_id, entity_type, date_created)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10::timestamptz, now())) returning ${AGENT_ACTION_COLUMNS}`,
          [
            request.scope.tenantId,
            request.principal.userId,
            a.action,
            positioned ? a.latitude : null,
            positioned ? a.longitude : null,
            positioned ? (a.accuracy ?? null) : null,
            a.location ?? null,
            a.entityId ?? null,
            a.entityType ?? null,
            a.actedAt ?? null,
          ],
        );
        reply.status(201);
        return ok(action, 'Action recorded.');
      },
    );

    /** The caller's latest online/offline action; the top bar shows online only when it is 1. */
    app.get(
      '/agent/action/latest',
      { config: { tenantFree: true }, schema: { tags, response: answers(latestAgentActionSchema) } },
      async (request) => {
        const agentAction = await db.query<AgentAction>(
          `select ${AGENT_ACTION_COLUMNS} from agent_actions where performed_by_user_id = $1 and action in (0, 1) order by date_created desc limit 1`,
          [request.principal.userId],
        );
        return ok({ agentAction });
      },
    );
  };
