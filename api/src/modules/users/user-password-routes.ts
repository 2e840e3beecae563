/** Password changes by users and administrators, temporary passwords and the password history. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, loginReportQuerySchema, passwordChangeItemSchema } from '@meridian/shared/contract/user';
import { can } from '@meridian/shared/contract/access';
import { MESSAGES } from '@meridian/shared/messages';
import { idSchema, passwordSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { requireScope } from '../../auth/guard';
import { temporaryPassword, verifyPassword } from '../../auth/passwords';
import { fieldError, forbidden } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { userInScope } from '../../tenancy/scope';
import { inScope } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';
import { setPassword } from '../auth/credentials';
import { revokeAllSessions, revokeOtherSessions } from '../auth/sessions';
import { assertMayActOnUsers } from './user-rank';
import { answers, pagedAnswers } from '../../http/route-answers';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { allow, grantsOf } from '../../auth/allow';
import { users } from '@meridian/shared/contract/areas/admin';

const idParams = z.object({ id: idSchema });
const DAY_MS = 24 * 60 * 60 * 1000;

export const userPasswordRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['users'];

    /** Your own password needs the current one; someone else's needs ADMIN/USERS and that user in scope. */
    app.put(
      '/users/change-password/:id',
      {
        config: { tenantFree: true, duringPasswordChange: true },
        schema: { tags, params: idParams, body: changePasswordSchema, response: answers(noDataSchema) },
      },
      async (request) => {
        const { id } = request.params;
        const principal = request.principal;
        await db.tx(async (q) => {
          if (id === principal.userId) {
            const row = await q.one<{ password_hash: string | null }>(`select password_hash from users where id = $1`, [id]);
            if (!(await verifyPassword(row?.password_hash ?? null, request.body.currentPassword ?? ''))) {
              throw fieldError('currentPassword', MESSAGES.currentPasswordWrong);
            }
          } else {
            if (!can(principal, grantsOf(users, 'read'))) throw forbidden();
            await userInScope(q, requireScope(request), id);
            await assertMayActOnUsers(q, principal, [id]);
          }
          await setPassword(q, id, request.body.password, { changedByUserId: principal.userId, expire: false });
          if (id !== principal.userId) await revokeAllSessions(ctx, q, id, 'password changed by administrator');
          else await revokeOtherSessions(ctx, q, id, principal.sessionId, 'password changed by its owner');
        });
        // A session that had to change its password may use every route from the next call on.
        if (id === principal.userId) ctx.principals.invalidate();
        return ok(null, 'Password changed.');
      },
    );

    app.put(
      '/users/change-password-and-expire/:id',
      {
        config: allow(users, 'read'),
        schema: { tags, params: idParams, body: z.object({ password: passwordSchema }), response: answers(noDataSchema) },
      },
      async (request) => {
        await db.tx(async (q) => {
          await userInScope(q, request.scope, request.params.id);
          await assertMayActOnUsers(q, request.principal, [request.params.id]);
          await setPassword(q, request.params.id, request.body.password, { changedByUserId: request.principal.userId, expire: true });
          await revokeAllSessions(ctx, q, request.params.id, 'password changed by administrator');
        });
        return ok(null, 'Password changed; the user must choose a new one at next sign-in.');
      },
    );

    app.get(
      '/users/get-temp-password/:id',
      {
        config: allow(users, 'read'),
        schema: { tags, params: idParams, response: answers(z.strictObject({ temporaryPassword: z.string() })) },
      },
      async (request) => {
        const password = temporaryPassword();
        await db.tx(async (q) => {
          await userInScope(q, request.scope, request.params.id);
          await assertMayActOnUsers(q, request.principal, [request.params.id]);
          await setPassword(q, request.params.id, password, { changedByUserId: request.principal.userId, expire: true });
          await revokeAllSessions(ctx, q, request.params.id, 'temporary password issued');
        });
        request.log.info({ userId: request.params.id }, 'temporary password issued');
        return ok({ temporaryPassword: password }, 'Temporary password issued. It is shown only once.');
      },
    );

    app.get(
      '/users/password_changed_history',
      {
        config: allow(users, 'read'),
        schema: { tags, querystring: loginReportQuerySchema, response: pagedAnswers(passwordChangeItemSchema) },
      },
      async (request) => {
        const query = request.query;
        const start = query.startDate ?? new Date(Date.now() - 365 * DAY_MS);
        const end = query.endDate ?? new Date(Date.now() + DAY_MS);
        const page = pageSql(
          query,
          {
            fields: { dateCreated: 'ph.date_created', userName: 'u.user_name', emailAddress: 'u.email_address' },
            defaultField: 'dateCreated',
            defaultOrder: 'DESC',
            tieBreaker: 'ph.id',
          },
          ctx.config.maxPageSize,
        );
        const p = sqlParams();
        // A history: deleted tenants' users keep theirs.
        let where = `${inScope('u.tenant_id', request.scope, p, { includeDeleted: true })} and ph.date_created between ${p.add(start)} and ${p.add(end)}`;
        if (page.searchPattern) {
          where += ` and u.search_text like ${p.add(page.searchPattern)}`;
        }
        const { rows, paging } = await pagedQuery(
          db,
          {
            select: `ph.id as "Id", u.id as "userId", u.user_name as "userName", u.email_address as "emailAddress",
        c.user_name as "changedBy", ph.expired, ph.date_created as "dateCreated"`,
            from: `from password_history ph join users u on u.id = ph.user_id left join users c on c.id = ph.changed_by_user_id where ${where}`,
            params: p.values,
          },
          page,
        );
        return paged(rows, paging);
      },
    );
  };
