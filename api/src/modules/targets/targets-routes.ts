/**
 * Sales targets (SALES/TARGETS) of the acting tenant's subtree. A target is for one team or one user
 * of the subtree and belongs to that team's tenant or that user's home tenant. Every answer carries
 * `achieved` and `progress`, counted over the period in the acting tenant's days.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  targetDeleteSchema,
  targetListQuerySchema,
  targetSaveSchema,
  type Target,
  type TargetSave,
  targetSchema,
} from '@meridian/shared/contract/target';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { fieldError, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { withAchievement } from './target-achievement';
import { personName } from '../../db/person-name';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { answers, pagedAnswers } from '../../http/route-answers';
import { deletedCountSchema } from '@meridian/shared/contract/deletion';
import { allow } from '../../auth/allow';
import { targets } from '@meridian/shared/contract/areas/sales';

const TARGET_READERS = allow(targets, 'read');
const TARGET_CREATORS = allow(targets, 'create');
const TARGET_EDITORS = allow(targets, 'edit');
const idParams = z.object({ id: idSchema });

type StoredTarget = Omit<Target, 'achieved' | 'progress'>;

const COLUMNS = `st.id as "Id", st.name, st.metric, st.target_value as "targetValue",
  to_char(st.period_start, 'YYYY-MM-DD') as "periodStart", to_char(st.period_end, 'YYYY-MM-DD') as "periodEnd",
  st.team_id as "teamId", tm.name as "teamName", st.user_id as "userId", ${personName('u')} as "userFullName",
  st.tenant_id as "tenantId", tn.name as "tenantName", st.created_user_id as "createdUserId", st.date_created as "dateCreated", st.date_modified as "dateModified"`;
const FROM = `from sales_targets st join tenants tn on tn.id = st.tenant_id left join teams tm on tm.id = st.team_id left join users u on u.id = st.user_id`;
/** In the acting subtree (so not of a deleted tenant) and not deleted. */
const visible = (scope: TenantScope, p: SqlParams) => `${inScope('st.tenant_id', scope, p)} and st.deleted_at is null`;

async function visibleTarget(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const row = await q.one<StoredTarget>(`select ${COLUMNS} ${FROM} where st.id = $1 and ${visible(scope, p)}`, p.values);
  if (!row) throw notFound('Sales target');
  return row;
}

/** The tenant the target belongs to: its team's (a live team of the subtree) or its user's home tenant (a live user of the subtree). */
async function targetTenant(q: Queryable, scope: TenantScope, input: TargetSave): Promise<string> {
  if (input.teamId) {
    const p = sqlParams([input.teamId]);
    const team = await q.one<{ tenant_id: string }>(
      `select tm.tenant_id from teams tm where tm.id = $1 and tm.deleted_at is null and ${inScope('tm.tenant_id', scope, p)}`,
      p.values,
    );
    if (!team) throw fieldError('teamId', 'Choose a team inside the tenant you are acting for.');
    return team.tenant_id;
  }
  const p = sqlParams([input.userId]);
  const user = await q.one<{ tenant_id: string }>(
    `select u.tenant_id from users u where u.id = $1 and u.deleted_at is null and ${inScope('u.tenant_id', scope, p)}`,
    p.values,
  );
  if (!user) throw fieldError('userId', 'Choose a user inside the tenant you are acting for.');
  return user.tenant_id;
}

const targetValues = (input: TargetSave) => [
  input.name,
  input.metric,
  input.targetValue,
  input.periodStart,
  input.periodEnd,
  input.teamId ?? null,
  input.userId ?? null,
];

export const targetsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['targets'];

    /** One target with what it has achieved, as the acting tenant counts days. */
    const answer = async (scope: TenantScope, id: string) => {
      const [target] = await withAchievement(db, [await visibleTarget(db, scope, id)], await tenantTimeZone(db, scope.tenantId));
      return target!;
    };

    app.get(
      '/targets',
      { config: TARGET_READERS, schema: { tags, querystring: targetListQuerySchema, response: pagedAnswers(targetSchema) } },
      async (request) => {
        const query = request.query;
        const page = pageSql(
          query,
          {
            fields: {
              name: 'st.name',
              metric: 'st.metric',
              targetValue: 'st.target_value',
              periodStart: 'st.period_start',
              periodEnd: 'st.period_end',
              teamName: `coalesce(tm.name, '')`,
              userFullName: `coalesce(u.first_name || ' ' || u.last_name, '')`,
              tenantName: 'tn.name',
              dateCreated: 'st.date_created',
            },
            defaultField: 'dateCreated',
            defaultOrder: 'DESC',
            tieBreaker: 'st.id',
          },
          ctx.config.maxPageSize,
        );
        const p = sqlParams();
        let where = visible(request.scope, p);
        const narrow = (condition: (param: string) => string, value: unknown) => {
          where += ` and ${condition(p.add(value))}`;
        };
        // A period filter keeps the targets whose period overlaps it.
        if (query.periodFrom) narrow((p) => `st.period_end >= ${p}::date`, query.periodFrom);
        if (query.periodTo) narrow((p) => `st.period_start <= ${p}::date`, query.periodTo);
        if (query.teamId) narrow((p) => `st.team_id = ${p}`, query.teamId);
        if (query.userId) narrow((p) => `st.user_id = ${p}`, query.userId);
        if (query.metric) narrow((p) => `st.metric = ${p}`, query.metric);
        if (page.searchPattern) {
          narrow(
            (p) =>
              `upper(st.name || ' ' || coalesce(tm.name, '') || ' ' || coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like ${p}`,
            page.searchPattern,
          );
        }
        const { rows, paging } = await pagedQuery<StoredTarget>(
          db,
          { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values },
          page,
        );
        return paged(await withAchievement(db, rows, await tenantTimeZone(db, request.scope.tenantId)), paging);
      },
    );

    app.get(
      '/targets/:id',
      { config: TARGET_READERS, schema: { tags, params: idParams, response: answers(targetSchema) } },
      async (request) => ok(await answer(request.scope, request.params.id)),
    );

    app.post(
      '/targets',
      { config: TARGET_CREATORS, schema: { tags, body: targetSaveSchema, response: answers(targetSchema, { status: 201 }) } },
      async (request, reply) => {
        const input = request.body;
        const id = await db.tx(async (q) => {
          const tenantId = await targetTenant(q, request.scope, input);
          const row = await q.one<{ id: string }>(
            `insert into sales_targets (tenant_id, name, metric, target_value, period_start, period_end, team_id, user_id, created_user_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
            [tenantId, ...targetValues(input), request.principal.userId],
          );
          return row!.id;
        });
        reply.status(201);
        return ok(await answer(request.scope, id), 'Sales target created.');
      },
    );

    app.put(
      '/targets/:id',
      { config: TARGET_EDITORS, schema: { tags, params: idParams, body: targetSaveSchema, response: answers(targetSchema) } },
      async (request) => {
        const input = request.body;
        await db.tx(async (q) => {
          const target = await visibleTarget(q, request.scope, request.params.id);
          const tenantId = await targetTenant(q, request.scope, input);
          await q.query(
            `update sales_targets set tenant_id = $2, name = $3, metric = $4, target_value = $5, period_start = $6, period_end = $7, team_id = $8, user_id = $9,
           date_modified = now() where id = $1`,
            [target.Id, tenantId, ...targetValues(input)],
          );
        });
        return ok(await answer(request.scope, request.params.id), 'Sales target saved.');
      },
    );

    app.post(
      '/targets/delete',
      { config: TARGET_EDITORS, schema: { tags, body: targetDeleteSchema, response: answers(deletedCountSchema) } },
      async (request) => {
        const ids = [...new Set(request.body.ids)];
        const deleted = await db.tx(async (q) => {
          const p = sqlParams([ids]);
          const shown = await q.query<{ id: string }>(
            `select st.id ${FROM} where st.id = any($1::uuid[]) and ${visible(request.scope, p)}`,
            p.values,
          );
          const found = new Set(shown.map((r) => r.id));
          const outside = ids.find((id) => !found.has(id));
          if (outside) throw notFound(`Sales target ${outside}`);
          await q.query(`update sales_targets set deleted_at = now(), date_modified = now() where id = any($1::uuid[])`, [ids]);
          return ids.length;
        });
        return ok({ deleted }, `${deleted} target(s) deleted.`);
      },
    );
  };
