/** Roles (CRUD, per user), permissions and role groups. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import {
  roleSaveSchema,
  type Role,
  heldPermissionSchema,
  permissionSchema,
  roleGroupsSchema,
  roleSchema,
} from '@meridian/shared/contract/role';
import { ROLE_GROUPS } from '@meridian/shared/contract/roles';
import { can } from '@meridian/shared/contract/access';
import { MESSAGES } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { requireScope } from '../../auth/guard';
import type { Principal, TenantScope } from '../../auth/principal';
import { roleChangeRefusal, roleOwnedInSubtreeSql, roleVisibleSql } from './role-visibility';
import type { Queryable } from '../../db/database';
import { conflict, forbidden, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { userInScope } from '../../tenancy/scope';
import { assertGrantablePermissions } from '../users/assignments';
import { answers, pagedAnswers } from '../../http/route-answers';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { allow, grantsOf } from '../../auth/allow';
import { roles, users } from '@meridian/shared/contract/areas/admin';

const ROLE_ADMINS = allow(roles, 'read');
const ROLE_READERS = allow(roles, 'readForUsers');
const idParams = z.object({ id: idSchema });

/** Role columns; `ownedInScope` tells whether the role belongs inside the subtree whose path is parameter $n. */
const roleColumns = (
  pathParam: number | null,
) => `r.id as "Id", r.name, r.description, r.system_role as "systemRole", r.tenant_id as "tenantId", r.date_created as "dateCreated",
  (select coalesce(json_agg(json_build_object('Id', p.id, 'hierarchy', p.hierarchy) order by p.hierarchy), '[]')
     from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = r.id) as permissions,
  (select count(*)::int from user_roles ur join users u on u.id = ur.user_id where ur.role_id = r.id and u.deleted_at is null) as "userCount",
  ${pathParam === null ? 'false' : roleOwnedInSubtreeSql(pathParam)} as "ownedInScope"`;

type RoleRow = Omit<Role, 'editable'> & { ownedInScope: boolean };

/** The answer's `editable` says whether this caller may change the role, so the screen shows it read-only otherwise. */
const asRole =
  (principal: Principal) =>
  ({ ownedInScope, ...role }: RoleRow): Role & { ownedInScope: boolean } => ({
    ...role,
    ownedInScope,
    editable: roleChangeRefusal(principal, { ...role, ownedInScope }) === null,
  });

const withoutOwnership = ({ ownedInScope: _owned, ...role }: Role & { ownedInScope: boolean }): Role => role;

async function visibleRole(q: Queryable, principal: Principal, scope: TenantScope, id: string) {
  const row = await q.one<RoleRow>(`select ${roleColumns(1)} from roles r where r.id = $2 and ${roleVisibleSql(1)}`, [scope.path, id]);
  if (!row) throw notFound('Role');
  return asRole(principal)(row);
}

const REFUSALS = {
  system: MESSAGES.systemRoleReadOnly,
  'owned-above': MESSAGES.roleOwnedAbove,
  outranks: MESSAGES.roleOutranksYou,
} as const;

function assertChangeable(principal: Principal, role: Role & { ownedInScope: boolean }) {
  const refusal = roleChangeRefusal(principal, role);
  if (refusal) throw forbidden(REFUSALS[refusal]);
}

export const rolesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['roles'];

    app.get(
      '/roles',
      { config: ROLE_READERS, schema: { tags, querystring: pagingQuerySchema, response: pagedAnswers(roleSchema) } },
      async (request) => {
        const page = pageSql(
          request.query,
          {
            fields: { name: 'r.name', dateCreated: 'r.date_created' },
            defaultField: 'name',
            defaultOrder: 'ASC',
            tieBreaker: 'r.id',
          },
          ctx.config.maxPageSize,
        );
        const params: unknown[] = [request.scope.path];
        let where = roleVisibleSql(1);
        if (page.searchPattern) {
          params.push(page.searchPattern);
          where += ` and upper(r.name) like $${params.length}`;
        }
        const { rows, paging } = await pagedQuery<RoleRow>(
          db,
          { select: roleColumns(1), from: `from roles r where ${where}`, params },
          page,
        );
        return paged(rows.map(asRole(request.principal)).map(withoutOwnership), paging);
      },
    );

    app.get('/roles/groups', { config: ROLE_READERS, schema: { tags, response: answers(roleGroupsSchema) } }, async () => ok(ROLE_GROUPS));

    app.get(
      '/roles/users/:userId',
      { config: { tenantFree: true }, schema: { tags, params: z.object({ userId: idSchema }), response: answers(z.array(roleSchema)) } },
      async (request) => {
        const { userId } = request.params;
        if (userId !== request.principal.userId) {
          if (!can(request.principal, grantsOf(roles, 'readForUsers'))) throw forbidden();
          await userInScope(db, requireScope(request), userId);
        }
        const scope = userId === request.principal.userId ? null : requireScope(request);
        const rows = await db.query<RoleRow>(
          `select ${roleColumns(scope ? 2 : null)} from roles r join user_roles ur on ur.role_id = r.id where ur.user_id = $1 order by r.name`,
          scope ? [userId, scope.path] : [userId],
        );
        return ok(rows.map(asRole(request.principal)).map(withoutOwnership));
      },
    );

    app.get('/roles/:id', { config: ROLE_READERS, schema: { tags, params: idParams, response: answers(roleSchema) } }, async (request) =>
      ok(withoutOwnership(await visibleRole(db, request.principal, request.scope, request.params.id))),
    );

    app.post(
      '/roles',
      { config: ROLE_ADMINS, schema: { tags, body: roleSaveSchema, response: answers(roleSchema, { status: 201 }) } },
      async (request, reply) => {
        const input = request.body;
        const id = await db.tx(async (q) => {
          await assertGrantablePermissions(q, request.principal, input.permissionIds);
          await assertRoleNameFree(q, request.principal.isGlobalAdmin ? null : request.scope, input.name);
          // A global administrator's roles are system-wide; anyone else's belong to the tenant they act for.
          const tenantId = request.principal.isGlobalAdmin ? null : request.scope.tenantId;
          const row = await q.one<{ id: string }>(
            `insert into roles (name, description, system_role, tenant_id) values ($1, $2, false, $3) returning id`,
            [input.name, input.description ?? null, tenantId],
          );
          await setRolePermissions(q, row!.id, input.permissionIds);
          return row!.id;
        });
        reply.status(201);
        return ok(withoutOwnership(await visibleRole(db, request.principal, request.scope, id)), 'Role created.');
      },
    );

    app.put(
      '/roles/:id',
      { config: ROLE_ADMINS, schema: { tags, params: idParams, body: roleSaveSchema, response: answers(roleSchema) } },
      async (request) => {
        const input = request.body;
        await db.tx(async (q) => {
          const role = await visibleRole(q, request.principal, request.scope, request.params.id);
          assertChangeable(request.principal, role);
          await assertGrantablePermissions(q, request.principal, input.permissionIds);
          await assertRoleNameFree(q, role.tenantId === null ? null : request.scope, input.name, role.Id);
          await q.query(`update roles set name = $2, description = $3, date_modified = now() where id = $1`, [
            role.Id,
            input.name,
            input.description ?? null,
          ]);
          await setRolePermissions(q, role.Id, input.permissionIds);
        });
        ctx.principals.invalidate();
        return ok(withoutOwnership(await visibleRole(db, request.principal, request.scope, request.params.id)), 'Role saved.');
      },
    );

    app.delete(
      '/roles/:id',
      { config: ROLE_ADMINS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const role = await visibleRole(q, request.principal, request.scope, request.params.id);
          assertChangeable(request.principal, role);
          const holders = await q.query<{ user_name: string }>(
            `select u.user_name from user_roles ur join users u on u.id = ur.user_id where ur.role_id = $1 and u.deleted_at is null order by u.user_name limit 6`,
            [role.Id],
          );
          if (holders.length) {
            const names = holders
              .slice(0, 5)
              .map((h) => h.user_name)
              .join(', ');
            throw conflict(`${MESSAGES.roleInUse} Held by ${role.userCount} user(s): ${names}${role.userCount > 5 ? ', ...' : ''}.`);
          }
          await q.query(`delete from user_roles where role_id = $1`, [role.Id]);
          await q.query(`delete from roles where id = $1`, [role.Id]);
        });
        ctx.principals.invalidate();
        return ok(null, 'Role deleted.');
      },
    );

    app.get(
      '/permissions',
      { config: ROLE_READERS, schema: { tags: ['permissions'], response: answers(z.array(permissionSchema)) } },
      async () => ok(await db.query(`select id as "Id", hierarchy, name, description from permissions order by hierarchy`)),
    );

    app.get(
      '/permissions/byUserId/:id',
      {
        config: { tenantFree: true },
        schema: { tags: ['permissions'], params: idParams, response: answers(z.array(heldPermissionSchema)) },
      },
      async (request) => {
        const { id } = request.params;
        if (id !== request.principal.userId) {
          if (!can(request.principal, grantsOf(users, 'read'))) throw forbidden();
          await userInScope(db, requireScope(request), id);
        }
        return ok(
          await db.query(
            `select p.id as "Id", p.hierarchy, p.name, bool_or(src = 'user') as "direct", bool_or(src = 'role') as "viaRole" from (
         select up.permission_id, 'user' as src from user_permissions up where up.user_id = $1
         union all select rp.permission_id, 'role' from role_permissions rp join user_roles ur on ur.role_id = rp.role_id where ur.user_id = $1
       ) x join permissions p on p.id = x.permission_id group by p.id, p.hierarchy, p.name order by p.hierarchy`,
            [id],
          ),
        );
      },
    );

    app.get(
      '/permissions/:id',
      { config: ROLE_READERS, schema: { tags: ['permissions'], params: idParams, response: answers(permissionSchema) } },
      async (request) => {
        const row = await db.one(`select id as "Id", hierarchy, name, description from permissions where id = $1`, [request.params.id]);
        if (!row) throw notFound('Permission');
        return ok(row);
      },
    );
  };

/**
 * Role names are unique along a lineage (what one tenant's administrators see together, system roles
 * included), not across every tenant: another company's role names are none of this one's business.
 * A system role (scope null) is seen everywhere, so its name is checked against every role.
 */
async function assertRoleNameFree(q: Queryable, scope: TenantScope | null, name: string, exceptId?: string) {
  const taken = await q.one(
    `select 1 from roles r where lower(trim(r.name)) = lower(trim($1)) and ($2::uuid is null or r.id <> $2)
       and ($3::text is null or ${roleVisibleSql(3)})`,
    [name, exceptId ?? null, scope?.path ?? null],
  );
  if (taken) throw conflict('A role with this name already exists.', { name: ['A role with this name already exists.'] });
}

async function setRolePermissions(q: Queryable, roleId: string, permissionIds: readonly string[]) {
  await q.query(`delete from role_permissions where role_id = $1`, [roleId]);
  if (permissionIds.length) {
    await q.query(`insert into role_permissions (role_id, permission_id) select $1, unnest($2::uuid[]) on conflict do nothing`, [
      roleId,
      [...new Set(permissionIds)],
    ]);
  }
}
