/** The words of the standard report screens. */
export const REPORT_TEXT = {
  overview: 'Standard reports',
  overviewHint:
    'Figures of your tenant and the tenants below it. Each report keeps its filters in the address, so a link opens it as you left it.',
  open: 'Open',
  noReports: 'You may not open any standard report.',
  fromDate: 'From',
  toDate: 'To',
  asOf: 'As of',
  tenant: 'Tenant',
  allTenants: 'All my tenants',
  tenantsFailed: 'The tenants could not be loaded; the report covers all of them.',
  groupBy: 'Group by',
  period: 'Period',
  currency: 'Currency',
  loans: 'Loans',
  loansAtRisk: 'Loans at risk',
  outstanding: 'Outstanding principal',
  atRisk: 'At risk (> 30 days)',
  par30: 'PAR30',
  noFigure: '—',
  // PAR30
  parTitle: 'PAR > 30 report',
  parTable: 'PAR30 by group',
  parTotals: 'The whole portfolio',
  parTrend: 'PAR30 by month',
  noPar: 'No loans outstanding on this day.',
  noTrend: 'No loans outstanding in these months.',
  outsideGroups: 'Outside any branch or team',
  // Collections
  collectionsTitle: 'Collections summary report',
  collectionsTable: 'Expected and collected per period',
  collectionsChart: 'Expected and collected',
  noCollections: 'Nothing fell due or was paid in this window.',
  periodColumn: 'Period',
  expected: 'Expected',
  collected: 'Collected',
  paidOnTime: 'Paid on time',
  onTime: 'On time',
  arrearsRecovered: 'Arrears recovered',
  overpaid: 'Overpaid',
  // Tenant loans
  tenantLoansTitle: 'Tenant loans report',
  tenantLoansTable: 'Loans per tenant',
  noTenantLoans: 'No tenant disbursed or holds loans in this window.',
  disbursedLoans: 'Loans disbursed',
  disbursed: 'Disbursed',
  // Sales agents
  salesAgentTitle: 'Sales agent report',
  salesAgentTable: 'Agents',
  noAgents: 'No agents in these tenants.',
  searchAgents: 'Search agents',
  agent: 'Agent',
  userName: 'User name',
  activities: 'Activities',
  byStatus: 'By status',
  leads: 'Leads',
  conversions: 'Conversions',
  distance: 'Distance',
  fieldTime: 'Time in field',
  salesAgentHint:
    'Distance: straight lines between the agent’s positioned actions in time order. Time in field: from each day start to the next stop.',
  // User logins
  userLoginTitle: 'User login report',
  userLoginTable: 'Sign-ins per user',
  noLogins: 'Nobody tried to sign in in this window.',
  searchUsers: 'Search users',
  user: 'User',
  signIns: 'Sign-ins',
  failures: 'Failures',
  lockOuts: 'Lock-outs',
  lastSignIn: 'Last sign-in',
  lastFailure: 'Last failure',
  userLoginHint: 'A lock-out is a failed sign-in that made the account wait before the next try.',
} as const;

export const GROUP_BY_TEXT = { branch: 'Branch', team: 'Team', officer: 'Officer', product: 'Product' } as const;
export const PERIOD_TEXT = { day: 'Day', week: 'Week', month: 'Month' } as const;

/** A percentage as the API gives it (text with two decimals), or a dash where the whole is zero. */
export const percentText = (percent: string | null) => (percent === null ? REPORT_TEXT.noFigure : `${percent} %`);

/** Whole metres as kilometres with one decimal, without a float: 2224 -> "2.2 km". */
export function distanceText(meters: number): string {
  const tenths = Math.round(meters / 100);
  return `${Math.floor(tenths / 10).toLocaleString('en')}.${tenths % 10} km`;
}

/** Minutes as hours and minutes: 390 -> "6 h 30 min". */
export const minutesText = (minutes: number) => (minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`);
