import { screen, waitFor, within } from '@testing-library/react';
import {
  confirmDialog,
  ok,
  openPicker,
  page,
  pickOption,
  renderAppPage,
  resetSession,
  typist,
  writes,
} from '@meridian/shared/testing/page-test-kit';
import type { Dispatch } from '@meridian/shared/contract/dispatch';
import { recoveryServer, REPOSSESSION_ID, repossession, signInStaff, spotter, SPOTTER_ID, thirdParty } from '../testing/recovery-test-kit';
import { DispatchTab } from './dispatch-tab';
import { DISPATCH_TEXT } from './dispatch-text';

jest.setTimeout(30_000);

const made: Dispatch = {
  id: '70000000-0000-4000-8000-000000000001',
  repossessionId: REPOSSESSION_ID,
  registrationNumber: 'GP 22 BB 22',
  spotterId: SPOTTER_ID,
  thirdPartyId: null,
  assigneeName: 'Sipho Dlamini',
  status: 'Open',
  note: null,
  reward: {
    id: '80000000-0000-4000-8000-000000000001',
    amountMinor: 500_050,
    currency: 'ZAR',
    published: false,
    earned: false,
    datePublished: null,
  },
  dispatchedByUserId: null,
  dateCreated: '2026-11-02T08:00:00.000Z',
  dateClosed: null,
};

function server() {
  return recoveryServer((call) => {
    if (call.method === 'GET' && call.path === `/api/vehicles/repossessionsdispatch/${REPOSSESSION_ID}`) return ok([]);
    if (call.method === 'GET' && call.path === '/api/vehicles/agent') return page([spotter()]);
    if (call.method === 'GET' && call.path === '/api/vehicles/third-party') return page([thirdParty()]);
    if (call.method === 'POST' && call.path === '/api/vehicles/repossessions-dispatch') return { ...ok(made), status: 201 };
    return undefined;
  });
}

beforeEach(() => signInStaff());
afterEach(resetSession);

const renderTab = (reload = jest.fn()) => {
  renderAppPage(<DispatchTab repossession={repossession()} reload={reload} />, {
    path: '/vehicles/repossessions/:id',
    at: `/vehicles/repossessions/${REPOSSESSION_ID}`,
  });
  return reload;
};

describe("the repossession's Dispatch tab", () => {
  test('a dispatch to a spotter sends the reward in whole minor units, and the page reloads as the repossession moves', async () => {
    const { calls } = server();
    const reload = renderTab();
    expect(await screen.findByText(DISPATCH_TEXT.noDispatches)).toBeInTheDocument();
    openPicker(DISPATCH_TEXT.assignee);
    await waitFor(() => pickOption(`${DISPATCH_TEXT.spotter}: Sipho Dlamini`));
    const user = typist();
    await user.type(screen.getByRole('textbox', { name: DISPATCH_TEXT.reward }), '5000.50');
    await user.type(screen.getByRole('textbox', { name: DISPATCH_TEXT.note }), 'Try Soweto');
    await user.click(screen.getByRole('button', { name: DISPATCH_TEXT.dispatch }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      repossessionId: REPOSSESSION_ID,
      spotterId: SPOTTER_ID,
      thirdPartyId: null,
      reward: { amountMinor: 500_050, currency: 'ZAR' },
      note: 'Try Soweto',
    });
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  test('a reward with more than two decimals, or no spotter or third party chosen, is refused before anything is sent', async () => {
    const { calls } = server();
    renderTab();
    await screen.findByText(DISPATCH_TEXT.noDispatches);
    const user = typist();
    await user.type(screen.getByRole('textbox', { name: DISPATCH_TEXT.reward }), '12.345');
    await user.click(screen.getByRole('button', { name: DISPATCH_TEXT.dispatch }));
    expect(await screen.findByText(DISPATCH_TEXT.rewardInvalid)).toBeInTheDocument();
    expect(screen.getByText(DISPATCH_TEXT.chooseAssignee, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test('with no reward typed, the dispatch carries none', async () => {
    const { calls } = server();
    renderTab();
    await screen.findByText(DISPATCH_TEXT.noDispatches);
    openPicker(DISPATCH_TEXT.assignee);
    await waitFor(() => pickOption(`${DISPATCH_TEXT.thirdParty}: Rapid Recoveries (Pty) Ltd`));
    await typist().click(screen.getByRole('button', { name: DISPATCH_TEXT.dispatch }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ spotterId: null, thirdPartyId: thirdParty().id, reward: null, note: null });
  });

  test('an open dispatch is closed as recovering the vehicle (the page reloads) and its reward is published', async () => {
    const { calls } = recoveryServer((call) => {
      if (call.method === 'GET' && call.path === `/api/vehicles/repossessionsdispatch/${REPOSSESSION_ID}`) return ok([made]);
      if (call.method === 'GET' && (call.path === '/api/vehicles/agent' || call.path === '/api/vehicles/third-party')) return page([]);
      if (call.method === 'PUT') return ok(made);
      return undefined;
    });
    const reload = renderTab();
    const row = (await screen.findByText('Sipho Dlamini')).closest('tr')!;
    expect(within(row).getByText(/R\s?5\s000,50/)).toBeInTheDocument();
    const user = typist();
    await user.click(within(row).getByRole('button', { name: DISPATCH_TEXT.publish }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      path: '/api/vehicles/repossessions-publish',
      body: { rewardId: made.reward!.id, success: true },
    });
    await user.click(within(row).getByRole('button', { name: DISPATCH_TEXT.succeeded }));
    await user.click(within(confirmDialog()!).getByRole('button', { name: DISPATCH_TEXT.succeeded }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({
      path: '/api/vehicles/repossessions-dispatch-status',
      body: { dispatchId: made.id, success: true },
    });
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });
});
