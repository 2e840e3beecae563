import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { saveFile } from '@meridian/shared/http/save-file';
import {
  COMPANY,
  fail,
  findDialog,
  ok,
  renderSalesPage,
  setOnline,
  signInSales,
  startFieldWork,
  signOut,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/sales-test-kit';
import type { LeadSave } from '@meridian/shared/contract/lead';
import { offlineNoticeMessage } from '@meridian/shared/messages';
import LeadsListPage from './leads-list-page';
import { LEAD_TEXT } from './lead-text';
import { saveLeadOnDevice } from './leads-offline';
import {
  AGENT_ID,
  agent,
  ALL_LEAD_PERMISSIONS,
  answerPdf,
  leadInFull,
  lerato,
  LERATO_LEAD,
  onWednesday5March2025,
  sipho,
} from './leads-test-kit';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

jest.mock('@meridian/shared/http/save-file', () => ({ saveFile: jest.fn() }));

const LIST = '/api/leads/tenant/getbyid';
const listPage = (at = '/sales/leads') => renderSalesPage(<LeadsListPage />, { path: '/sales/leads', at });

/** Lerato (new, no consent) and Sipho (consent given), of 30 leads; the agents to assign to. */
function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === LIST) return page([lerato(), sipho()], 30);
    if (call.method === 'GET' && call.path === `/api/users/getagentscte/${COMPANY}`) return page([agent()]);
    if (call.method === 'PUT' && call.path === `/api/leads/status/${LERATO_LEAD}`) return ok(leadInFull(), 'Lead status set to Contacted.');
    if (call.method === 'POST' && call.path === '/api/leads/assignlead') return ok(leadInFull(), 'Lead assigned.');
    if (call.method === 'POST' && call.path === '/api/leads/delete') return ok(null, 'Lead deleted.');
    if (call.method === 'POST' && call.path === '/api/leads/resend-consent-request') {
      return ok({
        leadId: LERATO_LEAD,
        channel: 'email',
        sentTo: 'lerato.dube@example.com',
        consentStatus: 'REQUESTED',
        consentRequestedAt: '2025-03-05T08:00:00.000Z',
      });
    }
    if (call.method === 'POST' && call.path === '/api/leads/generate-pdf')
      return { status: 200, body: '%PDF', headers: { 'content-type': 'application/pdf' } };
    return undefined;
  });
}

const lastListQuery = (callsTo: (path: string) => FakeCall[]) => queryOf(callsTo(LIST).at(-1)!);

/** Opens a lead's action menu and chooses `item`. */
async function chooseAction(name: string, item: string) {
  await typist().click(screen.getByRole('button', { name: `More actions for ${name}` }));
  await typist().click(await screen.findByRole('menuitem', { name: new RegExp(item) }));
}

beforeEach(() => {
  onWednesday5March2025();
  signInSales(ALL_LEAD_PERMISSIONS);
});
afterEach(() => {
  signOut();
  jest.useRealTimers();
  jest.mocked(saveFile).mockReset();
});
jest.setTimeout(60_000);

describe('leads list', () => {
  test("is headed 'Leads' and asks for this week's leads by created date, newest first", async () => {
    const { callsTo } = server();
    listPage();
    expect(screen.getByRole('heading', { name: 'Leads' })).toBeInTheDocument();
    expect(await screen.findByText('Lerato Dube')).toBeInTheDocument();
    expect(lastListQuery(callsTo)).toEqual({
      dateType: 'created',
      startDate: '2025-03-03',
      endDate: '2025-03-09',
      page: '1',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'dateCreated',
      sortOrder: 'DESC',
    });
    expect(screen.getByLabelText('From')).toHaveValue('2025-03-03');
    expect(screen.getByLabelText('To')).toHaveValue('2025-03-09');
  });

  test('another date type, window, status and search are asked for again from page 1, and kept in the address', async () => {
    const { callsTo } = server();
    const { location } = listPage('/sales/leads?page=2');
    await screen.findByText('Lerato Dube');
    expect(lastListQuery(callsTo)).toMatchObject({ page: '2' });

    openPicker('Dates of');
    await waitFor(() => pickOption('Consent'));
    await waitFor(() => expect(lastListQuery(callsTo)).toMatchObject({ dateType: 'consent', page: '1' }));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-01' } });
    await waitFor(() => expect(lastListQuery(callsTo)).toMatchObject({ startDate: '2025-02-01', endDate: '2025-03-09' }));
    // An end before the start moves the start with it.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-15' } });
    await waitFor(() => expect(lastListQuery(callsTo)).toMatchObject({ startDate: '2025-01-15', endDate: '2025-01-15' }));

    openPicker('Filter by status');
    await waitFor(() => pickOption('Qualified'));
    await typist().type(screen.getByRole('searchbox', { name: /Search name, contact number/ }), 'dube');
    await waitFor(() =>
      expect(lastListQuery(callsTo)).toEqual({
        dateType: 'consent',
        startDate: '2025-01-15',
        endDate: '2025-01-15',
        status: 'Qualified',
        search: 'dube',
        page: '1',
        size: String(SETTING_DEFAULTS.defaultPageSize),
        sortField: 'dateCreated',
        sortOrder: 'DESC',
      }),
    );
    const address = new URLSearchParams(location().search);
    expect(Object.fromEntries(address)).toEqual({
      dateType: 'consent',
      from: '2025-01-15',
      to: '2025-01-15',
      status: 'Qualified',
      q: 'dube',
    });

    await typist().click(screen.getByRole('button', { name: 'This week' }));
    await waitFor(() => expect(lastListQuery(callsTo)).toMatchObject({ startDate: '2025-03-03', endDate: '2025-03-09' }));
  });

  test('an empty window says there are no leads in it', async () => {
    server((call) => (call.path === LIST ? page([]) : undefined));
    listPage();
    expect(await screen.findByText('No leads in this window.')).toBeInTheDocument();
  });

  test('Download PDF posts the lead and saves the answer as lead-<first>-<last>.pdf', async () => {
    const { callsTo } = server();
    const pdf = answerPdf();
    listPage();
    await screen.findByText('Lerato Dube');

    await typist().click(screen.getByRole('button', { name: 'Download the PDF of Lerato Dube' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, fileName] = jest.mocked(saveFile).mock.calls[0]!;
    expect(fileName).toBe('lead-Lerato-Dube.pdf');
    expect(blob).toBe(pdf);
    expect(callsTo('/api/leads/generate-pdf').map((c) => ({ method: c.method, body: c.body }))).toEqual([
      { method: 'POST', body: { leadId: LERATO_LEAD } },
    ]);
  });

  test('a PDF the server refuses is said in a toast and nothing is saved', async () => {
    server((call) => (call.path === '/api/leads/generate-pdf' ? fail(404, 'NOT_FOUND', 'Lead was not found.') : undefined));
    listPage();
    await screen.findByText('Lerato Dube');
    await typist().click(screen.getByRole('button', { name: 'Download the PDF of Lerato Dube' }));
    expect(await screen.findByText('Lead was not found.')).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
  });
});

describe('leads list offline', () => {
  const noConnection = (): never => {
    throw new TypeError('Failed to fetch');
  };
  const keptLead = {
    firstName: 'Palesa',
    lastName: 'Stall',
    contactNumber: '0712345678',
    emailAddress: null,
    addresses: [],
  } as unknown as LeadSave;

  test('says it is offline and what still works, lists the leads saved on this device as waiting to send, and refreshes once back online', async () => {
    let reachable = false;
    const { callsTo } = server((call) =>
      !reachable ? noConnection() : call.method === 'POST' && call.path === '/api/leads' ? ok(leadInFull(), 'Lead created.') : undefined,
    );
    startFieldWork();
    setOnline(false);
    await saveLeadOnDevice(keptLead);
    listPage();

    expect(await screen.findByText(offlineNoticeMessage(LEAD_TEXT.offlineStillWorks))).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.serverError)).not.toBeInTheDocument();
    const kept = await screen.findByRole('region', { name: LEAD_TEXT.leadsOnDevice });
    expect(within(kept).getByText('Palesa Stall')).toBeInTheDocument();
    expect(within(kept).getByText(MESSAGES.waitingToSend)).toBeInTheDocument();

    reachable = true;
    const asked = callsTo(LIST).length;
    setOnline(true);
    await waitFor(() => expect(callsTo(LIST).length).toBeGreaterThan(asked));
    expect(await screen.findByText('Lerato Dube')).toBeInTheDocument();
    expect(screen.queryByText(offlineNoticeMessage(LEAD_TEXT.offlineStillWorks))).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: LEAD_TEXT.leadsOnDevice })).not.toBeInTheDocument());
  });
});

describe('lead actions', () => {
  test('changing the status sends the new one and loads the list again', async () => {
    const { calls, callsTo } = server();
    listPage();
    await screen.findByText('Lerato Dube');
    const listCalls = callsTo(LIST).length;

    await chooseAction('Lerato Dube', 'Change status');
    const dialog = await findDialog('Change the status of Lerato Dube');
    openPicker('New status');
    await waitFor(() => pickOption('Contacted'));
    await typist().click(within(dialog).getByRole('button', { name: 'Change status' }));

    expect(await screen.findByText('The status has been changed.')).toBeInTheDocument();
    expect(writes(calls).map((c) => ({ path: c.path, body: c.body }))).toEqual([
      { path: `/api/leads/status/${LERATO_LEAD}`, body: { status: 'Contacted' } },
    ]);
    await waitFor(() => expect(callsTo(LIST).length).toBe(listCalls + 1));
  });

  test('assigning picks an agent of the acting tenant and keeps a refusal in the dialog', async () => {
    let refuse = true;
    const { callsTo } = server((call) =>
      call.path === '/api/leads/assignlead' && refuse
        ? fail(400, 'VALIDATION', 'Choose an agent of the company the lead belongs to.', {
            fieldErrors: { userId: ['Choose an agent of the company the lead belongs to.'] },
          })
        : undefined,
    );
    listPage();
    await screen.findByText('Lerato Dube');

    await chooseAction('Lerato Dube', 'Assign to agent');
    const dialog = await findDialog('Assign Lerato Dube to an agent');
    openPicker('Agent');
    await waitFor(() => pickOption('Bongani Zulu'));
    await typist().click(within(dialog).getByRole('button', { name: 'Assign to agent' }));
    expect(await within(dialog).findByText('Choose an agent of the company the lead belongs to.')).toBeInTheDocument();

    refuse = false;
    await typist().click(within(dialog).getByRole('button', { name: 'Assign to agent' }));
    expect(await screen.findByText('The lead has been assigned.')).toBeInTheDocument();
    expect(callsTo('/api/leads/assignlead').map((c) => c.body)).toEqual([
      { leadId: LERATO_LEAD, userId: AGENT_ID },
      { leadId: LERATO_LEAD, userId: AGENT_ID },
    ]);
    expect(callsTo(`/api/users/getagentscte/${COMPANY}`).length).toBeGreaterThan(0);
  });

  test('the consent request is sent again only after confirmation, and not offered once consent is given', async () => {
    const { calls, callsTo } = server();
    listPage();
    await screen.findByText('Lerato Dube');

    await typist().click(screen.getByRole('button', { name: 'More actions for Sipho Nkosi' }));
    expect(await screen.findByRole('menuitem', { name: /Change status/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Resend consent request/ })).not.toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    await chooseAction('Lerato Dube', 'Resend consent request');
    const dialog = await findDialog('Send Lerato Dube the consent request again?');
    expect(writes(calls)).toHaveLength(0);
    await typist().click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Consent request e-mailed to lerato.dube@example.com.')).toBeInTheDocument();
    expect(callsTo('/api/leads/resend-consent-request').map((c) => c.body)).toEqual([
      { leadId: LERATO_LEAD, tenantId: COMPANY, mobileNumber: '0821234567' },
    ]);
  });

  test('deleting asks first, then posts the id', async () => {
    const { calls, callsTo } = server();
    listPage();
    await screen.findByText('Lerato Dube');

    await chooseAction('Lerato Dube', MESSAGES.deleteAction);
    let dialog = await findDialog('Delete the lead Lerato Dube?');
    await typist().click(within(dialog).getByRole('button', { name: MESSAGES.cancelAction }));
    await waitFor(() => expect(screen.queryByText('Delete the lead Lerato Dube?')).not.toBeInTheDocument());
    expect(writes(calls)).toHaveLength(0);

    await chooseAction('Lerato Dube', MESSAGES.deleteAction);
    dialog = await findDialog('Delete the lead Lerato Dube?');
    await typist().click(within(dialog).getByRole('button', { name: MESSAGES.deleteAction }));
    expect(await screen.findByText('The lead has been deleted.')).toBeInTheDocument();
    expect(callsTo('/api/leads/delete').map((c) => c.body)).toEqual([{ id: LERATO_LEAD }]);
  });
});
