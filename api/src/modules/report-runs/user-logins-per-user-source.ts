/**
 * The sign-ins per user (the user login report's screen) as a run's source: per user of the subtree (or one tenant
 * inside it) with an attempt in the window, the figures of GET /users/loginreport/per-user, with the route's query
 * schema, search and sorts, walked in keyset batches by that route's own query (users/user-logins-per-user.ts).
 * Who may run it: who may open its screen (the standard reports' grant, CRM/REPORTS) and read its GET route (the
 * login report's readers), both.
 */
import { can } from '@meridian/shared/contract/access';
import { users } from '@meridian/shared/contract/areas/admin';
import { userLoginsQuerySchema, type UserLoginsRow } from '@meridian/shared/contract/standard-report';
import { fullName } from '@meridian/shared/format';
import { grantsOf } from '../../auth/allow';
import { keysetOrder } from '../../db/keyset-batches';
import { dayWindow } from '../agent/day-window';
import { reportScope, reportWindow } from '../portfolio-reports/portfolio-access';
import { USER_LOGINS_SORT, userLoginsBatches } from '../users/user-logins-per-user';
import { parseParameters } from './report-parameters';
import type { ReportRow, RunnableReport } from './report-source';
import { mayReadStandardReports } from './standard-report-access';

/** Users per batch; each batch groups the window's attempts once. */
export const USER_LOGINS_BATCH_ROWS = 500;

const LOGIN_REPORT_READERS = grantsOf(users, 'readReports');

/** Each user with their name as the screen shows it. */
async function* namedRows(batches: AsyncIterable<UserLoginsRow[]>): AsyncIterable<ReportRow> {
  for await (const batch of batches) for (const row of batch) yield { ...row, name: fullName(row) };
}

export const userLoginsPerUserSource: RunnableReport & { reportId: 'userLoginsPerUserReport' } = {
  reportId: 'userLoginsPerUserReport',
  kind: 'standard',
  mayRead: (caller) => mayReadStandardReports(caller) && can(caller.principal, LOGIN_REPORT_READERS),
  async open(parameters, { db, caller }) {
    const query = parseParameters(userLoginsQuerySchema, parameters);
    const order = keysetOrder(USER_LOGINS_SORT, query, 'parameters.sortField');
    const scope = await reportScope(db, caller.scope, query.tenantId);
    const window = reportWindow(query, scope.today);
    const instants = await dayWindow(db, window.fromDate, window.toDate, scope.timeZone);
    return {
      name: 'Sign-ins per user',
      heading: `Sign-ins per user, ${window.fromDate} to ${window.toDate}`,
      columns: [
        { key: 'name', label: 'User', kind: 'text' },
        { key: 'userName', label: 'User name', kind: 'text' },
        { key: 'tenantName', label: 'Tenant', kind: 'text' },
        { key: 'signIns', label: 'Sign-ins', kind: 'count' },
        { key: 'failures', label: 'Failures', kind: 'count' },
        { key: 'lockOuts', label: 'Lock-outs', kind: 'count' },
        { key: 'lastSignInAt', label: 'Last sign-in', kind: 'instant' },
        { key: 'lastFailureAt', label: 'Last failure', kind: 'instant' },
      ],
      rows: namedRows(userLoginsBatches(db, scope.path, instants, query, order, USER_LOGINS_BATCH_ROWS)),
    };
  },
};
