/** API users (screens /admin/api-users, /api-user/add): named keys for machine access, scoped to a tenant. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import {
  apiUserCreateSchema,
  type ApiUser,
  type ApiUserCreated,
  apiUserCreatedSchema,
  apiUserSchema,
} from '@meridian/shared/contract/api-user';
import { can } from '@meridian/shared/contract/access';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { requireSignedInUser } from '../../auth/guard';
import type { Principal, TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';
import { mintApiKey } from './api-keys';
import { outranksOrEquals } from '../users/user-rank';
import { answers, pagedAnswers } from '../../http/route-answers';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { allow } from '../../auth/allow';
import { apiUsers } from '@meridian/shared/contract/areas/admin';

const API_ADMINS = allow(apiUsers, 'read');
const idParams = z.object({ id: idSchema });

// The key and its hash are never among the columns answered.
const COLUMNS = `k.id as "Id", k.tenant_id as "tenantId", t.name as "tenantName", k.name, k.key_prefix as "keyPrefix",
  (select coalesce(json_agg(json_build_object('Id', p.id, 'hierarchy', p.hierarchy) order by p.hierarchy), '[]')
     from api_user_permissions ap join permissions p on p.id = ap.permission_id where ap.api_user_id = k.id) as permissions,
  case when k.revoked_at is not null then 'revoked' when k.expires_at <= now() then 'expired' else 'active' end as status,
  k.created_by as "createdBy", u.user_name as "createdByUserName", k.date_created as "dateCreated",
  k.last_used_at as "lastUsedAt", k.revoked_at as "revokedAt", k.expires_at as "expiresAt"`;
const FROM = `from api_users k join tenants t on t.id = k.tenant_id join users u on u.id = k.created_by`;

async function apiUserInScope(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const apiUser = await q.one<ApiUser>(`select ${COLUMNS} ${FROM} where k.id = $1 and ${inScope('k.tenant_id', scope, p)}`, p.values);
  if (!apiUser) throw notFound('API user');
  return apiUser;
}

/** A key is an account too: it is revoked or deleted only by someone who holds every permission it holds. */
function assertMayChangeKey(principal: Principal, apiUser: ApiUser) {
  if (!outranksOrEquals(principal, { isGlobalAdmin: false, permissions: apiUser.permissions.map((p) => p.hierarchy) })) {
    throw forbidden(MESSAGES.apiUserOutranksYou);
  }
}

/**
 * The rule of roles: nobody grants a permission they do not hold (a global administrator holds
 * all). Answered 403 rather than 400: the form is valid, the caller lacks the authority.
 */
async function assertGrantable(q: Queryable, principal: Principal, permissionIds: readonly string[]) {
  const found = await q.query<{ hierarchy: string }>(`select hierarchy from permissions where id = any($1::uuid[])`, [permissionIds]);
  if (found.length !== new Set(permissionIds).size) throw fieldError('permissionIds', 'One of the chosen permissions does not exist.');
  const beyond = found.find((p) => !can(principal, [p.hierarchy]));
  if (!beyond) return;
  const message = `You cannot grant '${beyond.hierarchy}': you do not hold it.`;
  throw new AppError(403, ERROR_CODES.FORBIDDEN, message, { fieldErrors: { permissionIds: [message] } });
}

async function assertNameFree(q: Queryable, tenantId: string, name: string) {
  const taken = await q.one(`select 1 from api_users where tenant_id = $1 and lower(name) = lower($2) and revoked_at is null`, [
    tenantId,
    name,
  ]);
  if (taken) throw conflict(MESSAGES.apiUserNameTaken, { name: [MESSAGES.apiUserNameTaken] });
}

export const apiUsersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['api-users'];

    app.get(
      '/api-users',
      { config: API_ADMINS, schema: { tags, querystring: pagingQuerySchema, response: pagedAnswers(apiUserSchema) } },
      async (request) => {
        const page = pageSql(
          request.query,
          {
            fields: {
              name: 'k.name',
              dateCreated: 'k.date_created',
              lastUsedAt: 'k.last_used_at',
              expiresAt: 'k.expires_at',
              tenantName: 't.name',
            },
            defaultField: 'dateCreated',
            defaultOrder: 'DESC',
            tieBreaker: 'k.id',
          },
          ctx.config.maxPageSize,
        );
        const p = sqlParams();
        let where = inScope('k.tenant_id', request.scope, p);
        if (page.searchPattern) {
          where += ` and upper(k.name || ' ' || k.key_prefix || ' ' || t.name) like ${p.add(page.searchPattern)}`;
        }
        const { rows, paging } = await pagedQuery<ApiUser>(db, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
        return paged(rows, paging);
      },
    );

    app.get(
      '/api-users/:id',
      { config: API_ADMINS, schema: { tags, params: idParams, response: answers(apiUserSchema) } },
      async (request) => ok(await apiUserInScope(db, request.scope, request.params.id)),
    );

    /**
     * The key belongs to the tenant the caller acts for. Only a signed-in user mints keys: a key that
     * could mint keys would survive its own revocation through them.
     */
    app.post(
      '/api-users',
      {
        config: API_ADMINS,
        // Before the body is read, so a key is refused whatever it sends.
        onRequest: async (request) => requireSignedInUser(request),
        schema: { tags, body: apiUserCreateSchema, response: answers(apiUserCreatedSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const input = request.body;
        const tenantId = request.scope.tenantId;
        const minted = mintApiKey();
        const id = await db.tx(async (q) => {
          await assertGrantable(q, request.principal, input.permissionIds);
          await assertNameFree(q, tenantId, input.name);
          const row = await q.one<{ id: string }>(
            `insert into api_users (tenant_id, name, key_prefix, key_hash, created_by, expires_at) values ($1, $2, $3, $4, $5, $6) returning id`,
            [tenantId, input.name, minted.prefix, minted.hash, request.principal.userId, input.expiresAt ?? null],
          );
          await q.query(
            `insert into api_user_permissions (api_user_id, permission_id) select $1, unnest($2::uuid[]) on conflict do nothing`,
            [row!.id, [...new Set(input.permissionIds)]],
          );
          return row!.id;
        });
        request.log.info({ apiUserId: id, keyPrefix: minted.prefix }, 'API user created');
        reply.status(201);
        const created: ApiUserCreated = { ...(await apiUserInScope(db, request.scope, id)), key: minted.key };
        return ok(created, MESSAGES.apiUserCreated);
      },
    );

    /** Takes effect at once in every API process: the principal cache is cleared when it commits. */
    app.post(
      '/api-users/:id/revoke',
      { config: API_ADMINS, schema: { tags, params: idParams, response: answers(apiUserSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const apiUser = await apiUserInScope(q, request.scope, request.params.id);
          assertMayChangeKey(request.principal, apiUser);
          await q.query(`update api_users set revoked_at = coalesce(revoked_at, now()) where id = $1`, [apiUser.Id]);
          q.onCommit(() => ctx.principals.invalidate());
        });
        return ok(await apiUserInScope(db, request.scope, request.params.id), 'API user revoked.');
      },
    );

    app.delete(
      '/api-users/:id',
      { config: API_ADMINS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const apiUser = await apiUserInScope(q, request.scope, request.params.id);
          assertMayChangeKey(request.principal, apiUser);
          await q.query(`delete from api_users where id = $1`, [apiUser.Id]);
          q.onCommit(() => ctx.principals.invalidate());
        });
        return ok(null, 'API user deleted.');
      },
    );
  };
