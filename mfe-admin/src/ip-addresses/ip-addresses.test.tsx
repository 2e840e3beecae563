import { screen, waitFor, within } from '@testing-library/react';
import { CIDR_HINT, type IpAddressEntry } from '@meridian/shared/contract/ip-address';
import { MESSAGES, selfLockoutMessage } from '@meridian/shared/messages';
import {
  dialog,
  fail,
  fakeFetch,
  globalAdmin,
  ok,
  renderAdminPage,
  resetSession,
  signInAs,
  typist,
  COMPANY,
  type FakeCall,
  type FakeReply,
} from '../testing/admin-test-kit';
import IpAddressFormPage from './ip-address-form-page';
import IpAddressesListPage from './ip-addresses-list-page';
import { IP_ADDRESS_TEXT } from './ip-address-text';

jest.setTimeout(30_000);

const ENTRY_ID = '70000000-0000-4000-8000-000000000001';
const entry = (overrides: Partial<IpAddressEntry> = {}): IpAddressEntry => ({
  Id: ENTRY_ID,
  tenantId: COMPANY,
  tenantName: 'Meridian Lending',
  cidr: '203.0.113.0/24',
  description: 'Head office',
  active: true,
  dateCreated: '2025-03-01T08:00:00.000Z',
  createdBy: '20000000-0000-4000-8000-000000000001',
  createdByUserName: 'global-administrator',
  ...overrides,
});

const LOCKOUT = selfLockoutMessage('198.51.100.7');

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeFetch((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === '/api/ip-addresses') {
      const reply = ok([entry()]);
      (reply.body as { meta: unknown }).meta = { paging: { pageNumber: 1, pageSize: 20, total: 1 } };
      return reply;
    }
    if (call.method === 'GET' && call.path === `/api/ip-addresses/${ENTRY_ID}`) return ok(entry());
    if (call.method === 'POST' && call.path === '/api/ip-addresses')
      return { ...ok(entry(call.body as Partial<IpAddressEntry>), 'IP address added.'), status: 201 };
    if (call.method === 'PUT' && call.path === `/api/ip-addresses/${ENTRY_ID}`) return ok(entry(call.body as Partial<IpAddressEntry>));
    return fail(404, 'NOT_FOUND', 'Not found.');
  });
}

const openCreate = () => renderAdminPage(<IpAddressFormPage />, { path: '/admin/ip-addresses/create', at: '/admin/ip-addresses/create' });
const openEdit = () =>
  renderAdminPage(<IpAddressFormPage />, { path: '/admin/ip-addresses/:id/edit', at: `/admin/ip-addresses/${ENTRY_ID}/edit` });
const openList = () => renderAdminPage(<IpAddressesListPage />, { path: '/admin/ip-addresses/list', at: '/admin/ip-addresses/list' });
const cidrField = () => screen.getByLabelText(IP_ADDRESS_TEXT.ipAddressOrRange);
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');

beforeEach(() => signInAs(globalAdmin()));
afterEach(resetSession);

describe('IP address form', () => {
  test('refuses an address or range that is not one, as it is typed, and sends nothing', async () => {
    const { calls } = server();
    openCreate();
    const user = typist();

    await user.type(cidrField(), '203.0.113.0/33');
    expect(await screen.findByText(CIDR_HINT, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    await user.clear(cidrField());
    await user.type(cidrField(), '10.0.0.256');
    expect(await screen.findByText(CIDR_HINT, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: IP_ADDRESS_TEXT.addIpAddress }));
    expect(writes(calls)).toHaveLength(0);
  });

  test('shows how a range will be stored and sends it in that spelling', async () => {
    const { calls } = server();
    const view = openCreate();
    const user = typist();

    await user.type(cidrField(), '203.0.113.77/24');
    expect(await screen.findByText('Saved as 203.0.113.0/24')).toBeInTheDocument();
    await user.type(screen.getByLabelText(MESSAGES.description), 'Head office');
    await user.click(screen.getByRole('button', { name: IP_ADDRESS_TEXT.addIpAddress }));

    await waitFor(() => expect(view.location().pathname).toBe('/admin/ip-addresses/list'));
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      path: '/api/ip-addresses',
      body: { cidr: '203.0.113.0/24', description: 'Head office', active: true },
    });
  });

  test("shows the server's refusal (the lock-out guard) on the address and keeps what was typed", async () => {
    const { calls } = server((call) =>
      call.method === 'PUT' ? fail(400, 'VALIDATION', LOCKOUT, { fieldErrors: { cidr: [LOCKOUT] } }) : undefined,
    );
    const view = openEdit();
    const user = typist();

    await waitFor(() => expect(cidrField()).toHaveValue('203.0.113.0/24'));
    await user.clear(cidrField());
    await user.type(cidrField(), '192.0.2.0/24');
    await user.clear(screen.getByLabelText(MESSAGES.description));
    await user.type(screen.getByLabelText(MESSAGES.description), 'Branch only');
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));

    expect(await screen.findByText(LOCKOUT)).toBeInTheDocument();
    expect(cidrField()).toHaveValue('192.0.2.0/24');
    expect(cidrField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(MESSAGES.description)).toHaveValue('Branch only');
    expect(view.location().pathname).toBe(`/admin/ip-addresses/${ENTRY_ID}/edit`);
    expect(writes(calls)).toHaveLength(1);
  });

  test('shows a refusal that names no field above the button', async () => {
    server((call) => (call.method === 'POST' ? fail(403, 'FORBIDDEN', MESSAGES.forbidden) : undefined));
    openCreate();
    const user = typist();
    await user.type(cidrField(), '2001:db8::/48');
    await user.click(screen.getByRole('button', { name: IP_ADDRESS_TEXT.addIpAddress }));
    expect(await screen.findByText(MESSAGES.forbidden)).toBeInTheDocument();
    expect(cidrField()).toHaveValue('2001:db8::/48');
  });
});

describe('IP addresses list', () => {
  test('explains the allow-list and keeps a refused removal on the screen', async () => {
    const { calls } = server((call) =>
      call.method === 'DELETE' ? fail(400, 'VALIDATION', LOCKOUT, { fieldErrors: { cidr: [LOCKOUT] } }) : undefined,
    );
    openList();
    expect(screen.getByText(IP_ADDRESS_TEXT.ipAllowListExplained)).toBeInTheDocument();

    await typist().click(await screen.findByLabelText('Remove 203.0.113.0/24'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(dialog()).toHaveTextContent('Remove 203.0.113.0/24 from the list?');
    expect(writes(calls)).toHaveLength(0);
    await typist().click(within(dialog()!).getByRole('button', { name: MESSAGES.removeAction }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IP_ADDRESS_TEXT.ipAddressNotRemoved);
    expect(alert).toHaveTextContent(LOCKOUT);
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /api/ip-addresses/${ENTRY_ID}`]);
  });
});
