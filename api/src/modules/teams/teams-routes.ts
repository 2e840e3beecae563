/**
 * Sales teams (SALES/TEAMS) of the acting tenant's subtree: a leader and members, all live users of
 * the subtree. Names are unique among a tenant's live teams; deleting is soft. The id-and-name lists
 * also serve target planners (SALES/TARGETS), and a caller's own teams any field agent (MYWORK).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import {
  TEAM_TYPES,
  teamDeleteSchema,
  teamListQuerySchema,
  teamSaveSchema,
  teamsByUserQuerySchema,
  teamsByUserSimpleQuerySchema,
  type IdName,
  type Team,
  type TeamListItem,
  type TeamPerson,
  type TeamSave,
  idNameSchema,
  teamListItemSchema,
  teamSchema,
  teamTypesSchema,
} from '@meridian/shared/contract/team';
import { nameTakenMessage } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { userInScope } from '../../tenancy/scope';
import { inScope } from '../../tenancy/subtree';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { owningTenant } from '../../tenancy/tenant-owned';
import { personName } from '../../db/person-name';
import { answers, pagedAnswers } from '../../http/route-answers';
import { deletedCountSchema } from '@meridian/shared/contract/deletion';
import { allow } from '../../auth/allow';
import { teams } from '@meridian/shared/contract/areas/sales';

const TEAM_READERS = allow(teams, 'read');
const TEAM_CREATORS = allow(teams, 'create');
const TEAM_EDITORS = allow(teams, 'edit');
/** The list and the id-and-name pickers: team administrators and target planners (who choose a team). */
const TEAM_PICKERS = allow(teams, 'pick');
/** The caller's own teams. */
const OWN_TEAMS = allow(teams, 'readOwn');
const idParams = z.object({ id: idSchema });
const MEMBER_OUTSIDE_SCOPE = 'Choose members inside the tenant you are acting for.';
const LEADER_OUTSIDE_SCOPE = 'Choose a leader inside the tenant you are acting for.';

const COLUMNS = `tm.id as "Id", tm.name, tm.team_type as "teamType", tm.tenant_id as "tenantId", tn.name as "tenantName",
  tm.leader_user_id as "leaderUserId", ${personName('ld')} as "leaderName",
  (select count(*) from team_members m join users mu on mu.id = m.user_id where m.team_id = tm.id and mu.deleted_at is null)::int as "memberCount",
  tm.date_created as "dateCreated"`;
const FROM = `from teams tm join tenants tn on tn.id = tm.tenant_id left join users ld on ld.id = tm.leader_user_id`;
/** In the acting subtree (so not of a deleted tenant) and not deleted. */
const visible = (scope: TenantScope, p: SqlParams) => `${inScope('tm.tenant_id', scope, p)} and tm.deleted_at is null`;
const SORT: SortSpec = {
  fields: {
    name: 'tm.name',
    teamType: 'tm.team_type',
    tenantName: 'tn.name',
    leaderName: `coalesce(ld.first_name || ' ' || ld.last_name, '')`,
    dateCreated: 'tm.date_created',
  },
  defaultField: 'name',
  defaultOrder: 'ASC',
  tieBreaker: 'tm.id',
};
/** Teams the user (a placeholder) leads or belongs to. */
const LED_OR_JOINED = (user: string) =>
  `(tm.leader_user_id = ${user} or exists (select 1 from team_members m where m.team_id = tm.id and m.user_id = ${user}))`;
const PERSON_COLUMNS = `u.id as "Id", u.first_name as "firstName", u.last_name as "lastName", u.user_name as "userName", u.email_address as "emailAddress"`;

async function visibleTeam(q: Queryable, scope: TenantScope, id: string): Promise<Team> {
  const p = sqlParams([id]);
  const team = await q.one<TeamListItem>(`select ${COLUMNS} ${FROM} where tm.id = $1 and ${visible(scope, p)}`, p.values);
  if (!team) throw notFound('Team');
  const people = await q.query<TeamPerson & { member: boolean }>(
    `select ${PERSON_COLUMNS}, exists (select 1 from team_members m where m.team_id = $1 and m.user_id = u.id) as member
     from users u where u.deleted_at is null and (u.id = $2 or u.id in (select user_id from team_members where team_id = $1))
     order by u.first_name, u.last_name, u.id`,
    [team.Id, team.leaderUserId],
  );
  const person = ({ member: _member, ...p }: TeamPerson & { member: boolean }): TeamPerson => p;
  const members = people.filter((p) => p.member).map(person);
  const leader = people.find((p) => p.Id === team.leaderUserId);
  return { ...team, leader: leader ? person(leader) : null, members, teamMembers: members.map((m) => m.Id) };
}

/** The leader and members must be live users of the acting subtree (400 naming the field otherwise). */
async function assertPeopleInScope(q: Queryable, scope: TenantScope, input: TeamSave) {
  const ids = [...new Set([...(input.leaderUserId ? [input.leaderUserId] : []), ...input.teamMembers])];
  const p = sqlParams([ids]);
  const inside = await q.query<{ id: string }>(
    `select u.id from users u where u.id = any($1::uuid[]) and ${inScope('u.tenant_id', scope, p)} and u.deleted_at is null`,
    p.values,
  );
  const found = new Set(inside.map((r) => r.id));
  if (input.leaderUserId && !found.has(input.leaderUserId)) throw fieldError('leaderUserId', LEADER_OUTSIDE_SCOPE);
  if (input.teamMembers.some((id) => !found.has(id))) throw fieldError('teamMembers', MEMBER_OUTSIDE_SCOPE);
}

async function assertTeamNameFree(q: Queryable, tenantId: string, name: string, exceptId?: string) {
  const taken = await q.one(
    `select 1 from teams where tenant_id = $1 and lower(name) = lower($2) and deleted_at is null and ($3::uuid is null or id <> $3)`,
    [tenantId, name, exceptId ?? null],
  );
  if (taken) {
    const message = nameTakenMessage('team');
    throw conflict(message, { name: [message] });
  }
}

async function replaceMembers(q: Queryable, teamId: string, memberIds: readonly string[]) {
  await q.query(`delete from team_members where team_id = $1`, [teamId]);
  await q.query(`insert into team_members (team_id, user_id) select $1, x from unnest($2::uuid[]) x`, [teamId, memberIds]);
}

export const teamsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['teams'];

    /** A page of the subtree's teams, of one type or of the teams a user leads or belongs to when asked. */
    const listTeams = async (
      scope: TenantScope,
      query: z.infer<typeof pagingQuerySchema>,
      filter: { teamType?: string; ledOrJoinedBy?: string } = {},
    ) => {
      const page = pageSql(query, SORT, ctx.config.maxPageSize);
      const p = sqlParams();
      let where = visible(scope, p);
      if (filter.teamType) {
        where += ` and tm.team_type = ${p.add(filter.teamType)}`;
      }
      if (filter.ledOrJoinedBy) where += ` and ${LED_OR_JOINED(p.add(filter.ledOrJoinedBy))}`;
      if (page.searchPattern) {
        where += ` and upper(tm.name || ' ' || tn.name || ' ' || coalesce(ld.first_name, '') || ' ' || coalesce(ld.last_name, '')) like ${p.add(page.searchPattern)}`;
      }
      return pagedQuery<TeamListItem>(db, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
    };

    /** Id-and-name list of the subtree's teams the user leads or belongs to. */
    const simpleTeamsOf = (scope: TenantScope, userId: string) => {
      const p = sqlParams([userId]);
      return db.query<IdName>(
        `select tm.id as "Id", tm.name ${FROM} where ${visible(scope, p)} and ${LED_OR_JOINED('$1')} order by tm.name, tm.id`,
        p.values,
      );
    };

    app.get(
      '/teams',
      { config: TEAM_PICKERS, schema: { tags, querystring: teamListQuerySchema, response: pagedAnswers(teamListItemSchema) } },
      async (request) => {
        const { teamType, ...query } = request.query;
        const { rows, paging } = await listTeams(request.scope, query, { teamType });
        return paged(rows, paging);
      },
    );

    app.get('/teams/teamtypes', { config: TEAM_PICKERS, schema: { tags, response: answers(teamTypesSchema) } }, async () => ok(TEAM_TYPES));

    app.get(
      '/teams/agent-teams',
      { config: OWN_TEAMS, schema: { tags, querystring: pagingQuerySchema, response: pagedAnswers(teamListItemSchema) } },
      async (request) => {
        const { rows, paging } = await listTeams(request.scope, request.query, { ledOrJoinedBy: request.principal.userId });
        return paged(rows, paging);
      },
    );

    app.get(
      '/teams/by-user',
      { config: TEAM_READERS, schema: { tags, querystring: teamsByUserQuerySchema, response: pagedAnswers(teamListItemSchema) } },
      async (request) => {
        const { userId, ...query } = request.query;
        await userInScope(db, request.scope, userId);
        const { rows, paging } = await listTeams(request.scope, query, { ledOrJoinedBy: userId });
        return paged(rows, paging);
      },
    );

    app.get(
      '/teams/by-user-simple',
      { config: TEAM_PICKERS, schema: { tags, querystring: teamsByUserSimpleQuerySchema, response: answers(z.array(idNameSchema)) } },
      async (request) => {
        const userId = request.query.userId ?? request.principal.userId;
        if (userId !== request.principal.userId) await userInScope(db, request.scope, userId);
        return ok(await simpleTeamsOf(request.scope, userId));
      },
    );

    /** The team's members, by id and name. */
    app.get(
      '/teams/by-team-simple/:id',
      { config: TEAM_PICKERS, schema: { tags, params: idParams, response: answers(z.array(idNameSchema)) } },
      async (request) => {
        const team = await visibleTeam(db, request.scope, request.params.id);
        return ok<IdName[]>(team.members.map((m) => ({ Id: m.Id, name: `${m.firstName} ${m.lastName}` })));
      },
    );

    /** The team a sales target is set for, or the teams of the user it is set for, by id and name. */
    app.get(
      '/teams/by-sales-target-simple/:id',
      { config: TEAM_PICKERS, schema: { tags, params: idParams, response: answers(z.array(idNameSchema)) } },
      async (request) => {
        const p = sqlParams([request.params.id]);
        const target = await db.one<{ team_id: string | null; user_id: string | null }>(
          `select st.team_id, st.user_id from sales_targets st where st.id = $1 and ${inScope('st.tenant_id', request.scope, p)} and st.deleted_at is null`,
          p.values,
        );
        if (!target) throw notFound('Sales target');
        if (target.user_id) return ok(await simpleTeamsOf(request.scope, target.user_id));
        const team = sqlParams([target.team_id]);
        return ok(
          await db.query<IdName>(`select tm.id as "Id", tm.name ${FROM} where ${visible(request.scope, team)} and tm.id = $1`, team.values),
        );
      },
    );

    app.get('/teams/:id', { config: TEAM_READERS, schema: { tags, params: idParams, response: answers(teamSchema) } }, async (request) =>
      ok(await visibleTeam(db, request.scope, request.params.id)),
    );

    app.post(
      '/teams',
      { config: TEAM_CREATORS, schema: { tags, body: teamSaveSchema, response: answers(teamSchema, { status: 201 }) } },
      async (request, reply) => {
        const input = request.body;
        const id = await db.tx(async (q) => {
          const tenantId = await owningTenant(q, request.scope, input.tenantId);
          await assertPeopleInScope(q, request.scope, input);
          await assertTeamNameFree(q, tenantId, input.name);
          const row = await q.one<{ id: string }>(
            `insert into teams (tenant_id, name, team_type, leader_user_id) values ($1, $2, $3, $4) returning id`,
            [tenantId, input.name, input.teamType, input.leaderUserId ?? null],
          );
          await replaceMembers(q, row!.id, input.teamMembers);
          return row!.id;
        });
        reply.status(201);
        return ok(await visibleTeam(db, request.scope, id), 'Team created.');
      },
    );

    app.put(
      '/teams/:id',
      { config: TEAM_EDITORS, schema: { tags, params: idParams, body: teamSaveSchema, response: answers(teamSchema) } },
      async (request) => {
        const input = request.body;
        await db.tx(async (q) => {
          const team = await visibleTeam(q, request.scope, request.params.id);
          const tenantId = await owningTenant(q, request.scope, input.tenantId, team.tenantId);
          await assertPeopleInScope(q, request.scope, input);
          await assertTeamNameFree(q, tenantId, input.name, team.Id);
          await q.query(`update teams set tenant_id = $2, name = $3, team_type = $4, leader_user_id = $5 where id = $1`, [
            team.Id,
            tenantId,
            input.name,
            input.teamType,
            input.leaderUserId ?? null,
          ]);
          await replaceMembers(q, team.Id, input.teamMembers);
        });
        return ok(await visibleTeam(db, request.scope, request.params.id), 'Team saved.');
      },
    );

    app.delete(
      '/teams/delete',
      { config: TEAM_EDITORS, schema: { tags, body: teamDeleteSchema, response: answers(deletedCountSchema) } },
      async (request) => {
        const ids = [...new Set(request.body.salesTeams)];
        const deleted = await db.tx(async (q) => {
          const p = sqlParams([ids]);
          const shown = await q.query<{ id: string }>(
            `select tm.id ${FROM} where tm.id = any($1::uuid[]) and ${visible(request.scope, p)}`,
            p.values,
          );
          const found = new Set(shown.map((r) => r.id));
          const outside = ids.find((id) => !found.has(id));
          if (outside) throw notFound(`Team ${outside}`);
          await q.query(`update teams set deleted_at = now() where id = any($1::uuid[])`, [ids]);
          return ids.length;
        });
        return ok({ deleted }, `${deleted} team(s) deleted.`);
      },
    );
  };
