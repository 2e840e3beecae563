import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { requestTenantId, sessionStore } from '@meridian/shared/session/session-store';
import { ancestorsOf, forgetTenantTrees, homeTenantIdOf, matchesTenantName, TenantSelector, toTreeData } from './tenant-selector';
import { DEMO, TENANT, installFakeFetch, lendingTree, renderInShell, resetSession, sessionOf, signInAs } from './top-bar-test-kit';

afterEach(() => {
  resetSession();
  forgetTenantTrees();
});

/** Opens the TreeSelect's dropdown the way a pointer does. */
function openTree() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: MESSAGES.selectTenant }));
}

/** The tree's entry with this name (the dropdown renders in a portal). */
const treeEntry = (name: string) => {
  const entry = document.querySelector(`.ant-select-tree-node-content-wrapper[title="${name}"]`);
  if (!entry) throw new Error(`no tree entry "${name}"`);
  return entry as HTMLElement;
};

describe('tenant selector for loan officers and team leaders', () => {
  it('shows a loan officer only the name of their home tenant, with nothing to switch and no tree loaded', async () => {
    const fake = installFakeFetch({ 'GET /api/tenants/descendantsByUserId': { data: lendingTree() } });
    signInAs(DEMO.loanOfficer);
    renderInShell(<TenantSelector />);

    expect(screen.getByTestId('tenant-name')).toHaveTextContent('Soweto Team');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MESSAGES.resetTenant })).not.toBeInTheDocument();
    await act(async () => {});
    expect(fake.calls).toHaveLength(0);
  });

  it('shows a team leader the fixed tenant name too, even when another tenant was saved as selected', () => {
    installFakeFetch({});
    signInAs(DEMO.teamLeader, { selectedTenant: TENANT.sandton });
    renderInShell(<TenantSelector />);
    expect(screen.getByTestId('tenant-name')).toHaveTextContent('Soweto Team');
  });
});

describe('tenant selector for everyone else', () => {
  it('loads the tree once from descendantsByUserId and shows the acting tenant by name', async () => {
    const fake = installFakeFetch({ 'GET /api/tenants/descendantsByUserId': { data: lendingTree() } });
    signInAs(DEMO.salesManager);
    renderInShell(<TenantSelector />);

    await waitFor(() => expect(fake.callsTo('GET', '/api/tenants/descendantsByUserId')).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: MESSAGES.selectTenant })).toBeInTheDocument();
    expect(document.querySelector('.ant-select')).toHaveTextContent('Meridian Lending');
    // Acting in the home tenant: no Reset yet.
    expect(screen.queryByRole('button', { name: MESSAGES.resetTenant })).not.toBeInTheDocument();
  });

  it('loads the tree only once per signed-in user, however often the top bar remounts', async () => {
    const fake = installFakeFetch({ 'GET /api/tenants/descendantsByUserId': { data: lendingTree() } });
    signInAs(DEMO.salesManager);
    const first = renderInShell(<TenantSelector />);
    await waitFor(() => expect(fake.callsTo('GET', '/api/tenants/descendantsByUserId')).toHaveLength(1));
    first.unmount();

    renderInShell(<TenantSelector />);
    openTree();
    await waitFor(() => treeEntry('Cape Town Branch'));
    expect(fake.callsTo('GET', '/api/tenants/descendantsByUserId')).toHaveLength(1);
  });

  it('a tenant added or changed in this browser is in the tree without signing in again', async () => {
    const fake = installFakeFetch({ 'GET /api/tenants/descendantsByUserId': { data: lendingTree() } });
    signInAs(DEMO.salesManager);
    renderInShell(<TenantSelector />);
    await waitFor(() => expect(fake.callsTo('GET', '/api/tenants/descendantsByUserId')).toHaveLength(1));

    act(() => sessionStore.getState().tenantsChanged());

    await waitFor(() => expect(fake.callsTo('GET', '/api/tenants/descendantsByUserId')).toHaveLength(2));
  });

  it("selecting a tenant changes the store's selected tenant and saves it on the user with PUT /api/users/{me}", async () => {
    const fake = installFakeFetch({
      'GET /api/tenants/descendantsByUserId': { data: lendingTree() },
      [`PUT /api/users/${DEMO.salesManager.Id}`]: { data: {} },
    });
    signInAs(DEMO.salesManager);
    renderInShell(<TenantSelector />);
    await waitFor(() => expect(fake.callsTo('GET', '/api/tenants/descendantsByUserId')).toHaveLength(1));

    openTree();
    fireEvent.click(await waitFor(() => treeEntry('Johannesburg Branch')));

    expect(sessionStore.getState().selectedTenantId).toBe(TENANT.johannesburg);
    expect(sessionStore.getState().user?.selectedTenant).toBe(TENANT.johannesburg);
    await waitFor(() => expect(fake.callsTo('PUT', `/api/users/${DEMO.salesManager.Id}`)).toHaveLength(1));
    const [put] = fake.callsTo('PUT', `/api/users/${DEMO.salesManager.Id}`);
    expect(put!.body).toEqual({ selectedTenant: TENANT.johannesburg });
    // The save already acts for the new tenant, as every request after the choice does.
    expect(put!.headers['x-tenant-id']).toBe(TENANT.johannesburg);
  });

  it('shows Reset once another tenant is picked, and Reset goes back to the home tenant and saves that', async () => {
    const fake = installFakeFetch({
      'GET /api/tenants/descendantsByUserId': { data: lendingTree() },
      [`PUT /api/users/${DEMO.salesManager.Id}`]: { data: {} },
    });
    signInAs(DEMO.salesManager);
    renderInShell(<TenantSelector />);
    await waitFor(() => expect(fake.callsTo('GET', '/api/tenants/descendantsByUserId')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: MESSAGES.resetTenant })).not.toBeInTheDocument();

    openTree();
    fireEvent.click(await waitFor(() => treeEntry('Cape Town Branch')));
    const reset = await screen.findByRole('button', { name: MESSAGES.resetTenant });
    expect(document.querySelector('.ant-select')).toHaveTextContent('Cape Town Branch');

    fireEvent.click(reset);

    expect(sessionStore.getState().selectedTenantId).toBe(TENANT.lending);
    expect(requestTenantId(sessionStore.getState())).toBe(TENANT.lending);
    await waitFor(() => expect(screen.queryByRole('button', { name: MESSAGES.resetTenant })).not.toBeInTheDocument());
    await waitFor(() => expect(fake.callsTo('PUT', `/api/users/${DEMO.salesManager.Id}`)).toHaveLength(2));
    expect(fake.callsTo('PUT', `/api/users/${DEMO.salesManager.Id}`).map((c) => c.body)).toEqual([
      { selectedTenant: TENANT.capeTown },
      { selectedTenant: TENANT.lending },
    ]);
  });

  it('filters the tree by name, ignoring case', async () => {
    const fake = installFakeFetch({ 'GET /api/tenants/descendantsByUserId': { data: lendingTree() } });
    signInAs(DEMO.salesManager);
    renderInShell(<TenantSelector />);
    await waitFor(() => expect(fake.callsTo('GET', '/api/tenants/descendantsByUserId')).toHaveLength(1));

    openTree();
    fireEvent.change(screen.getByRole('combobox', { name: MESSAGES.selectTenant }), { target: { value: 'sOWETO' } });

    // Only the match and the tenants above it remain (Soweto Team was hidden in a closed branch before).
    const shown = () => [...document.querySelectorAll('.ant-select-tree-node-content-wrapper')].map((e) => e.getAttribute('title'));
    await waitFor(() => expect(shown()).toEqual(['Meridian Lending', 'Johannesburg Branch', 'Soweto Team']));
  });

  it('a failed selection save is only logged: the tenant stays selected', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    installFakeFetch({
      'GET /api/tenants/descendantsByUserId': { data: lendingTree() },
      [`PUT /api/users/${DEMO.salesManager.Id}`]: { status: 500 },
    });
    signInAs(DEMO.salesManager);
    renderInShell(<TenantSelector />);
    openTree();
    fireEvent.click(await waitFor(() => treeEntry('Johannesburg Branch')));

    await waitFor(() => expect(error).toHaveBeenCalledWith('[top-bar] could not save the selected tenant:', expect.anything()));
    expect(sessionStore.getState().selectedTenantId).toBe(TENANT.johannesburg);
    error.mockRestore();
  });

  it('a failed tree load is only logged, and the current tenant still shows by name', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    installFakeFetch({ 'GET /api/tenants/descendantsByUserId': { status: 503 } });
    signInAs(DEMO.salesManager);
    renderInShell(<TenantSelector />);

    await waitFor(() => expect(error).toHaveBeenCalledWith('[top-bar] could not load the tenant tree:', expect.anything()));
    expect(document.querySelector('.ant-select')).toHaveTextContent('Meridian Lending');
    error.mockRestore();
  });

  it('after an impersonation ended, loads the tree beneath the saved original tenant instead', async () => {
    const fake = installFakeFetch({
      'GET /api/tenants/descendants-by-specific-tenantid': { data: lendingTree() },
      'GET /api/tenants/descendantsByUserId': { data: lendingTree() },
    });
    signInAs(DEMO.administrator);
    sessionStore.getState().selectTenant(TENANT.johannesburg);
    sessionStore.getState().startImpersonation(sessionOf(DEMO.loanOfficer));
    sessionStore.getState().endImpersonation(sessionOf(DEMO.administrator));
    expect(sessionStore.getState().impersonationStatus).toBe('ended');

    renderInShell(<TenantSelector />);

    await waitFor(() => expect(fake.callsTo('GET', '/api/tenants/descendants-by-specific-tenantid')).toHaveLength(1));
    expect(fake.callsTo('GET', '/api/tenants/descendants-by-specific-tenantid')[0]!.url).toBe(
      `/api/tenants/descendants-by-specific-tenantid?tenantId=${TENANT.johannesburg}`,
    );
    expect(fake.callsTo('GET', '/api/tenants/descendantsByUserId')).toHaveLength(0);
    await waitFor(() => expect(document.querySelector('.ant-select')).toHaveTextContent('Johannesburg Branch'));
  });

  it('renders nothing and loads nothing when signed out', async () => {
    const fake = installFakeFetch({ 'GET /api/tenants/descendantsByUserId': { data: lendingTree() } });
    const { container } = renderInShell(<TenantSelector />);
    await act(async () => {});
    expect(within(container).queryByRole('combobox')).not.toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });
});

describe('tenant selector helpers', () => {
  it('matches names anywhere, case-insensitively, and an empty filter matches all', () => {
    expect(matchesTenantName('town', 'Cape Town Branch')).toBe(true);
    expect(matchesTenantName('  CAPE ', 'Cape Town Branch')).toBe(true);
    expect(matchesTenantName('durban', 'Cape Town Branch')).toBe(false);
    expect(matchesTenantName('', 'Anything')).toBe(true);
  });

  it('finds the path to a tenant so the tree opens on it', () => {
    const options = toTreeData(lendingTree().tenantsArranged);
    expect(ancestorsOf(options, TENANT.bellville)).toEqual([TENANT.lending, TENANT.capeTown]);
    expect(ancestorsOf(options, TENANT.lending)).toEqual([]);
    expect(ancestorsOf(options, TENANT.group)).toBeNull();
  });

  it("takes the home tenant from tenantId, else the first of the user's tenants", () => {
    expect(homeTenantIdOf({ tenantId: TENANT.soweto, tenants: [] })).toBe(TENANT.soweto);
    expect(homeTenantIdOf({ tenantId: '', tenants: [{ Id: TENANT.sandton } as never] })).toBe(TENANT.sandton);
  });
});
