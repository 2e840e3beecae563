/**
 * The standard reports in the browser against the real server and the demo portfolio (issue 22 item 1): a branch
 * manager opens the reports' overview, then PAR30 and the collections summary for one tenant of their branch, and
 * sees the figures the API gives for that tenant and the charts. The API is used on the side only to read what
 * the screens must show. The manager then exports PAR30 as XLSX and PDF: each runs over the socket, the toast
 * says it is ready, and the file opens (the spreadsheet is saved and read back with exceljs; the PDF opens in
 * a tab of its own), and both are kept as the manager's files.
 */
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/src/messages';
import type { ReportFile } from '../../shared/src/contract/report-run';
import { exportLabel } from '../../shared/src/reports/report-export-text';
import type { CollectionsSummary, ParReport } from '../../shared/src/contract/portfolio-report';
import type { TenantTree } from '../../shared/src/contract/tenant';
import { REPORT_TEXT } from '../../mfe-reports/src/standard-reports/standard-report-text';
import { choose } from '../support/antd';
import { apiAs, signIn } from '../support/session';

const MANAGER = 'branch manager';
const TIME_ZONE = 'Africa/Johannesburg';
/** A team of the manager's branch that holds demo loans (api/src/seed/demo-loans.ts). */
const TEAM = 'Soweto Team';
const TEAM_CHOICE = `Johannesburg Branch / ${TEAM}`;

test.use({ timezoneId: TIME_ZONE, viewport: { width: 1440, height: 900 } });

/** A day `days` from today in Johannesburg. */
function dayFromToday(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const table = (page: Page, name: string) => page.getByRole('table', { name });

test('a branch manager reads PAR30 and the collections summary of one team, with their charts', async ({ page, request }) => {
  const api = await apiAs(request, MANAGER);
  const tree = await api.get<TenantTree>('/api/tenants/descendantsByTenantId');
  const teamId = tree.tenants.find((t) => t.name === TEAM)!.Id;
  const fromDate = dayFromToday(-120);
  const toDate = dayFromToday(0);

  await signIn(page, MANAGER, '/reports/standard');
  await expect(page.getByRole('heading', { name: REPORT_TEXT.overview })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: REPORT_TEXT.parTitle }).click();
  await expect(page).toHaveURL(/\/reports\/standard\/parVarThirtyReport/);

  // PAR30 for the team, the trend over four months.
  await choose(page, page.getByRole('main').getByRole('combobox', { name: REPORT_TEXT.tenant, exact: true }), TEAM_CHOICE);
  await page.getByLabel(REPORT_TEXT.fromDate, { exact: true }).fill(fromDate);
  await page.getByLabel(REPORT_TEXT.toDate, { exact: true }).fill(toDate);
  await expect(page).toHaveURL(new RegExp(`tenantId=${teamId}`));
  const par = await api.get<ParReport>('/api/reports/standard/par-over-thirty', { tenantId: teamId, groupBy: 'branch' });
  expect(par.groups.length, 'the demo portfolio has loans in the team').toBeGreaterThan(0);
  const group = par.groups[0]!;
  const row = table(page, REPORT_TEXT.parTable)
    .getByRole('row')
    .filter({ hasText: group.groupName ?? REPORT_TEXT.outsideGroups });
  await expect(row).toContainText(String(group.loans));
  if (group.par30Percent) await expect(row).toContainText(`${group.par30Percent} %`);
  await expect(page.getByText(new RegExp(`${REPORT_TEXT.parTotals} \\(${group.currency}`))).toBeVisible();
  const trend = page.getByRole('img', { name: new RegExp(`^${REPORT_TEXT.parTrend}: ${group.currency} `) });
  await expect(trend).toBeVisible();
  await expect.poll(() => trend.locator('circle').count()).toBeGreaterThanOrEqual(4);

  // The collections summary for the same team, by week over the last month.
  await page.goto(`/reports/standard/collectionsSummaryReport?tenantId=${teamId}`);
  await choose(page, page.getByRole('main').getByRole('combobox', { name: REPORT_TEXT.period, exact: true }), 'Week');
  await page.getByLabel(REPORT_TEXT.fromDate, { exact: true }).fill(dayFromToday(-30));
  await page.getByLabel(REPORT_TEXT.toDate, { exact: true }).fill(toDate);
  await expect(page).toHaveURL(/period=week/);
  const summary = await api.get<CollectionsSummary>('/api/reports/standard/collections-summary', {
    tenantId: teamId,
    period: 'week',
    fromDate: dayFromToday(-30),
    toDate,
  });
  expect(summary.periods.length, 'the team collected in the last month').toBeGreaterThan(0);
  const first = summary.periods[0]!;
  const firstName = first.periodStart === first.periodEnd ? first.periodStart : `${first.periodStart} – ${first.periodEnd}`;
  await expect(table(page, REPORT_TEXT.collectionsTable).getByRole('row').filter({ hasText: firstName }).first()).toBeVisible();
  const bars = page.getByRole('img', { name: new RegExp(`^${REPORT_TEXT.collectionsChart} \\(${first.currency}\\) per week: `) });
  await expect(bars).toBeVisible();
  await expect.poll(() => bars.locator('rect').count()).toBeGreaterThan(0);
});

/** The cells of a saved workbook's first sheet, as text. */
async function sheetText(file: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const cells: string[] = [];
  workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text))));
  return cells;
}

test('a branch manager exports PAR30 of one team as XLSX and PDF; each opens with the report and is kept as theirs', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, MANAGER);
  const tree = await api.get<TenantTree>('/api/tenants/descendantsByTenantId');
  const teamId = tree.tenants.find((t) => t.name === TEAM)!.Id;
  const par = await api.get<ParReport>('/api/reports/standard/par-over-thirty', { tenantId: teamId, groupBy: 'branch' });
  const group = par.groups[0]!;
  const startedAt = new Date().toISOString();

  await signIn(page, MANAGER, `/reports/standard/parVarThirtyReport?tenantId=${teamId}`);
  await expect(
    table(page, REPORT_TEXT.parTable)
      .getByRole('row')
      .filter({ hasText: group.groupName ?? REPORT_TEXT.outsideGroups }),
  ).toBeVisible();

  // The spreadsheet: the toast, then the file saved under the report's name, holding the team's row.
  const saved = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: exportLabel('XLSX') }).click();
  await expect(page.getByText(MESSAGES.reportGenerated).first()).toBeVisible({ timeout: 60_000 });
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const cells = await sheetText(await download.path());
  expect(cells).toContain(group.groupName ?? REPORT_TEXT.outsideGroups);
  expect(cells).toContain(String(group.loans));

  // The PDF opens in a tab of its own, and is not saved as well.
  let savedAgain = false;
  page.on('download', () => (savedAgain = true));
  const tab = page.context().waitForEvent('page', { timeout: 60_000 });
  await expect(page.getByRole('button', { name: exportLabel('PDF') })).toBeEnabled();
  await page.getByRole('button', { name: exportLabel('PDF') }).click();
  expect((await tab).url()).toMatch(/^blob:/);

  // Both are kept, listed as the manager's; the PDF the tab shows is a PDF.
  const files = await api.get<ReportFile[]>('/api/reports/files', { size: 20 });
  const made = files.filter((f) => f.reportId === 'parVarThirtyReport' && f.dateCreated >= startedAt);
  expect(made.map((f) => f.format).sort()).toEqual(['PDF', 'XLSX']);
  const pdf = await (await api.raw(made.find((f) => f.format === 'PDF')!.downloadPath!)).body();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(savedAgain, 'the PDF was saved as well as opened').toBe(false);
});

const SCREENS = [
  '/reports/standard',
  '/reports/standard/parVarThirtyReport',
  '/reports/standard/collectionsSummaryReport',
  '/reports/standard/tenantLoansReport',
  '/reports/standard/salesAgentReport',
  '/reports/standard/userLoginReport',
];

// On a phone the PAR30, collections and tenant loans tables scroll sideways and hold nothing that takes focus:
// the shared TableBox makes such a scrolling region a tab stop, so the keyboard can scroll it (axe's
// scrollable-region-focusable).
test('on a 390 px phone in dark mode the report screens fit, load and have no serious accessibility fault', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, MANAGER, SCREENS[0]);
  await expect(page.getByRole('heading', { name: REPORT_TEXT.overview })).toBeVisible();
  const problems: string[] = [];
  for (const address of SCREENS) {
    await page.goto(address);
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
    if (await page.getByText('This could not be loaded.').count()) problems.push(`${address}: shows a failure`);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (sideways > 0) problems.push(`${address}: scrolls ${sideways} px sideways`);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('main').analyze();
    for (const v of results.violations.filter((f) => f.impact === 'serious' || f.impact === 'critical'))
      problems.push(
        `${address}: ${v.id} (${v.impact}) at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
      );
  }
  expect(problems).toEqual([]);
});
