/**
 * Activity and agent counts for dashboards. An empty id (or the all-zero GUID) answers zeros.
 * - /stats/{userId}: everything in that user's tenants' subtrees; asked about oneself, everything in the
 *   acting tenant's subtree, so the dashboard follows the tenant selector (a global administrator
 *   working in a branch sees the branch, and is never "not found" there for lying above it).
 * - /stats/team/{userId}: the members of the sales teams the user leads or belongs to.
 * - /stats/agent/{userId}: that agent alone.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZERO_STATS, type Stats, statsSchema } from '@meridian/shared/contract/field-agent';
import { isEmptyGuid, idSchema } from '@meridian/shared/validation';
import { VALIDATION_MESSAGES } from '@meridian/shared/validation-messages';
import { ROLE_GROUPS } from '@meridian/shared/contract/roles';
import type { AppContext } from '../../context';
import { fieldError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { userInScope } from '../../tenancy/scope';
import { answers } from '../../http/route-answers';
import { pathWithin, subtreePattern, subtreeTenantsAt } from '../../tenancy/subtree';
import { allow } from '../../auth/allow';
import { agentStats } from '@meridian/shared/contract/areas/sales';
import type { TenantScope } from '../../auth/principal';

const READERS = allow(agentStats, 'read');

/** Counts over a set of agents (`agents` CTE) and a set of activities (`acts` CTE). */
const COUNT_SQL = (agents: string, acts: string) => `
with agents as (${agents}), acts as (${acts}),
assigned as (select distinct aa.activity_id, aa.user_id from activity_assignments aa join acts on acts.id = aa.activity_id)
select
  (select count(distinct activity_id) from assigned)::int as "assignedActivities",
  (select count(*) from acts where not exists (select 1 from activity_assignments aa where aa.activity_id = acts.id))::int as "unassignedActivities",
  (select count(*) from agents where exists (select 1 from assigned where assigned.user_id = agents.id))::int as "assignedAgents",
  (select count(*) from agents where not exists (select 1 from assigned where assigned.user_id = agents.id))::int as "unassignedAgents"`;

// Role and tenant ids are looked up first, so that at 100,000 agents the users are found through
// user_roles' role index rather than by checking each user's roles one by one.
const TENANT_AGENTS = `select distinct ur.user_id as id from user_roles ur join users u on u.id = ur.user_id
  where ur.role_id = any(array(select r.id from roles r where lower(r.name) = any($2))) and u.deleted_at is null
  and u.tenant_id = any(array(select t.id from tenants t
    where exists (select 1 from user_tenants mine join tenants mt on mt.id = mine.tenant_id where mine.user_id = $1 and ${pathWithin('t.path', 'mt.path')})))`;
const TENANT_ACTIVITIES = `select a.id from activities a join tenants t on t.id = a.tenant_id
  where a.deleted_at is null and exists (select 1 from user_tenants mine join tenants mt on mt.id = mine.tenant_id where mine.user_id = $1 and ${pathWithin('t.path', 'mt.path')})`;
const SCOPE_AGENTS = `select distinct ur.user_id as id from user_roles ur join users u on u.id = ur.user_id
  where ur.role_id = any(array(select r.id from roles r where lower(r.name) = any($2))) and u.deleted_at is null
  and u.tenant_id = any(array(${subtreeTenantsAt('$1')}))`;
const SCOPE_ACTIVITIES = `select a.id from activities a where a.deleted_at is null and a.tenant_id = any(array(${subtreeTenantsAt('$1')}))`;
const TEAM_AGENTS = `select distinct tm.user_id as id from team_members tm join teams tt on tt.id = tm.team_id
  where tt.deleted_at is null and (tt.leader_user_id = $1 or exists (select 1 from team_members me where me.team_id = tt.id and me.user_id = $1))`;
const TEAM_ACTIVITIES = `select a.id from activities a where a.deleted_at is null and (
  exists (select 1 from activity_assignments aa join agents on agents.id = aa.user_id where aa.activity_id = a.id)
  or a.created_user_id in (select id from agents))`;
const ONE_AGENT = `select u.id from users u where u.id = $1`;
const AGENT_ACTIVITIES = `select a.id from activities a where a.deleted_at is null and (
  exists (select 1 from activity_assignments aa where aa.activity_id = a.id and aa.user_id = $1) or a.created_user_id = $1)`;

const params = z.object({ userId: z.string().max(36).optional() });

export const statsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['stats'];

    const statsFor =
      (agents: string, acts: string, withRoles: boolean) =>
      async (request: { params: { userId?: string }; principal: { userId: string }; scope: TenantScope }) => {
        const raw = request.params.userId;
        if (isEmptyGuid(raw)) return ok<Stats>(ZERO_STATS);
        const parsed = idSchema.safeParse(raw);
        if (!parsed.success) throw fieldError('userId', VALIDATION_MESSAGES.identifier);
        // Oneself is always there to ask about, wherever one is working; anyone else must be in scope.
        if (parsed.data !== request.principal.userId) await userInScope(db, request.scope, parsed.data);
        const row = await db.one<Stats>(COUNT_SQL(agents, acts), withRoles ? [parsed.data, ROLE_GROUPS.agent] : [parsed.data]);
        return ok<Stats>(row ?? ZERO_STATS);
      };

    /** Asked about oneself: the acting tenant's subtree; about someone else: their tenants' subtrees. */
    const tenantStats = statsFor(TENANT_AGENTS, TENANT_ACTIVITIES, true);
    const actingTenantStats = async (request: { params: { userId?: string }; principal: { userId: string }; scope: TenantScope }) => {
      if (request.params.userId !== request.principal.userId) return tenantStats(request);
      const row = await db.one<Stats>(COUNT_SQL(SCOPE_AGENTS, SCOPE_ACTIVITIES), [subtreePattern(request.scope), ROLE_GROUPS.agent]);
      return ok<Stats>(row ?? ZERO_STATS);
    };

    app.get(
      '/stats/agent/:userId',
      { config: READERS, schema: { tags, params, response: answers(statsSchema) } },
      statsFor(ONE_AGENT, AGENT_ACTIVITIES, false),
    );
    app.get('/stats/agent/', { config: READERS, schema: { tags, response: answers(statsSchema) } }, async () => ok<Stats>(ZERO_STATS));
    app.get(
      '/stats/team/:userId',
      { config: READERS, schema: { tags, params, response: answers(statsSchema) } },
      statsFor(TEAM_AGENTS, TEAM_ACTIVITIES, false),
    );
    app.get('/stats/team/', { config: READERS, schema: { tags, response: answers(statsSchema) } }, async () => ok<Stats>(ZERO_STATS));
    app.get('/stats/:userId', { config: READERS, schema: { tags, params, response: answers(statsSchema) } }, actingTenantStats);
    app.get('/stats/', { config: READERS, schema: { tags, response: answers(statsSchema) } }, async () => ok<Stats>(ZERO_STATS));
  };
