import { screen, waitFor, within } from '@testing-library/react';
import { writes } from '@meridian/shared/testing/page-test-kit';
import { formatMinor, minorFromText } from '@meridian/shared/money-text';
import { MESSAGES } from '@meridian/shared/messages';
import { fail, signOut, typist } from '../testing/sales-test-kit';
import { ONE, productServer, renderProductPage, signInProductManager } from './product-test-kit';
import { PRODUCT_TEXT } from './product-text';

jest.setTimeout(60_000);
beforeEach(signInProductManager);
afterEach(signOut);

const field = (label: string) => screen.getByLabelText(label);
const openForm = async () => {
  renderProductPage();
  // The stored minor units are shown as the amount they are.
  await waitFor(() => expect(field(PRODUCT_TEXT.minAmount)).toHaveValue('1000.00'));
};
const replace = async (label: string, text: string) => {
  const user = typist();
  await user.clear(field(label));
  if (text) await user.type(field(label), text);
};

/** A money cell ("R 1 234,56") as minor units, read by its digits as a user's amount is. */
const minorOfCell = (cell: Element) => minorFromText(cell.textContent!.replace(/^[^\d]+/, ''));

describe('the loan product form', () => {
  test('refuses a smallest amount above the largest as the user types, and sends nothing', async () => {
    const { calls } = productServer();
    await openForm();
    await replace(PRODUCT_TEXT.minAmount, '60 000');
    expect(await screen.findByText('The largest amount cannot be below the smallest.')).toBeInTheDocument();
    expect(field(PRODUCT_TEXT.maxAmount)).toHaveAttribute('aria-invalid', 'true');
    await typist().click(screen.getByRole('button', { name: MESSAGES.save }));
    expect(writes(calls)).toHaveLength(0);

    // Fixed from the other end of the range, the message goes.
    await replace(PRODUCT_TEXT.maxAmount, '75 000');
    await waitFor(() => expect(screen.queryByText('The largest amount cannot be below the smallest.')).not.toBeInTheDocument());
  });

  test('a grace on principal that leaves no instalment to repay it is refused as the user types', async () => {
    productServer();
    await openForm();
    await replace(PRODUCT_TEXT.graceOnPrincipal, '6');
    expect(await screen.findByText('The grace on principal must leave at least one instalment that repays principal.')).toBeInTheDocument();
  });

  test('a save sends amounts typed in major units as whole minor units (never a float) and the rate as the exact text', async () => {
    const { calls } = productServer();
    await openForm();
    await replace(PRODUCT_TEXT.maxAmount, '75 000,55');
    await replace(PRODUCT_TEXT.feePerInstalment, '0.29');
    await replace(PRODUCT_TEXT.annualRate, '18.1234');
    await typist().click(screen.getByRole('button', { name: MESSAGES.save }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const put = writes(calls)[0]!;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe(ONE);
    expect(put.body).toMatchObject({
      minAmountMinor: 100_000,
      maxAmountMinor: 7_500_055,
      feePerInstalmentMinor: 29,
      arrearsToleranceMinor: 5_000,
      annualRatePercent: '18.1234',
      minInstalments: 6,
      maxInstalments: 24,
    });
    const body = put.body as Record<string, unknown>;
    for (const name of ['minAmountMinor', 'maxAmountMinor', 'feePerInstalmentMinor', 'arrearsToleranceMinor'])
      expect(Number.isSafeInteger(body[name])).toBe(true);
    expect(await screen.findByText(PRODUCT_TEXT.productSaved)).toBeInTheDocument();
  });

  test('a 400 from the server lands on its field and nothing typed is lost', async () => {
    const refusal = 'The largest amount is at most 100000000000000 minor units.';
    const { calls } = productServer((call) =>
      call.method === 'PUT'
        ? fail(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', { fieldErrors: { maxAmountMinor: [refusal] } })
        : undefined,
    );
    await openForm();
    await replace(PRODUCT_TEXT.name, 'Personal loan plus');
    await replace(PRODUCT_TEXT.maxAmount, '80 000');
    await typist().click(screen.getByRole('button', { name: MESSAGES.save }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(1);
    expect(field(PRODUCT_TEXT.maxAmount)).toHaveAttribute('aria-invalid', 'true');
    expect(field(PRODUCT_TEXT.name)).toHaveValue('Personal loan plus');
    expect(field(PRODUCT_TEXT.maxAmount)).toHaveValue('80 000');
  });

  test('the schedule preview repays exactly the sample amount typed, to the cent, in as many instalments', async () => {
    productServer();
    await openForm();
    await replace(PRODUCT_TEXT.sampleAmount, '1 000,01');
    await replace(PRODUCT_TEXT.sampleInstalments, '7');
    const table = await screen.findByRole('table', { name: PRODUCT_TEXT.schedule });
    await waitFor(() => expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(7));
    const principals = Array.from(table.querySelectorAll('tr.ant-table-row')).map((row) => minorOfCell(row.querySelectorAll('td')[2]!));
    expect(principals.reduce((sum, p) => sum! + p!, 0)).toBe(100_001);
    const totals = within(screen.getByTestId('schedule-totals')).getAllByRole('cell');
    expect(minorOfCell(totals[1]!)).toBe(100_001);
    // The fee of every instalment is the product's: 7 × R 69,00.
    expect(minorOfCell(totals[3]!)).toBe(48_300);
  });

  test('without a sample typed, the preview lends the middle of the ranges and follows the product as it is edited', async () => {
    productServer();
    await openForm();
    // (R 1 000 + R 50 000) / 2 over (6 + 24) / 2 instalments.
    // The page's text is matched with its spaces collapsed, as Testing Library reads it.
    const midAmount = formatMinor(2_550_000, 'ZAR').replace(/\s+/g, ' ');
    expect(await screen.findByText(`${midAmount}: ${PRODUCT_TEXT.sampleDefaultHint}`)).toBeInTheDocument();
    expect(screen.getByText(`15: ${PRODUCT_TEXT.sampleDefaultHint}`)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: PRODUCT_TEXT.schedule });
    expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(12); // the first page of 15

    await replace(PRODUCT_TEXT.maxInstalments, '12');
    expect(await screen.findByText(`9: ${PRODUCT_TEXT.sampleDefaultHint}`)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: PRODUCT_TEXT.schedule }).querySelectorAll('tr.ant-table-row')).toHaveLength(9),
    );

    await replace(PRODUCT_TEXT.annualRate, 'x');
    expect(await screen.findByText(PRODUCT_TEXT.previewWaits)).toBeInTheDocument();
  });
});
