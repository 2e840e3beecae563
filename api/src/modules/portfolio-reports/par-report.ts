/**
 * PAR30 (CGAP): the outstanding principal of loans more than 30 days in arrears over the outstanding principal
 * of the portfolio, at the end of a day, by branch, team, officer or product, and month by month.
 * The loans' positions: loan-position.ts; read from stored figures per tenant, product, officer and currency
 * (portfolio-figures.ts), then summed per group. A branch (team) is the nearest tenant of that type at or above the
 * loan's tenant; loans of tenants above every branch (team) form the group without one (id null).
 */
import { TENANT_TYPE } from '@meridian/shared/constants';
import {
  PORTFOLIO_REPORT_LIMITS,
  type ParGroup,
  type ParGrouping,
  type ParTotal,
  type ParTrendPoint,
} from '@meridian/shared/contract/portfolio-report';
import { percentText } from '@meridian/shared/lending/portfolio-ratio';
import { addDays, addMonths } from '@meridian/shared/lending/schedule-dates';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { pathWithin, tenantRowInScope } from '../../tenancy/subtree';
import { fieldError } from '../../http/errors';
import { exactMinor } from '../loans/loan-money';
import { portfolioFiguresSql } from './portfolio-figures';
import type { DayWindow } from './portfolio-access';

interface FiguresText {
  currency: string;
  loans: number;
  loansAtRisk: number;
  outstanding: string;
  atRisk: string;
}

/** Sums of figures rows (portfolio-figures.ts, aliased `pos`) as SQL select items. */
const FIGURES = `pos.currency, sum(pos.loans)::int as loans, sum(pos.loans_at_risk)::int as "loansAtRisk",
  sum(pos.outstanding)::text as outstanding, sum(pos.at_risk)::text as "atRisk"`;

export function figuresOf(row: FiguresText): ParTotal {
  const [outstanding, atRisk] = [BigInt(row.outstanding), BigInt(row.atRisk)];
  return {
    currency: row.currency,
    loans: row.loans,
    loansAtRisk: row.loansAtRisk,
    outstandingPrincipalMinor: exactMinor(outstanding),
    atRiskPrincipalMinor: exactMinor(atRisk),
    par30Percent: percentText(atRisk, outstanding),
  };
}

/** The group key of a position (`pos`, its tenant's branch and team in `unit`) and how a group is named. */
const GROUPS: Record<ParGrouping, { key: string; name: string }> = {
  branch: { key: 'unit.branch_id', name: '(select name from tenants where id = g.key)' },
  team: { key: 'unit.team_id', name: '(select name from tenants where id = g.key)' },
  officer: {
    key: 'pos.officer_id',
    name: `(select coalesce(nullif(btrim(concat_ws(' ', first_name, last_name)), ''), user_name) from users where id = g.key)`,
  },
  product: { key: 'pos.product_id', name: '(select name from loan_products where id = g.key)' },
};

/** SQL: each tenant of the subtree with its nearest branch and team at or above it. */
const unitsSql = (subtreePath: string, p: SqlParams) => `select t.id,
    (select b.id from tenants b where b.type = ${TENANT_TYPE.BRANCH} and ${pathWithin('t.path', 'b.path')} order by length(b.path) desc limit 1) as branch_id,
    (select m.id from tenants m where m.type = ${TENANT_TYPE.TEAM} and ${pathWithin('t.path', 'm.path')} order by length(m.path) desc limit 1) as team_id
  from tenants t where ${tenantRowInScope('t', subtreePath, p, { includeDeleted: true })}`;

export interface ParGrouped {
  totals: ParTotal[];
  groups: ParGroup[];
}

/** Every group's figures at the end of `asOf` (by name, the group without a branch or team last), and the totals. */
export async function parByGroup(q: Queryable, subtreePath: string, asOf: string, groupBy: ParGrouping): Promise<ParGrouped> {
  const p = sqlParams();
  const positions = await portfolioFiguresSql(q, subtreePath, asOf, p);
  const units = unitsSql(subtreePath, p);
  const { key, name } = GROUPS[groupBy];
  const rows = await q.query<FiguresText & { groupId: string | null; groupName: string | null }>(
    `with g as (
       select ${key} as key, ${FIGURES}
       from (${positions}) pos join (${units}) unit on unit.id = pos.tenant_id
       group by ${key}, pos.currency
     )
     select g.key::text as "groupId", ${name} as "groupName", g.currency, g.loans, g."loansAtRisk", g.outstanding, g."atRisk"
     from g order by g.key is null, 2, g.key, g.currency`,
    p.values,
  );
  const groups = rows.map((row) => ({ groupId: row.groupId, groupName: row.groupName, ...figuresOf(row) }));
  return { groups, totals: totalsOf(groups) };
}

/** The groups' figures added up per currency. */
function totalsOf(groups: readonly ParTotal[]): ParTotal[] {
  const sums = new Map<string, { loans: number; loansAtRisk: number; outstanding: bigint; atRisk: bigint }>();
  for (const g of groups) {
    const sum = sums.get(g.currency) ?? { loans: 0, loansAtRisk: 0, outstanding: 0n, atRisk: 0n };
    sum.loans += g.loans;
    sum.loansAtRisk += g.loansAtRisk;
    sum.outstanding += BigInt(g.outstandingPrincipalMinor);
    sum.atRisk += BigInt(g.atRiskPrincipalMinor);
    sums.set(g.currency, sum);
  }
  return [...sums]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, s]) => figuresOf({ currency, ...s, outstanding: String(s.outstanding), atRisk: String(s.atRisk) }));
}

/** The whole subtree's figures at the end of `asOf`, per currency. */
export async function parTotals(q: Queryable, subtreePath: string, asOf: string): Promise<ParTotal[]> {
  const p = sqlParams();
  const positions = await portfolioFiguresSql(q, subtreePath, asOf, p);
  const rows = await q.query<FiguresText>(
    `select ${FIGURES} from (${positions}) pos group by pos.currency order by pos.currency`,
    p.values,
  );
  return rows.map(figuresOf);
}

/**
 * The days a trend reads: each month's last day from the window's first month to its last, the last month's
 * point at the window's end instead, and none past today (a month not begun yet has no point).
 */
export function trendDays(window: DayWindow, today: string): string[] {
  const end = window.toDate < today ? window.toDate : today;
  const days: string[] = [];
  for (let month = `${window.fromDate.slice(0, 7)}-01`; month <= end; month = addMonths(month, 1)) {
    const monthEnd = addDays(addMonths(month, 1), -1);
    days.push(monthEnd < end ? monthEnd : end);
    if (days.length > PORTFOLIO_REPORT_LIMITS.maxTrendMonths)
      throw fieldError('fromDate', `A trend covers at most ${PORTFOLIO_REPORT_LIMITS.maxTrendMonths} months.`);
  }
  return days;
}

/** PAR30 at each of `days`, per currency, oldest first: one statement per day, so each reads its loans by index. */
export async function parTrend(q: Queryable, subtreePath: string, days: readonly string[]): Promise<ParTrendPoint[]> {
  const points: ParTrendPoint[] = [];
  for (const asOf of days) for (const totals of await parTotals(q, subtreePath, asOf)) points.push({ asOf, ...totals });
  return points;
}
