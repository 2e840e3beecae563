/**
 * The user login report (GET /users/loginreport) as a run's source: the sign-in attempts of the subtree's users
 * in the window, walked in batches by (date, id) keyset, so a long history is never held whole. The window,
 * search and user are the GET route's (its query schema); the rows come in the date order asked (newest first
 * by default), the only order a keyset walk of this index gives cheaply.
 */
import { loginReportQuerySchema } from '@meridian/shared/contract/user';
import { sqlParams } from '../../db/sql-params';
import { fieldError } from '../../http/errors';
import { searchPattern } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import type { Queryable } from '../../db/database';
import type { TenantScope } from '../../auth/principal';
import { parseParameters } from './report-parameters';
import type { ReportRow, RunnableReport } from './report-source';
import { mayReadStandardReports } from './standard-report-access';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows read per statement: small enough to keep a run's memory flat, large enough to keep statements few. */
export const LOGIN_BATCH_ROWS = 500;

interface LoginFilter {
  scope: TenantScope;
  start: Date;
  end: Date;
  search: string | null;
  userId: string | undefined;
  descending: boolean;
}

interface LoginRow extends ReportRow {
  id: string;
  /** The moment as PostgreSQL writes it (microseconds, which a JS Date would drop), for the next batch's keyset. */
  cursorAt: string;
}

async function* loginRows(db: Queryable, filter: LoginFilter): AsyncIterable<ReportRow> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const p = sqlParams();
    // A history: deleted tenants' users keep theirs (as the GET route).
    let where = `${inScope('u.tenant_id', filter.scope, p, { includeDeleted: true })} and lh.date_created between ${p.add(filter.start)} and ${p.add(filter.end)}`;
    if (filter.search) where += ` and u.search_text like ${p.add(filter.search)}`;
    if (filter.userId) where += ` and u.id = ${p.add(filter.userId)}`;
    const direction = filter.descending ? 'desc' : 'asc';
    if (after)
      where += ` and (lh.date_created, lh.id) ${filter.descending ? '<' : '>'} (${p.add(after.at)}::timestamptz, ${p.add(after.id)}::uuid)`;
    const batch = await db.query<LoginRow>(
      `select lh.id, lh.date_created::text as "cursorAt", lh.date_created as "dateCreated", u.user_name as "userName", u.first_name as "firstName", u.last_name as "lastName",
         t.name as "tenantName", lh.success, lh.reason, lh.ip, lh.user_agent as "userAgent"
       from login_history lh join users u on u.id = lh.user_id join tenants t on t.id = u.tenant_id
       where ${where} order by lh.date_created ${direction}, lh.id ${direction} limit ${LOGIN_BATCH_ROWS}`,
      p.values,
    );
    for (const row of batch) yield row;
    const last = batch.at(-1);
    if (!last || batch.length < LOGIN_BATCH_ROWS) return;
    after = { at: last.cursorAt, id: last.id };
  }
}

export const userLoginSource: RunnableReport & { reportId: 'userLoginReport' } = {
  reportId: 'userLoginReport',
  kind: 'standard',
  mayRead: mayReadStandardReports,
  async open(parameters, { db, caller }) {
    const query = parseParameters(loginReportQuerySchema, parameters);
    if (query.sortField !== undefined && query.sortField !== 'dateCreated')
      throw fieldError('parameters.sortField', 'The login report is exported by date (sortField dateCreated).');
    const start = query.startDate ?? new Date(Date.now() - DAY_MS);
    const end = query.endDate ?? new Date(Date.now() + 7 * DAY_MS);
    return {
      name: 'User login report',
      heading: `Sign-ins, ${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)}`,
      columns: [
        { key: 'dateCreated', label: 'When', kind: 'instant' },
        { key: 'userName', label: 'User name', kind: 'text' },
        { key: 'firstName', label: 'First name', kind: 'text' },
        { key: 'lastName', label: 'Last name', kind: 'text' },
        { key: 'tenantName', label: 'Tenant', kind: 'text' },
        { key: 'success', label: 'Succeeded', kind: 'boolean' },
        { key: 'reason', label: 'Reason', kind: 'text' },
        { key: 'ip', label: 'Address', kind: 'text' },
        { key: 'userAgent', label: 'Browser', kind: 'text' },
      ],
      rows: loginRows(db, {
        scope: caller.scope,
        start,
        end,
        search: searchPattern(query.search),
        userId: query.userId,
        descending: query.sortOrder !== 'ASC',
      }),
    };
  },
};
