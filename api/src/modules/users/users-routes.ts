/** User administration calls of the sales document (Users), scoped to the acting tenant's subtree. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import {
  tourSchema,
  undeleteSchema,
  userCreateSchema,
  userExistSchema,
  userIdsSchema,
  userListQuerySchema,
  userUpdateSchema,
  restoredCountSchema,
  userContactSchema,
  userExistAnswerSchema,
  userListItemSchema,
  userSchema,
  userWithHighLevelTenantsSchema,
} from '@meridian/shared/contract/user';
import { can } from '@meridian/shared/contract/access';
import { ROLE_GROUPS } from '@meridian/shared/contract/roles';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { mayActIn } from '../../auth/principal';
import { requireScope } from '../../auth/guard';
import { badRequest, fieldError, forbidden, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { tenantInScope, userInScope, usersOutsideScope } from '../../tenancy/scope';
import { companyOf } from '../../tenancy/company-of';
import { inScope, pathWithin } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';
import { listUsers } from './user-list';
import { loadUser } from './user-read';
import { assertUnique, findExisting, insertUser, updateUser } from './user-write';
import { assertGrantablePermissions, assertGrantableRoles, assertTenantsInScope } from './assignments';
import { assertMayActOnUsers } from './user-rank';
import { revokeAllSessions } from '../auth/sessions';
import { mailResetLink, mailVerificationLink } from '../auth/user-tokens';
import { setPassword } from '../auth/credentials';
import { answers, pagedAnswers } from '../../http/route-answers';
import { deletedCountSchema } from '@meridian/shared/contract/deletion';
import { allow } from '../../auth/allow';
import { users } from '@meridian/shared/contract/areas/admin';

const ADMIN_USERS = allow(users, 'read');
const DELETE_USERS = allow(users, 'delete');
/** People who pick agents (assigning activities, building teams, routing leads). */
const PICK_AGENTS = allow(users, 'pickAgents');
const PROFILE_FIELDS = new Set(['firstName', 'lastName', 'mobile', 'selectedTenant']);

const idParams = z.object({ id: idSchema });

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['users'];

    app.get(
      '/users',
      { config: ADMIN_USERS, schema: { tags, querystring: userListQuerySchema, response: pagedAnswers(userListItemSchema) } },
      async (request) => {
        const query = request.query;
        const subtreePath = query.tenantId ? (await tenantInScope(db, request.scope, query.tenantId)).path : request.scope.path;
        const { rows, paging } = await listUsers(db, { subtreePath, deleted: false, roleName: query.roleName }, query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/users/deleted',
      { config: ADMIN_USERS, schema: { tags, querystring: userListQuerySchema, response: pagedAnswers(userListItemSchema) } },
      async (request) => {
        const query = { ...request.query, sortField: request.query.sortField ?? 'dateDeleted' };
        const subtreePath = query.tenantId ? (await tenantInScope(db, request.scope, query.tenantId)).path : request.scope.path;
        const { rows, paging } = await listUsers(db, { subtreePath, deleted: true, roleName: query.roleName }, query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/users/me/:id',
      { config: { tenantFree: true, duringPasswordChange: true }, schema: { tags, params: idParams, response: answers(userSchema) } },
      async (request) => {
        if (request.params.id !== request.principal.userId) throw forbidden();
        return ok(await loadUser(db, request.principal.userId));
      },
    );

    app.get('/users/:id', { config: ADMIN_USERS, schema: { tags, params: idParams, response: answers(userSchema) } }, async (request) => {
      await userInScope(db, request.scope, request.params.id, { includeDeleted: true });
      return ok(await loadUser(db, request.params.id));
    });

    app.get(
      '/users/detailswithhighleveltenants/:id',
      { config: ADMIN_USERS, schema: { tags, params: idParams, response: answers(userWithHighLevelTenantsSchema) } },
      async (request) => {
        await userInScope(db, request.scope, request.params.id);
        const [user, highLevelTenants] = await Promise.all([
          loadUser(db, request.params.id),
          db.query(
            `select distinct a.id as "Id", a.name, a.parent_id as "parentId", a.type, a.short_code as "shortCode"
         from user_tenants ut join tenants t on t.id = ut.tenant_id join tenants a on ${pathWithin('t.path', 'a.path')}
         where ut.user_id = $1 and a.deleted_at is null order by a.type, a.name`,
            [request.params.id],
          ),
        ]);
        return ok({ ...user!, highLevelTenants });
      },
    );

    app.get(
      '/users/bytenantid/:id',
      {
        config: PICK_AGENTS,
        schema: { tags, params: idParams, querystring: pagingQuerySchema, response: pagedAnswers(userListItemSchema) },
      },
      async (request) => {
        const tenant = await tenantInScope(db, request.scope, request.params.id);
        const { rows, paging } = await listUsers(db, { subtreePath: tenant.path, deleted: false }, request.query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/users/getagentscte/:id',
      {
        config: PICK_AGENTS,
        schema: { tags, params: idParams, querystring: pagingQuerySchema, response: pagedAnswers(userListItemSchema) },
      },
      async (request) => {
        const tenant = await tenantInScope(db, request.scope, request.params.id);
        const { rows, paging } = await listUsers(
          db,
          { subtreePath: tenant.path, deleted: false, roleNames: ROLE_GROUPS.agent },
          request.query,
          config.maxPageSize,
        );
        return paged(rows, paging);
      },
    );

    app.get(
      '/users/by-team-id/:id',
      {
        config: PICK_AGENTS,
        schema: { tags, params: idParams, querystring: pagingQuerySchema, response: pagedAnswers(userListItemSchema) },
      },
      async (request) => {
        const p = sqlParams([request.params.id]);
        const team = await db.one(
          `select tm.id from teams tm where tm.id = $1 and tm.deleted_at is null and ${inScope('tm.tenant_id', request.scope, p)}`,
          p.values,
        );
        if (!team) throw notFound('Team');
        const { rows, paging } = await listUsers(
          db,
          { subtreePath: request.scope.path, deleted: false, teamId: request.params.id },
          request.query,
          config.maxPageSize,
        );
        return paged(rows, paging);
      },
    );

    app.get(
      '/users/list/:ids',
      {
        config: PICK_AGENTS,
        schema: { tags, params: z.object({ ids: z.string().max(37 * 500) }), response: answers(z.array(userContactSchema)) },
      },
      async (request) => {
        const ids = request.params.ids
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const parsed = z.array(idSchema).max(500).safeParse(ids);
        if (!parsed.success) throw fieldError('ids', 'Give user ids (UUIDs) separated by commas.');
        const p = sqlParams([parsed.data]);
        const rows = await db.query(
          `select u.id as "Id", u.first_name as "firstName", u.last_name as "lastName", u.user_name as "userName", u.email_address as "emailAddress", u.mobile
       from users u where u.id = any($1::uuid[]) and ${inScope('u.tenant_id', request.scope, p)} and u.deleted_at is null order by u.first_name, u.last_name`,
          p.values,
        );
        return ok(rows);
      },
    );

    app.get(
      '/users/by-email/:email',
      { config: ADMIN_USERS, schema: { tags, params: z.object({ email: z.string().max(254) }), response: answers(userSchema) } },
      async (request) => {
        const p = sqlParams([request.params.email.trim()]);
        const row = await db.one<{ id: string }>(
          `select u.id from users u where lower(u.email_address) = lower($1) and ${inScope('u.tenant_id', request.scope, p)} and u.deleted_at is null`,
          p.values,
        );
        if (!row) throw notFound('User');
        return ok(await loadUser(db, row.id));
      },
    );

    app.post(
      '/users/exist',
      { config: ADMIN_USERS, schema: { tags, body: userExistSchema, response: answers(userExistAnswerSchema) } },
      async (request) => {
        const { path: companyPath } = await companyOf(db, request.scope.tenantId);
        return ok(await findExisting(db, request.body, { companyPath, excludeId: request.body.excludeId }));
      },
    );

    app.post(
      '/users',
      { config: ADMIN_USERS, schema: { tags, body: userCreateSchema, response: answers(userSchema, { status: 201 }) } },
      async (request, reply) => {
        const input = request.body;
        const id = await db.tx(async (q) => {
          await assertTenantsInScope(q, request.scope, input.tenantIds);
          await assertGrantableRoles(q, request.principal, request.scope, input.roleIds);
          await assertGrantablePermissions(q, request.principal, input.permissionIds ?? []);
          await assertUnique(q, input, { companyPath: (await companyOf(q, input.tenantIds[0]!)).path });
          const userId = await insertUser(q, input);
          const mailTo = { id: userId, email: input.emailAddress, firstName: input.firstName };
          if (input.password) await setPassword(q, userId, input.password, { changedByUserId: request.principal.userId, expire: false });
          else await mailResetLink(ctx, q, mailTo);
          await mailVerificationLink(ctx, q, mailTo);
          return userId;
        });
        ctx.mailer.kick();
        reply.status(201);
        return ok(await loadUser(db, id), 'User created.');
      },
    );

    app.put(
      '/users/:id',
      { config: { tenantFree: true }, schema: { tags, params: idParams, body: userUpdateSchema, response: answers(userSchema) } },
      async (request) => {
        const { id } = request.params;
        const input = request.body;
        const principal = request.principal;
        const profileOnly = Object.keys(input).every((k) => PROFILE_FIELDS.has(k));
        const selfEdit = id === principal.userId && profileOnly;
        if (!selfEdit && !can(principal, ADMIN_USERS.permissions)) throw forbidden();
        await db.tx(async (q) => {
          if (!selfEdit) {
            // Administrative edits act for the x-tenant-id tenant, like every other admin call.
            const scope = requireScope(request);
            await userInScope(q, scope, id);
            await assertMayActOnUsers(q, principal, [id]);
            if (input.tenantIds) await assertTenantsInScope(q, scope, input.tenantIds);
            if (input.roleIds) await assertGrantableRoles(q, principal, scope, input.roleIds);
            if (input.permissionIds) await assertGrantablePermissions(q, principal, input.permissionIds);
          }
          if (input.selectedTenant) {
            const tenant = await q.one<{ path: string }>(`select path from tenants where id = $1 and deleted_at is null`, [
              input.selectedTenant,
            ]);
            if (!tenant || !mayActIn(principal, tenant.path)) throw fieldError('selectedTenant', 'You may not act for this tenant.');
          }
          const homeTenant = await q.one<{ tenant_id: string }>(`select tenant_id from users where id = $1`, [id]);
          if (!homeTenant) throw notFound('User');
          await assertUnique(q, input, {
            companyPath: (await companyOf(q, input.tenantIds?.[0] ?? homeTenant.tenant_id)).path,
            excludeId: id,
          });
          await updateUser(q, id, input);
        });
        if (!selfEdit) ctx.principals.invalidate();
        return ok(await loadUser(db, id), 'User saved.');
      },
    );

    app.delete(
      '/users/delete',
      { config: DELETE_USERS, schema: { tags, body: userIdsSchema, response: answers(deletedCountSchema) } },
      async (request) => {
        const { userIds } = request.body;
        if (userIds.includes(request.principal.userId))
          throw badRequest('You cannot delete yourself.', { userIds: ['You cannot delete yourself.'] });
        const outside = await usersOutsideScope(db, request.scope, userIds);
        if (outside.length) throw notFound(`User ${outside[0]}`);
        const deleted = await db.tx(async (q) => {
          await assertMayActOnUsers(q, request.principal, userIds);
          const rows = await q.query<{ id: string }>(
            `update users set deleted_at = now(), date_modified = now() where id = any($1::uuid[]) and deleted_at is null returning id`,
            [userIds],
          );
          for (const row of rows) await revokeAllSessions(ctx, q, row.id, 'user deleted');
          return rows.length;
        });
        return ok({ deleted }, `${deleted} user(s) deleted.`);
      },
    );

    app.post(
      '/users/undelete',
      { config: DELETE_USERS, schema: { tags, body: undeleteSchema, response: answers(restoredCountSchema) } },
      async (request) => {
        const { userIds } = request.body.data;
        const outside = await usersOutsideScope(db, request.scope, userIds, { includeDeleted: true });
        if (outside.length) throw notFound(`User ${outside[0]}`);
        await assertMayActOnUsers(db, request.principal, userIds);
        const rows = await db.query(
          `update users set deleted_at = null, date_modified = now() where id = any($1::uuid[]) and deleted_at is not null returning id`,
          [userIds],
        );
        return ok({ restored: rows.length }, `${rows.length} user(s) restored.`);
      },
    );

    app.post(
      '/users/tour',
      { config: { tenantFree: true }, schema: { tags, body: tourSchema, response: answers(userSchema) } },
      async (request) => {
        await db.query(`update users set tours = case when tours ? $2 then tours else tours || to_jsonb($2::text) end where id = $1`, [
          request.principal.userId,
          request.body.tour,
        ]);
        return ok(await loadUser(db, request.principal.userId), 'Tour recorded.');
      },
    );
  };
