/**
 * A branch manager builds a custom report in the browser against the real server and database: opens Custom
 * reports from the menu, starts a new report, chooses the loans dataset, three columns (one summarised), a
 * filter, grouping and a sort, sees the preview the server answers for it (the same rows the API gives for
 * that definition, money in the row's currency), files it in a category, saves it and finds it in the list.
 * Every step of the person is clicks and typing; the expected rows are asked of the API on the side.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ReportPreview } from '@meridian/shared/contract/custom-report';
import { formatMinor } from '@meridian/shared/money-text';
import { REPORT_TEXT } from '../../mfe-reports/src/custom-reports/custom-report-text';
import { choose } from '../support/antd';
import { apiAs, mainMenu, signIn } from '../support/session';

/** Letters only, so the run's suffix fits any name field. */
const RUN = Date.now()
  .toString(26)
  .slice(-6)
  .split('')
  .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
  .join('');

const DEFINITION = {
  dataset: 'loans',
  columns: [{ column: 'status' }, { column: 'currency' }, { column: 'principal', aggregate: 'sum' }],
  filters: [{ column: 'status', operator: 'eq', value: 'active' }],
  groupBy: ['status', 'currency'],
  sort: [{ column: 'principal', aggregate: 'sum', direction: 'DESC' }],
};

const menuEntry = (page: Page, label: string) =>
  mainMenu(page)
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^${label}$`) });

const combobox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });
const digitsOf = (text: string) => text.replace(/\s/g, '');

test('a branch manager builds a custom report with a filter, grouping and sort, sees its preview, saves it and finds it in the list', async ({
  page,
  request,
}) => {
  const manager = await apiAs(request, 'branch manager');
  const expected = await manager.post<ReportPreview>('/api/custom-reports/preview', { definition: DEFINITION });
  expect(expected.rows.length, 'the demo branch has active loans').toBeGreaterThan(0);
  const [firstStatus, firstCurrency, firstTotal] = expected.rows[0]!;

  await signIn(page, 'branch manager');
  const reports = menuEntry(page, 'Reports');
  if ((await reports.getAttribute('aria-expanded')) !== 'true') await reports.click();
  await menuEntry(page, 'Custom reports').click();
  await expect(page).toHaveURL(/\/reports$/);
  await page.getByRole('link', { name: new RegExp(REPORT_TEXT.newReport) }).click();
  await expect(page).toHaveURL(/\/reports\/create$/);

  const name = `Active loans by currency ${RUN}`;
  await page.getByRole('textbox', { name: REPORT_TEXT.name }).fill(name);
  await choose(page, combobox(page, REPORT_TEXT.category), 'Portfolio');
  await choose(page, combobox(page, REPORT_TEXT.dataset), 'Loans');

  for (const [i, column] of ['Status', 'Currency', 'Principal'].entries()) {
    await page.getByRole('button', { name: new RegExp(REPORT_TEXT.addColumn) }).click();
    await choose(page, combobox(page, `${REPORT_TEXT.column} ${i + 1}`), column);
  }
  await choose(page, combobox(page, `${REPORT_TEXT.summary} 3`), 'Total');

  await combobox(page, REPORT_TEXT.groupBy).click();
  for (const column of ['Status', 'Currency'])
    await page.locator('.ant-select-dropdown:visible').getByTitle(column, { exact: true }).click();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: new RegExp(REPORT_TEXT.addFilter) }).click();
  await choose(page, combobox(page, 'Filter 1 column'), 'Status');
  await choose(page, combobox(page, 'Filter 1 value'), 'active');

  await page.getByRole('button', { name: new RegExp(REPORT_TEXT.addSort) }).click();
  await choose(page, combobox(page, 'Sort 1 column'), 'Total principal');
  await choose(page, combobox(page, 'Sort 1 direction'), REPORT_TEXT.descending);

  // The preview is the server's answer for this definition: its first row is the API's first row.
  const preview = page.getByRole('table', { name: REPORT_TEXT.preview });
  const firstRow = preview.locator('tbody tr.ant-table-row').first();
  await expect(firstRow).toContainText(String(firstStatus));
  await expect(firstRow).toContainText(String(firstCurrency));
  await expect
    .poll(async () => digitsOf((await firstRow.textContent()) ?? ''))
    .toContain(digitsOf(formatMinor(Number(firstTotal), String(firstCurrency))));
  await expect(preview.locator('tbody tr.ant-table-row')).toHaveCount(expected.rows.length);

  await page.getByRole('button', { name: REPORT_TEXT.createReport }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await page.getByLabel(REPORT_TEXT.searchReports).fill(RUN);
  await page.getByLabel(REPORT_TEXT.searchReports).press('Enter');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Loans');
  await expect(row).toContainText('Portfolio');

  const saved = (await manager.get<{ id: string; name: string }[]>('/api/custom-reports', { search: RUN })).find((r) => r.name === name);
  expect(saved).toBeTruthy();
  const stored = await manager.get<{ definition: unknown }>(`/api/custom-reports/${saved!.id}`);
  expect(stored.definition).toEqual(DEFINITION);
});
