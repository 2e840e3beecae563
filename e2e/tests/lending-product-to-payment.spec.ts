/**
 * Lending from product to payment (issue 21), in the browser against the real server: the credit officer
 * creates a loan product for their branch at /products (the demo's credit officer holds ADMIN/PRODUCTS for
 * the branch's own products beside LOAN/DISBURSEMENTS and field work), then applies for a loan against it
 * for a client, approves it and disburses it; the tenant's maker-checker rules hold both moves,
 * so the branch manager (LOAN/DISBURSEMENTS over the same branch) checks each in /loans/approvals; the
 * schedule's first instalment is the one the shared schedule code makes of the product's terms; the credit
 * officer takes a payment and sees it allocated to fees, interest and principal, and the first instalment
 * partly paid.
 *
 * The API is used on the side only to put a fresh client in the demo data and to switch the branch's
 * maker-checker rules on for the test (there is no screen for them), put back as they were afterwards.
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import type { CheckedAction, MakerCheckerRules } from '@meridian/shared/contract/maker-checker';
import { repaymentSchedule } from '@meridian/shared/lending/repayment-schedule';
import { addPeriods } from '@meridian/shared/lending/schedule-dates';
import { formatMinor } from '@meridian/shared/money-text';
import { CHANNEL_LABELS, DISBURSEMENT_TEXT, disburseRowLabel } from '../../mfe-sales/src/disbursements/disbursement-text';
import { CHECKED_ACTION_LABELS, LOAN_TEXT, loanTitle, pendingText } from '../../mfe-sales/src/loans/loan-text';
import { PAYMENT_TEXT } from '../../mfe-sales/src/payments/payment-text';
import { FREQUENCY_LABELS, INTEREST_METHOD_LABELS, PRODUCT_TEXT } from '../../mfe-sales/src/products/product-text';
import { choose } from '../support/antd';
import { apiAs, signIn } from '../support/session';

const MAKER = { role: 'credit officer', name: 'Chris Botha' };
const CHECKER = 'branch manager';
/** Who may set a tenant's maker-checker rules (ADMIN/SETTINGS) over the credit officer's branch. */
const RULES_ADMIN = 'company administrator';
const TIME_ZONE = 'Africa/Johannesburg';
/** The run's mark, in letters only (a client's name holds no digits). */
const RUN = Date.now()
  .toString(36)
  .slice(-6)
  .toUpperCase()
  .replace(/\d/g, (d) => 'QRSTUVWXYZ'[Number(d)]!);
const PRODUCT = {
  name: `Market stall loan ${RUN}`,
  category: 'Consumer Lending',
  currency: 'ZAR',
  minAmount: '1 000,00',
  maxAmount: '50 000,00',
  minInstalments: '3',
  maxInstalments: '24',
  rate: '24.5',
  fee: '25,00',
  tolerance: '50,00',
};
const TERMS = { annualRatePercent: '24.5', frequency: 'monthly', method: 'declining-balance', feeMinor: 2_500n } as const;
const CLIENT = { firstName: 'Nomvula', lastName: `Khanyile ${RUN}` };
const CLIENT_NAME = `${CLIENT.firstName} ${CLIENT.lastName}`;
const LOAN = { amount: '12 000,00', principalMinor: 1_200_000n, instalments: 12 };
/** Less than the first instalment, more than its fee and interest: fees, interest and some principal. */
const PAYMENT = { amount: '500,00', minor: 50_000n, reference: `RCPT-${RUN}` };
const CHECKED: CheckedAction[] = ['loan-approval', 'disbursement'];

test.use({ timezoneId: TIME_ZONE, viewport: { width: 1440, height: 900 } });

/** Today in the tenant's zone, as the server dates a disbursement made today. */
const todayThere = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
const money = (minor: bigint) => formatMinor(Number(minor), 'ZAR');

const field = (within: Page | Locator, label: string) => within.getByLabel(label, { exact: true });

/** Another person at their own browser, signed in at `address`. */
async function personAt(browser: Browser, role: string, address: string) {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, role, address);
  await expect(page.getByRole('button', { name: /^User menu:/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${address}$`));
  return page;
}

/** The checker approves the pending request of this run's loan: its row is found by the note the maker wrote. */
async function approveRequest(checker: Page, action: CheckedAction, note: string) {
  await checker.goto('/loans/approvals');
  const row = checker
    .getByRole('table', { name: LOAN_TEXT.requests })
    .getByRole('row')
    .filter({ hasText: note })
    .filter({ hasText: CHECKED_ACTION_LABELS[action] });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(MAKER.name);
  await row.getByRole('button', { name: LOAN_TEXT.approve, exact: true }).click();
  const dialog = checker.getByRole('dialog', { name: `${LOAN_TEXT.approveRequest}: ${CHECKED_ACTION_LABELS[action]}` });
  await dialog.getByRole('textbox', { name: LOAN_TEXT.decisionNote }).fill(`Checked by the branch manager (${RUN})`);
  await dialog.getByRole('button', { name: LOAN_TEXT.approveRequest }).click();
  await expect(checker.getByText(LOAN_TEXT.requestDone)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
}

/**
 * Clicks a checked move's button and waits for the server's answer, whatever it takes on a loaded machine:
 * it must be 202 (held for a checker). Any other answer fails here with the server's own words, rather than
 * as a missing notice ten seconds later.
 */
async function heldByServer(page: Page, pathEnd: string, click: () => Promise<void>) {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(pathEnd));
  await click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(202);
}

/** Switches the branch's maker-checker rules to hold approval and disbursement; answers how to put them back. */
async function holdForChecker(request: APIRequestContext, branchId: string) {
  const admin = await apiAs(request, RULES_ADMIN, branchId);
  const before = await admin.get<MakerCheckerRules>('/api/maker-checker/rules');
  await admin.put('/api/maker-checker/rules', { actions: [...new Set([...before.actions, ...CHECKED])] });
  return async () => {
    await admin.put('/api/maker-checker/rules', { actions: before.actions });
  };
}

let restoreRules: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await restoreRules?.();
  restoreRules = null;
});

test('a credit officer creates a product, applies, approves and disburses with a branch manager checking; the schedule matches the product and a payment is allocated', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(3 * 60_000);
  const maker = await apiAs(request, MAKER.role);
  await maker.post('/api/clients', CLIENT);
  restoreRules = await holdForChecker(request, maker.user.tenantId);

  // The credit officer creates the product in the drawer at /products, every field typed or chosen.
  const owner = await personAt(browser, MAKER.role, '/products');
  try {
    await owner.getByRole('button', { name: PRODUCT_TEXT.newProduct }).click();
    const drawer = owner.getByRole('dialog', { name: PRODUCT_TEXT.newProduct });
    const typeIn = (label: string, text: string) => field(drawer, label).fill(text);
    await typeIn(PRODUCT_TEXT.name, PRODUCT.name);
    await choose(owner, drawer.getByRole('combobox', { name: PRODUCT_TEXT.category }), PRODUCT.category);
    await typeIn(PRODUCT_TEXT.currency, PRODUCT.currency);
    await typeIn(PRODUCT_TEXT.minAmount, PRODUCT.minAmount);
    await typeIn(PRODUCT_TEXT.maxAmount, PRODUCT.maxAmount);
    await typeIn(PRODUCT_TEXT.minInstalments, PRODUCT.minInstalments);
    await typeIn(PRODUCT_TEXT.maxInstalments, PRODUCT.maxInstalments);
    await choose(owner, drawer.getByRole('combobox', { name: PRODUCT_TEXT.frequency }), FREQUENCY_LABELS.monthly);
    await choose(owner, drawer.getByRole('combobox', { name: PRODUCT_TEXT.interestMethod }), INTEREST_METHOD_LABELS['declining-balance']);
    await typeIn(PRODUCT_TEXT.annualRate, PRODUCT.rate);
    await typeIn(PRODUCT_TEXT.feePerInstalment, PRODUCT.fee);
    await typeIn(PRODUCT_TEXT.arrearsTolerance, PRODUCT.tolerance);
    await drawer.getByRole('button', { name: PRODUCT_TEXT.createProduct }).click();
    await expect(owner.getByText(PRODUCT_TEXT.productCreated)).toBeVisible();
    await expect(owner).toHaveURL(/\/products\/[0-9a-f-]{36}\/edit$/);
    await expect(owner.getByRole('textbox', { name: PRODUCT_TEXT.name, exact: true })).toHaveValue(PRODUCT.name);
  } finally {
    await owner.context().close();
  }

  // The credit officer applies for a loan against it for the client.
  await signIn(page, MAKER.role, '/loans/apply');
  await expect(page.getByRole('heading', { name: LOAN_TEXT.applyTitle })).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: LOAN_TEXT.client }), CLIENT_NAME, CLIENT.lastName);
  await choose(page, page.getByRole('combobox', { name: LOAN_TEXT.product }), `${PRODUCT.name} (ZAR)`, PRODUCT.name);
  await field(page, `${LOAN_TEXT.amount} (ZAR)`).fill(LOAN.amount);
  await field(page, LOAN_TEXT.instalments).fill(String(LOAN.instalments));
  await page.getByRole('button', { name: LOAN_TEXT.submitApplication }).click();
  await expect(page.getByText(LOAN_TEXT.applied)).toBeVisible();
  await expect(page.getByRole('heading', { name: loanTitle(CLIENT_NAME, PRODUCT.name) })).toBeVisible();
  const loanAddress = new URL(page.url()).pathname;
  const loanId = loanAddress.split('/').pop()!;

  // Approving is held for a second user: the page says so and the loan stays submitted.
  const approvalNote = `Affordability checked (${RUN})`;
  await page.getByRole('button', { name: LOAN_TEXT.approve, exact: true }).click();
  const approveDialog = page.getByRole('dialog', { name: LOAN_TEXT.approveQuestion });
  await approveDialog.getByRole('textbox', { name: LOAN_TEXT.note }).fill(approvalNote);
  await heldByServer(page, '/approve', () => approveDialog.getByRole('button', { name: LOAN_TEXT.approve }).click());
  await expect(page.getByRole('status').filter({ hasText: LOAN_TEXT.pendingTitle })).toContainText(pendingText('loan-approval'));
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible();

  // The branch manager checks it in the queue.
  const checker = await personAt(browser, CHECKER, '/loans/approvals');
  try {
    await approveRequest(checker, 'loan-approval', approvalNote);

    // The credit officer disburses it from /disbursements; that too waits for the checker.
    const disbursementNote = `Paid out at the Sandton branch (${RUN})`;
    await page.goto('/disbursements');
    const waiting = page.locator('section').filter({ has: page.getByRole('heading', { name: DISBURSEMENT_TEXT.waiting }) });
    await waiting.getByRole('searchbox', { name: DISBURSEMENT_TEXT.searchLoans }).fill(CLIENT.lastName);
    await waiting.getByRole('searchbox', { name: DISBURSEMENT_TEXT.searchLoans }).press('Enter');
    await waiting.getByRole('button', { name: disburseRowLabel(CLIENT_NAME) }).click();
    const disburse = page.getByRole('dialog', { name: `${DISBURSEMENT_TEXT.disburseTitle}: ${CLIENT_NAME}` });
    await expect(field(disburse, DISBURSEMENT_TEXT.disbursedOn)).toHaveValue(todayThere());
    await expect(field(disburse, `${DISBURSEMENT_TEXT.amount} (ZAR)`)).toHaveValue(/12\s?000/);
    await choose(page, disburse.getByRole('combobox', { name: DISBURSEMENT_TEXT.channel }), CHANNEL_LABELS['bank-transfer']);
    await disburse.getByRole('textbox', { name: DISBURSEMENT_TEXT.note }).fill(disbursementNote);
    await heldByServer(page, '/disburse', () => disburse.getByRole('button', { name: DISBURSEMENT_TEXT.disburse }).click());
    await expect(page.getByRole('status').filter({ hasText: LOAN_TEXT.pendingTitle })).toContainText(pendingText('disbursement'));

    await approveRequest(checker, 'disbursement', disbursementNote);
  } finally {
    await checker.context().close();
  }

  // The schedule: the first instalment as the shared schedule code makes it of the product's terms.
  const disbursedOn = todayThere();
  const expected = repaymentSchedule({
    principalMinor: LOAN.principalMinor,
    annualRatePercent: TERMS.annualRatePercent,
    instalments: LOAN.instalments,
    frequency: TERMS.frequency,
    method: TERMS.method,
    firstDueDate: addPeriods(disbursedOn, TERMS.frequency, 1),
    feePerInstalmentMinor: TERMS.feeMinor,
  });
  const first = expected.instalments[0]!;
  await page.goto(`${loanAddress}?tab=schedule`);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  const schedule = page.getByRole('table', { name: LOAN_TEXT.schedule });
  await expect(schedule.locator('tbody tr.ant-table-row')).toHaveCount(LOAN.instalments);
  const firstRow = schedule.locator('tbody tr.ant-table-row').first();
  const cells = firstRow.getByRole('cell');
  // No., due, principal, interest, fees, total, paid, outstanding, status.
  await expect(cells.nth(0)).toHaveText('1');
  await expect(cells.nth(2)).toHaveText(money(first.principalMinor));
  await expect(cells.nth(3)).toHaveText(money(first.interestMinor));
  await expect(cells.nth(4)).toHaveText(money(first.feeMinor));
  await expect(cells.nth(5)).toHaveText(money(first.totalMinor));
  await expect(cells.nth(6)).toHaveText(money(0n));
  await expect(cells.nth(8)).toHaveText(LOAN_TEXT.instalmentDue);

  // A payment taken for the loan, and how the server allocated it: the fee, the interest, the rest to principal.
  await page.goto(`/clients/payments/create?loanId=${loanId}`);
  await field(page, `${PAYMENT_TEXT.amount} (ZAR)`).fill(PAYMENT.amount);
  await choose(page, page.getByRole('combobox', { name: PAYMENT_TEXT.channel }), 'Cash');
  await field(page, PAYMENT_TEXT.reference).fill(PAYMENT.reference);
  await page.getByRole('button', { name: PAYMENT_TEXT.takePayment }).click();
  const allocation = page.getByRole('region', { name: PAYMENT_TEXT.allocation });
  await expect(allocation).toBeVisible();
  const fee = first.feeMinor;
  const interest = first.interestMinor;
  const principal = PAYMENT.minor - fee - interest;
  await expect(allocation.getByLabel(`${PAYMENT_TEXT.fees}: ${money(fee)}`)).toBeVisible();
  await expect(allocation.getByLabel(`${PAYMENT_TEXT.interest}: ${money(interest)}`)).toBeVisible();
  await expect(allocation.getByLabel(`${PAYMENT_TEXT.principal}: ${money(principal)}`)).toBeVisible();
  await expect(allocation.getByLabel(`${PAYMENT_TEXT.overpayment}: ${money(0n)}`)).toBeVisible();

  // The loan's schedule: the first instalment partly paid by exactly the payment.
  await page.goto(`${loanAddress}?tab=schedule`);
  const paidRow = page.getByRole('table', { name: LOAN_TEXT.schedule }).locator('tbody tr.ant-table-row').first().getByRole('cell');
  await expect(paidRow.nth(6)).toHaveText(money(PAYMENT.minor));
  await expect(paidRow.nth(7)).toHaveText(money(first.totalMinor - PAYMENT.minor));
  await expect(paidRow.nth(8)).toHaveText(LOAN_TEXT.instalmentPartlyPaid);
});
