/** The login report and the two user dashboards. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginHistoryDashboardSchema,
  loginReportItemSchema,
  loginReportQuerySchema,
  newUsersDashboardSchema,
} from '@meridian/shared/contract/user';
import type { AppContext } from '../../context';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';
import { allow } from '../../auth/allow';
import { users } from '@meridian/shared/contract/areas/admin';
import { answers, pagedAnswers, pagedRecordAnswers } from '../../http/route-answers';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import { userLoginsQuerySchema, userLoginsReportSchema } from '@meridian/shared/contract/standard-report';
import { userLoginsPage } from './user-logins-per-user';
import { dayWindow } from '../agent/day-window';
import { reportScope, reportWindow } from '../portfolio-reports/portfolio-access';

const REPORT_READERS = allow(users, 'readReports');
const DAY_MS = 24 * 60 * 60 * 1000;
const dashboardQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

export const userReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['users'];

    app.get(
      '/users/loginreport',
      { config: REPORT_READERS, schema: { tags, querystring: loginReportQuerySchema, response: pagedAnswers(loginReportItemSchema) } },
      async (request) => {
        const query = request.query;
        const start = query.startDate ?? new Date(Date.now() - DAY_MS);
        const end = query.endDate ?? new Date(Date.now() + 7 * DAY_MS);
        const page = pageSql(
          query,
          {
            fields: { dateCreated: 'lh.date_created', userName: 'u.user_name', success: 'lh.success', tenantName: 't.name' },
            defaultField: 'dateCreated',
            defaultOrder: 'DESC',
            tieBreaker: 'lh.id',
          },
          ctx.config.maxPageSize,
        );
        const p = sqlParams();
        // A history: deleted tenants' users keep theirs.
        let where = `${inScope('u.tenant_id', request.scope, p, { includeDeleted: true })} and lh.date_created between ${p.add(start)} and ${p.add(end)}`;
        if (page.searchPattern) {
          where += ` and u.search_text like ${p.add(page.searchPattern)}`;
        }
        if (query.userId) {
          where += ` and u.id = ${p.add(query.userId)}`;
        }
        const { rows, paging } = await pagedQuery(
          db,
          {
            select: `lh.id as "Id", u.id as "userId", u.user_name as "userName", u.first_name as "firstName", u.last_name as "lastName",
        t.name as "tenantName", lh.success, lh.reason, lh.ip, lh.user_agent as "userAgent", lh.date_created as "dateCreated"`,
            from: `from login_history lh join users u on u.id = lh.user_id join tenants t on t.id = u.tenant_id where ${where}`,
            params: p.values,
          },
          page,
        );
        return paged(rows, paging);
      },
    );

    // The standard user login report: per user, sign-ins, failures and lock-outs over a window of days
    // (contract/standard-report.ts), over the subtree or one tenant inside it.
    app.get(
      standardReports.api.userLogins,
      {
        config: REPORT_READERS,
        schema: { tags, querystring: userLoginsQuerySchema, response: pagedRecordAnswers(userLoginsReportSchema) },
      },
      async (request) => {
        const { query } = request;
        const scope = await reportScope(db, request.scope, query.tenantId);
        const window = reportWindow(query, scope.today);
        const { start, end } = await dayWindow(db, window.fromDate, window.toDate, scope.timeZone);
        const { rows, paging } = await userLoginsPage(db, scope.path, { start, end }, query, ctx.config.maxPageSize);
        return paged({ ...window, users: rows }, paging);
      },
    );

    app.get(
      '/users/dashboard/login-history',
      { config: REPORT_READERS, schema: { tags, querystring: dashboardQuery, response: answers(loginHistoryDashboardSchema) } },
      async (request) => {
        const p = sqlParams([request.query.days]);
        const rows = await db.query(
          `select to_char(date_trunc('day', lh.date_created), 'YYYY-MM-DD') as day,
         count(*) filter (where lh.success)::int as successful, count(*) filter (where not lh.success)::int as failed,
         count(distinct lh.user_id) filter (where lh.success)::int as "distinctUsers"
       from login_history lh join users u on u.id = lh.user_id
       where ${inScope('u.tenant_id', request.scope, p, { includeDeleted: true })} and lh.date_created >= now() - make_interval(days => $1)
       group by 1 order by 1`,
          p.values,
        );
        return ok({ days: request.query.days, series: rows });
      },
    );

    app.get(
      '/users/dashboard/new-users',
      { config: REPORT_READERS, schema: { tags, querystring: dashboardQuery, response: answers(newUsersDashboardSchema) } },
      async (request) => {
        const p = sqlParams([request.query.days]);
        const liveUsers = `${inScope('u.tenant_id', request.scope, p)} and u.deleted_at is null`;
        const [series, totals] = await Promise.all([
          db.query(
            `select to_char(date_trunc('day', u.date_created), 'YYYY-MM-DD') as day, count(*)::int as "newUsers"
         from users u
         where ${liveUsers} and u.date_created >= now() - make_interval(days => $1) group by 1 order by 1`,
            p.values,
          ),
          db.one<{ total: number; recent: number }>(
            `select count(*)::int as total, count(*) filter (where u.date_created >= now() - make_interval(days => $1))::int as recent
         from users u where ${liveUsers}`,
            p.values,
          ),
        ]);
        return ok({ days: request.query.days, totalUsers: totals!.total, newUsers: totals!.recent, series });
      },
    );
  };
