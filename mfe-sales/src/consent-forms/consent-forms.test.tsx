/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, page } from '@meridian/shared/testing/page-test-kit';
import { fakeCanvas, PNG_PREFIX } from '@meridian/shared/testing/fake-canvas';
import { saveFile } from '@meridian/shared/http/save-file';
import { api } from '@meridian/shared/http/api';
import { CONSENT_MESSAGES } from '@meridian/shared/contract/loan-consent';
import { ok, renderSalesPage, signInSales, signOut, typist, type FakeCall } from '../testing/sales-test-kit';
import { CONSENT_ID, consentRow, LOAN_ID, loanRow } from './consent-test-kit';
import { CONSENT_TEXT } from './consent-text';
import GuarantorFormPage from './guarantor-form-page';
import SpousalConsentPage from './spousal-consent-page';

jest.mock('@meridian/shared/http/save-file', () => ({ saveFile: jest.fn() }));
jest.setTimeout(60_000);

let canvas: ReturnType<typeof fakeCanvas>;
beforeEach(() => {
  canvas = fakeCanvas();
  signInSales(['CLIENTS', 'CLIENTS/CREATE', 'CLIENTS/EDIT']);
});
afterEach(() => {
  canvas.restore();
  signOut();
});

const spousalPage = (at = `/spousalconsent?loanId=${LOAN_ID}`) => renderSalesPage(<SpousalConsentPage />, { path: '/spousalconsent', at });
const guarantorPage = () => renderSalesPage(<GuarantorFormPage />, { path: '/guarantorform', at: `/guarantorform?loanId=${LOAN_ID}` });

const server =
  (saved = consentRow(), loan = loanRow()) =>
  (call: FakeCall) => {
    if (call.method === 'GET' && call.path === `/api/loans/${LOAN_ID}`) return ok(loan);
    if (call.method === 'GET' && call.path === '/api/loans') return page(call.query.get('status') === 'submitted' ? [loan] : []);
    if (call.method === 'GET' && call.path === '/api/loan-consents') return page([]);
    if (call.method === 'POST' && call.path === '/api/loan-consents') return { status: 201, body: ok(saved).body };
    return undefined;
  };

function sign() {
  const pad = screen.getByRole('img', { name: /Signature of the/ });
  fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'pen', button: 0, clientX: 10, clientY: 10 });
  fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'pen', clientX: 60, clientY: 40 });
  fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'pen' });
}

async function fillSigner(user: ReturnType<typeof typist>) {
  await user.type(await screen.findByLabelText(CONSENT_TEXT.signerName), 'Sipho Dube');
  await user.type(screen.getByLabelText(CONSENT_TEXT.idNumber), '8001015800085');
  await user.type(screen.getByLabelText(CONSENT_TEXT.phone), '0821234567');
  await user.type(screen.getByLabelText(CONSENT_TEXT.signedPlace), 'Soweto branch');
}

test('the form refuses to save unsigned; signed, it sends the PNG and shows the saved record with its PDF', async () => {
  const { callsTo } = fakeServer(server());
  spousalPage();
  const user = typist();
  await fillSigner(user);
  fireEvent.mouseDown(screen.getByRole('combobox', { name: CONSENT_TEXT.marriageRegime }));
  fireEvent.click(await screen.findByTitle('In community of property'));
  // The words agreed to carry the name as it is typed.
  expect(screen.getByText(/I, Sipho Dube, the spouse of Lerato Dube, consent to the loan of/)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: CONSENT_TEXT.save }));
  expect(await screen.findByText(CONSENT_MESSAGES.signatureMissing)).toBeInTheDocument();
  expect(callsTo('/api/loan-consents').filter((c) => c.method === 'POST')).toHaveLength(0);

  sign();
  await waitFor(() => expect(screen.queryByText(CONSENT_MESSAGES.signatureMissing)).not.toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: CONSENT_TEXT.save }));
  await screen.findByText(CONSENT_TEXT.saved);
  const [posted] = callsTo('/api/loan-consents').filter((c) => c.method === 'POST');
  expect(posted!.body).toEqual({
    kind: 'spousal',
    loanId: LOAN_ID,
    signerName: 'Sipho Dube',
    idNumber: '8001015800085',
    phone: '0821234567',
    marriageRegime: 'in-community',
    signedPlace: 'Soweto branch',
    signaturePng: expect.stringMatching(new RegExp(`^${PNG_PREFIX.replace(/[/+]/g, '\\$&')}`)),
  });

  const download = jest.spyOn(api, 'download').mockResolvedValue(new Blob(['%PDF-']));
  const record = screen.getByText(CONSENT_TEXT.saved).closest('div.ant-flex') as HTMLElement;
  expect(within(record).getByText('Sipho Dube')).toBeInTheDocument();
  await user.click(within(record).getByRole('button', { name: CONSENT_TEXT.downloadPdf }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'spousal-consent-Sipho-Dube.pdf'));
  expect(download).toHaveBeenCalledWith(`/api/loan-consents/${CONSENT_ID}/pdf`);
  download.mockRestore();
});

test('a guarantor’s income and guarantee are typed in rand and sent as whole minor units', async () => {
  const saved = consentRow({ kind: 'guarantor', marriageRegime: null, guaranteedMinor: 600_000, monthlyIncomeMinor: 2_450_050 });
  const { callsTo } = fakeServer(server(saved));
  guarantorPage();
  const user = typist();
  await fillSigner(user);
  await user.type(screen.getByLabelText(CONSENT_TEXT.relationship), 'Brother');
  await user.type(screen.getByLabelText(CONSENT_TEXT.address), '12 Vilakazi Street');
  await user.type(screen.getByLabelText(`${CONSENT_TEXT.monthlyIncome} (ZAR)`), '24 500,50');
  await user.type(screen.getByLabelText(`${CONSENT_TEXT.guaranteed} (ZAR)`), '6000.5x');
  expect(await screen.findByText(CONSENT_TEXT.notAnAmount)).toBeInTheDocument();
  await user.type(screen.getByLabelText(`${CONSENT_TEXT.guaranteed} (ZAR)`), '{Backspace}{Backspace}{Backspace}');
  sign();
  await user.click(screen.getByRole('button', { name: CONSENT_TEXT.save }));
  await screen.findByText(CONSENT_TEXT.saved);
  const [posted] = callsTo('/api/loan-consents').filter((c) => c.method === 'POST');
  expect(posted!.body).toMatchObject({ kind: 'guarantor', monthlyIncomeMinor: 2_450_050, guaranteedMinor: 600_000 });
  expect(typeof (posted!.body as { monthlyIncomeMinor: unknown }).monthlyIncomeMinor).toBe('number');
  expect(screen.getByText(/R\s6\s000,00/)).toBeInTheDocument();
});

test('without a loan in the address the application is searched by client and chosen into the address', async () => {
  const { callsTo } = fakeServer(server());
  const { location } = spousalPage('/spousalconsent');
  const picker = await screen.findByRole('combobox', { name: CONSENT_TEXT.loan });
  fireEvent.mouseDown(picker);
  await typist().type(picker, 'Lerato');
  await waitFor(() => expect(callsTo('/api/loans').some((c) => c.query.get('search') === 'Lerato')).toBe(true));
  expect(callsTo('/api/loans').map((c) => c.query.get('status'))).toEqual(expect.arrayContaining(['submitted', 'approved']));
  fireEvent.click(await screen.findByTitle(/Lerato Dube - Personal loan/));
  await waitFor(() => expect(location().search).toBe(`?loanId=${LOAN_ID}`));
  expect(await screen.findByLabelText(CONSENT_TEXT.signerName)).toBeInTheDocument();
});

test('a disbursed loan shows why it takes no form, and offers none', async () => {
  fakeServer(server(consentRow(), loanRow({ status: 'active' })));
  spousalPage();
  expect(await screen.findByText(CONSENT_TEXT.loanNotTaking('active'))).toBeInTheDocument();
  expect(screen.queryByLabelText(CONSENT_TEXT.signerName)).not.toBeInTheDocument();
  expect(await screen.findByText(CONSENT_TEXT.noForms)).toBeInTheDocument();
});
