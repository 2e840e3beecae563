/**
 * A bulk payment import (issue 21, /csv/upload/payments), in the browser against the real server: a
 * credit officer uploads a CSV of 1,000 repayments against real active loans of the demo portfolio, two
 * rows of it bad (an amount that is no amount, a row without its loan); the preview counts the 1,000 rows
 * and shows exactly those two with their messages; the officer fixes both in place, checks them again,
 * imports, watches the progress and sees 1,000 imported; the payments API then holds all 1,000.
 *
 * The CSV is built in the test from the loans the API lists (setup on the side), each loan paid a few
 * small amounts that together stay well under what it still owes, so no loan closes.
 */
import { expect, test } from '@playwright/test';
import { validateCsvRow, type CsvValues } from '@meridian/shared/contract/csv-import';
import type { Loan } from '@meridian/shared/contract/loan';
import type { LoanPayment } from '@meridian/shared/contract/loan-payment';
import { minorFromText } from '@meridian/shared/money-text';
import { CSV_TEXT } from '../../mfe-sales/src/csv-upload/csv-upload-text';
import { apiAs, signIn } from '../support/session';

const UPLOADER = 'credit officer';
const TIME_ZONE = 'Africa/Johannesburg';
const RUN = Date.now().toString(36).slice(-6).toUpperCase();
const ROWS = 1_000;
const LOANS = 100;
/** Each loan is paid ROWS / LOANS times at most this much: it must owe well over the sum. */
const LARGEST_MINOR = 9_999;
const BAD_AMOUNT = { row: 137, typed: '12,3x', fixed: '12,30' };
const NO_LOAN = { row: 842 };

test.use({ timezoneId: TIME_ZONE, viewport: { width: 1440, height: 900 } });

const todayThere = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
const reference = (row: number) => `CSV-${RUN}-${String(row).padStart(4, '0')}`;
/** A value as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
const csvField = (value = '') => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvLine = (values: CsvValues) => [values.loanId, values.amount, values.paidOn, values.reference].map(csvField).join(',');

/** The rows as the file holds them (row n is the n-th after the header), amounts from R 1,00 to R 99,99. */
function paymentRows(loans: readonly Loan[], paidOn: string): CsvValues[] {
  return Array.from({ length: ROWS }, (_, index) => {
    const row = index + 1;
    const minor = 100 + ((row * 7_919) % (LARGEST_MINOR - 100));
    return {
      loanId: loans[index % loans.length]!.id,
      amount: `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`,
      paidOn,
      reference: reference(row),
    };
  });
}

test('a CSV of 1,000 payments is previewed with its two bad rows, fixed in place and imported in full', async ({ page, request }) => {
  test.setTimeout(3 * 60_000);
  const officer = await apiAs(request, UPLOADER);
  const paidOn = todayThere();
  const active = await officer.get<Loan[]>('/api/loans', { status: 'active', size: 500, sortField: 'disbursedOn', sortOrder: 'DESC' });
  // Loans that owe far more than the ten small payments each gets, and were disbursed by today.
  const loans = active
    .filter((l) => l.outstandingMinor > (ROWS / LOANS) * LARGEST_MINOR * 2 && l.disbursedOn !== null && l.disbursedOn <= paidOn)
    .slice(0, LOANS);
  expect(loans, 'the demo portfolio has enough active loans of the officer’s branch').toHaveLength(LOANS);

  const rows = paymentRows(loans, paidOn);
  const intended = rows.map((r) => ({ ...r }));
  rows[BAD_AMOUNT.row - 1]!.amount = BAD_AMOUNT.typed;
  rows[NO_LOAN.row - 1]!.loanId = '';
  const csv = ['loanId,amount,paidOn,reference', ...rows.map(csvLine)].join('\r\n') + '\r\n';
  const expectedMessages = {
    amount: (validateCsvRow('payments', rows[BAD_AMOUNT.row - 1]!) as { errors: { message: string }[] }).errors,
    loanId: (validateCsvRow('payments', rows[NO_LOAN.row - 1]!) as { errors: { message: string }[] }).errors,
  };
  expect(expectedMessages.amount).toHaveLength(1);
  expect(expectedMessages.loanId).toHaveLength(1);

  // Upload: the server reads and checks every row; the preview counts them and shows the two bad ones.
  await signIn(page, UPLOADER, '/csv/upload/payments');
  await expect(page.getByRole('radio', { name: 'Payments' })).toBeChecked();
  await page.locator('input[type="file"]').setInputFiles({ name: `payments-${RUN}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const counts = (title: string) => page.locator('.ant-statistic').filter({ has: page.getByText(title, { exact: true }) });
  await expect(counts(CSV_TEXT.totalRows)).toContainText('1,000');
  await expect(counts(CSV_TEXT.errorRows)).toContainText(/^\D*2$/);
  await expect(counts(CSV_TEXT.readyRows)).toContainText('998');
  const errorTable = page.getByRole('table', { name: CSV_TEXT.errorRowsTitle });
  const errorRows = errorTable.locator('tbody tr.ant-table-row');
  await expect(errorRows).toHaveCount(2);
  await expect(errorRows.nth(0).getByRole('cell').first()).toHaveText(String(BAD_AMOUNT.row));
  await expect(errorRows.nth(0)).toContainText(expectedMessages.amount[0]!.message);
  await expect(errorRows.nth(1).getByRole('cell').first()).toHaveText(String(NO_LOAN.row));
  await expect(errorRows.nth(1)).toContainText(expectedMessages.loanId[0]!.message);
  const importButton = page.getByRole('button', { name: CSV_TEXT.importRows(ROWS) });
  await expect(importButton).toBeDisabled();
  await expect(page.getByText(CSV_TEXT.importBlocked)).toBeVisible();

  // Both fixed in place and checked again: they pass, and the import opens.
  const amountCell = page.getByRole('textbox', { name: CSV_TEXT.cellLabel('amount', BAD_AMOUNT.row) });
  await expect(amountCell).toHaveValue(BAD_AMOUNT.typed);
  await amountCell.fill(BAD_AMOUNT.fixed);
  await page.getByRole('textbox', { name: CSV_TEXT.cellLabel('loanId', NO_LOAN.row) }).fill(intended[NO_LOAN.row - 1]!.loanId!);
  await page.getByRole('button', { name: CSV_TEXT.checkAgain }).click();
  await expect(errorRows.getByText(CSV_TEXT.fixed, { exact: true })).toHaveCount(2);
  await expect(counts(CSV_TEXT.errorRows)).toContainText(/^\D*0$/);
  await expect(counts(CSV_TEXT.readyRows)).toContainText('1,000');
  await expect(errorTable).not.toContainText(expectedMessages.amount[0]!.message);

  // Imported: the progress while it runs, then all 1,000.
  await expect(importButton).toBeEnabled();
  await importButton.click();
  // The bar shows from the click (the server may answer only once the rows are in) until the outcome.
  await expect(page.getByRole('progressbar', { name: /^Importing/ })).toBeVisible();
  await expect(page.getByText(CSV_TEXT.imported(ROWS))).toBeVisible({ timeout: 90_000 });

  // The payments API holds all 1,000 under the file's references, the fixed rows as fixed.
  const listed = await officer.raw(
    `/api/clients/payments?${new URLSearchParams({ search: `CSV-${RUN}`, from: paidOn, to: paidOn, size: '1' })}`,
  );
  expect(listed.ok()).toBeTruthy();
  expect(((await listed.json()) as { meta: { paging: { total: number } } }).meta.paging.total).toBe(ROWS);
  for (const [row, loanId, amountMinor] of [
    [BAD_AMOUNT.row, intended[BAD_AMOUNT.row - 1]!.loanId, minorFromText(BAD_AMOUNT.fixed)],
    [NO_LOAN.row, intended[NO_LOAN.row - 1]!.loanId, minorFromText(intended[NO_LOAN.row - 1]!.amount!)],
  ] as const) {
    const [payment] = await officer.get<LoanPayment[]>('/api/clients/payments', { search: reference(row), size: 5 });
    expect(payment, `the payment of row ${row}`).toMatchObject({ loanId, amountMinor, paidOn, reversed: false });
  }
});
