import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Tenant, TenantNode, TenantTree } from '@meridian/shared/contract/tenant';
import { MESSAGES } from '@meridian/shared/messages';
import {
  BRANCH,
  COMPANY,
  GROUP,
  OTHER_COMPANY,
  TEAM,
  companyAdmin,
  dialog,
  fail,
  fakeFetch,
  globalAdmin,
  ok,
  renderAdminPage,
  resetSession,
  signInAs,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/admin-test-kit';
import TenantCreatePage from './tenant-create-page';
import TenantEditPage from './tenant-edit-page';
import TenantsListPage from './tenants-list-page';
import { TENANT_TEXT } from './tenant-text';

jest.setTimeout(30_000);

const tenant = (Id: string, name: string, type: Tenant['type'], parentId: string | null, extra: Partial<Tenant> = {}): Tenant => ({
  Id,
  name,
  type,
  parentId,
  location: null,
  lat: null,
  lng: null,
  shortCode: null,
  locationRequired: false,
  currencyCode: null,
  currencySymbol: null,
  dateCreated: '2025-01-01T00:00:00.000Z',
  ...extra,
});
const TENANTS: Tenant[] = [
  tenant(GROUP, 'Meridian Group', 1, null, { shortCode: 'MG' }),
  tenant(COMPANY, 'Meridian Lending', 2, GROUP, { shortCode: 'ML', location: 'Johannesburg', lat: -26.2041, lng: 28.0473 }),
  tenant(BRANCH, 'Sandton Branch', 3, COMPANY, { shortCode: 'SB', location: 'Sandton', locationRequired: true }),
  tenant(TEAM, 'Sandton Team', 4, BRANCH),
  tenant(OTHER_COMPANY, 'Meridian Tracking', 2, GROUP),
];
/** The arranged tree of the given tenants, as the descendants calls answer it. */
function treeOf(tenants: Tenant[]): TenantTree {
  const nodes = new Map(tenants.map((t) => [t.Id, { ...t, children: [] as TenantNode[] }]));
  const roots: TenantNode[] = [];
  for (const node of nodes.values()) (node.parentId && nodes.get(node.parentId) ? nodes.get(node.parentId)!.children : roots).push(node);
  return { tenants, tenantsArranged: roots };
}

/** A server answering the tenant calls; `also` answers first where a test needs something else. */
function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined, tenants: Tenant[] = TENANTS) {
  return fakeFetch((call) => {
    const special = also(call);
    if (special) return special;
    if (call.path === '/api/tenants/descendantsByUserId' || call.path === '/api/tenants/descendantsByTenantId') return ok(treeOf(tenants));
    if (call.path === '/api/config/client') return ok({ mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', mapAttribution: 'Test tiles' });
    if (call.path.startsWith('/api/tenants/tenantCurrency/')) return ok({ currencyCode: 'ZAR', currencySymbol: 'R' });
    if (call.path.startsWith('/api/tenants/tenant-banks/'))
      return ok([{ Id: 'b1', tenantId: COMPANY, name: 'First Bank', code: '250655', branchCode: null }]);
    const one = tenants.find((t) => call.path === `/api/tenants/${t.Id}`);
    if (call.method === 'GET' && one) return ok({ ...one, banks: [] });
    if (call.method === 'POST' && call.path === '/api/tenants')
      return { ...ok(tenant('10000000-0000-4000-8000-0000000000aa', 'New', 3, COMPANY)), status: 201 };
    if (call.method === 'PUT' && one) return ok({ ...one, ...(call.body as object) });
    if (call.method === 'POST' && call.path === '/api/tenants/delete') return ok(null);
    return fail(404, 'NOT_FOUND', 'Not found.');
  });
}

const openList = () => renderAdminPage(<TenantsListPage />, { path: '/admin/tenants/list', at: '/admin/tenants/list' });
const openCreate = (search = '') =>
  renderAdminPage(<TenantCreatePage />, { path: '/admin/tenants/create', at: `/admin/tenants/create${search}` });
const openEdit = (id: string) => renderAdminPage(<TenantEditPage />, { path: '/admin/tenants/edit/:id', at: `/admin/tenants/edit/${id}` });

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const formReady = () => screen.findByLabelText(MESSAGES.name);

/** Picks an option of an antd Select or TreeSelect by its title (the dropdown renders in a portal). */
async function choose(label: string, title: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(
      `.ant-select-item-option[title="${title}"], .ant-select-tree-node-content-wrapper[title="${title}"]`,
    );
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  fireEvent.click(option);
}

async function retype(label: string, value: string) {
  const user = typist();
  await user.clear(screen.getByLabelText(label));
  if (value) await user.type(screen.getByLabelText(label), value);
}

const save = () => typist().click(screen.getByRole('button', { name: MESSAGES.save }));

afterEach(resetSession);

describe('tenant list', () => {
  test('shows the hierarchy as a tree with each tenant’s type, short code, location and whether location is required', async () => {
    signInAs(globalAdmin());
    server();
    openList();
    await screen.findByText('Sandton Team');

    expect(rowOf('Meridian Group')).toHaveClass('ant-table-row-level-0');
    expect(rowOf('Meridian Lending')).toHaveClass('ant-table-row-level-1');
    expect(rowOf('Sandton Branch')).toHaveClass('ant-table-row-level-2');
    expect(rowOf('Sandton Team')).toHaveClass('ant-table-row-level-3');
    const branch = within(rowOf('Sandton Branch'));
    expect(branch.getByText('Branch')).toBeInTheDocument();
    expect(branch.getByText('SB')).toBeInTheDocument();
    expect(branch.getByText('Sandton')).toBeInTheDocument();
    expect(branch.getByText(TENANT_TEXT.yes)).toBeInTheDocument();
    // Nothing sits under a team, so a team offers no sub-tenant.
    expect(within(rowOf('Sandton Team')).queryByRole('link', { name: `${TENANT_TEXT.addSubTenant} Sandton Team` })).not.toBeInTheDocument();
  });

  test('a sub-tenant is created from its parent’s row', async () => {
    signInAs(globalAdmin());
    server();
    const { location } = openList();
    await typist().click(await screen.findByRole('link', { name: `${TENANT_TEXT.addSubTenant} Sandton Branch` }));
    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe(`/admin/tenants/create?parentId=${BRANCH}`));
  });

  test('deleting a tenant that has sub-tenants asks first, then shows the server’s refusal', async () => {
    const refusal = `${MESSAGES.tenantHasChildren} (1 sub-tenant(s))`;
    signInAs(globalAdmin());
    const { callsTo } = server((call) => (call.path === '/api/tenants/delete' ? fail(409, 'CONFLICT', refusal) : undefined));
    openList();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: `${MESSAGES.deleteAction} Sandton Branch` }));

    const confirm = await waitFor(() => dialog()!);
    expect(confirm).toHaveTextContent("Delete the tenant 'Sandton Branch'?");
    expect(callsTo('/api/tenants/delete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: MESSAGES.deleteAction }));

    const alert = (await screen.findByText(TENANT_TEXT.tenantNotDeleted)).closest('.ant-alert');
    expect(alert).toHaveTextContent(refusal);
    expect(callsTo('/api/tenants/delete')[0]!.body).toEqual({ id: BRANCH });
    expect(screen.getByText('Sandton Branch')).toBeInTheDocument();
  });

  test('a deleted tenant is gone once the tree loads again', async () => {
    signInAs(globalAdmin());
    const tenants = [...TENANTS];
    server((call) => {
      if (call.path !== '/api/tenants/delete') return undefined;
      tenants.splice(
        tenants.findIndex((t) => t.Id === TEAM),
        1,
      );
      return ok(null);
    }, tenants);
    openList();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: `${MESSAGES.deleteAction} Sandton Team` }));
    await user.click(within(await waitFor(() => dialog()!)).getByRole('button', { name: MESSAGES.deleteAction }));
    await waitFor(() => expect(screen.queryByText('Sandton Team')).not.toBeInTheDocument());
    expect(screen.getByText('Sandton Branch')).toBeInTheDocument();
  });

  test('tenants outside the acting tenant offer no changes', async () => {
    signInAs(globalAdmin(), COMPANY);
    server();
    openList();
    await screen.findByText('Sandton Team');
    expect(within(rowOf('Meridian Tracking')).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(rowOf('Meridian Tracking')).getByText(TENANT_TEXT.outsideActing)).toBeInTheDocument();
    expect(within(rowOf('Sandton Branch')).getByRole('button', { name: `${MESSAGES.deleteAction} Sandton Branch` })).toBeInTheDocument();
  });
});

describe('tenant form', () => {
  test('?parentId= preselects the parent and the level below it', async () => {
    signInAs(globalAdmin());
    server();
    openCreate(`?parentId=${COMPANY}`);
    await formReady();
    expect(screen.getByLabelText(TENANT_TEXT.parentTenant).closest('.ant-select')).toHaveTextContent('Meridian Lending (Company)');
    expect(screen.getByLabelText(TENANT_TEXT.tenantType).closest('.ant-select')).toHaveTextContent('Branch');
  });

  test('creates a branch under its company with what was typed', async () => {
    signInAs(globalAdmin());
    const { callsTo } = server();
    const { location } = openCreate(`?parentId=${COMPANY}`);
    await formReady();
    await retype(MESSAGES.name, 'Rosebank Branch');
    await retype(TENANT_TEXT.shortCode, 'RB');
    await retype(MESSAGES.latitude, '-26.1452');
    await retype(MESSAGES.longitude, '28.0436');
    await save();

    await waitFor(() => expect(callsTo('/api/tenants')).toHaveLength(1));
    expect(callsTo('/api/tenants')[0]!.body).toMatchObject({
      name: 'Rosebank Branch',
      type: 3,
      parentId: COMPANY,
      shortCode: 'RB',
      lat: -26.1452,
      lng: 28.0436,
    });
    await waitFor(() => expect(location().pathname).toBe('/admin/tenants/list'));
  });

  test('a company stands alone: with no parent it is saved as a top-level type 2', async () => {
    signInAs(globalAdmin());
    const { callsTo } = server();
    openCreate();
    await formReady();
    await retype(MESSAGES.name, 'New Company');
    await save();
    await waitFor(() => expect(callsTo('/api/tenants')).toHaveLength(1));
    expect(callsTo('/api/tenants')[0]!.body).toMatchObject({ name: 'New Company', type: 2, parentId: null });
  });

  test('enforces the type rules before sending: a group has no parent, a branch or team needs one, each sits under a higher level', async () => {
    signInAs(globalAdmin());
    const { callsTo } = server();
    openCreate(`?parentId=${BRANCH}`);
    await formReady();
    await retype(MESSAGES.name, 'Wrong Level');

    await choose(TENANT_TEXT.tenantType, 'Branch');
    expect(await screen.findByText('A Branch cannot sit under a Branch.')).toBeInTheDocument();

    await choose(TENANT_TEXT.tenantType, 'Group');
    expect(await screen.findByText('A group has no parent.')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByLabelText(TENANT_TEXT.parentTenant));
    fireEvent.click(screen.getByLabelText(TENANT_TEXT.parentTenant).closest('.ant-select')!.querySelector('.ant-select-clear')!);
    await choose(TENANT_TEXT.tenantType, 'Team');
    expect(await screen.findByText('A branch or team needs a parent tenant.')).toBeInTheDocument();

    await save();
    expect(callsTo('/api/tenants')).toHaveLength(0);
    expect(screen.getByLabelText(MESSAGES.name)).toHaveValue('Wrong Level');
  });

  test('anyone but a global administrator starts under the tenant they act for, and cannot make a tenant top-level', async () => {
    signInAs(companyAdmin(['ADMIN/TENANTS']), COMPANY);
    const { callsTo } = server(
      undefined,
      TENANTS.filter((t) => t.Id !== GROUP && t.Id !== OTHER_COMPANY),
    );
    openCreate();
    await formReady();
    // Anyone else starts under the tenant they act for.
    expect(screen.getByLabelText(TENANT_TEXT.parentTenant).closest('.ant-select')).toHaveTextContent('Meridian Lending (Company)');
    expect(screen.getByLabelText(TENANT_TEXT.tenantType).closest('.ant-select')).toHaveTextContent('Branch');

    await retype(MESSAGES.name, 'Breakaway');
    fireEvent.mouseDown(screen.getByLabelText(TENANT_TEXT.parentTenant));
    fireEvent.click(screen.getByLabelText(TENANT_TEXT.parentTenant).closest('.ant-select')!.querySelector('.ant-select-clear')!);
    await choose(TENANT_TEXT.tenantType, 'Company');
    await save();
    expect(await screen.findByText(TENANT_TEXT.topLevelNeedsGlobalAdmin)).toBeInTheDocument();
    expect(callsTo('/api/tenants')).toHaveLength(0);
  });

  test('keeps the typed values when the server refuses them', async () => {
    const taken = 'This short code is already used by another tenant.';
    signInAs(globalAdmin());
    server((call) =>
      call.method === 'POST' && call.path === '/api/tenants'
        ? fail(400, 'VALIDATION', MESSAGES.validationFailed, { fieldErrors: { shortCode: [taken] } })
        : undefined,
    );
    const { location } = openCreate(`?parentId=${COMPANY}`);
    await formReady();
    await retype(MESSAGES.name, 'Rosebank Branch');
    await retype(TENANT_TEXT.shortCode, 'SB');
    await retype(MESSAGES.location, 'Rosebank');
    await save();

    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText(MESSAGES.name)).toHaveValue('Rosebank Branch');
    expect(screen.getByLabelText(TENANT_TEXT.shortCode)).toHaveValue('SB');
    expect(screen.getByLabelText(MESSAGES.location)).toHaveValue('Rosebank');
    expect(location().pathname).toBe('/admin/tenants/create');
  });

  test('latitude and longitude are checked against their ranges, and come as a pair', async () => {
    signInAs(globalAdmin());
    const { callsTo } = server();
    openCreate(`?parentId=${COMPANY}`);
    await formReady();
    await retype(MESSAGES.name, 'Far Away');

    await retype(MESSAGES.latitude, '95');
    expect(await screen.findByText('A latitude is between -90 and 90.')).toBeInTheDocument();
    await retype(MESSAGES.longitude, '-181');
    expect(await screen.findByText('A longitude is between -180 and 180.')).toBeInTheDocument();
    await save();
    expect(callsTo('/api/tenants')).toHaveLength(0);

    await retype(MESSAGES.latitude, '-26.2');
    await retype(MESSAGES.longitude, '');
    await save();
    expect(await screen.findByText(TENANT_TEXT.coordinatesBoth)).toBeInTheDocument();
    expect(callsTo('/api/tenants')).toHaveLength(0);

    await retype(MESSAGES.longitude, '28.05');
    await save();
    await waitFor(() => expect(callsTo('/api/tenants')).toHaveLength(1));
    expect(callsTo('/api/tenants')[0]!.body).toMatchObject({ lat: -26.2, lng: 28.05 });
  });

  test('the coordinates stay typeable when the map tiles cannot load', async () => {
    signInAs(globalAdmin());
    server();
    openCreate(`?parentId=${COMPANY}`);
    await formReady();
    const map = screen.getByRole('application', { name: MESSAGES.mapLabel });
    // jsdom loads no images: fail the map's first tile the way a closed network does.
    const tile = await waitFor(() => {
      const img = map.querySelector('img.leaflet-tile');
      if (!img) throw new Error('no tile requested yet');
      return img;
    });
    expect(tile.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:9\//);
    fireEvent.error(tile);
    expect(await screen.findByText(MESSAGES.mapTilesUnavailable)).toBeInTheDocument();

    await retype(MESSAGES.latitude, '-26.1');
    await retype(MESSAGES.longitude, '28.2');
    // Kept exactly as typed (the field no longer pads it to the step's four decimals).
    expect(screen.getByLabelText(MESSAGES.latitude)).toHaveValue('-26.1');
    // The typed position shows as the map's marker.
    await waitFor(() => expect(map.querySelector('.meridian-map-pin')).not.toBeNull());
  });

  test('a click on the map fills the latitude and longitude fields', async () => {
    signInAs(globalAdmin());
    server();
    openCreate(`?parentId=${COMPANY}`);
    await formReady();
    expect(screen.getByLabelText(MESSAGES.latitude)).toHaveValue('');
    const map = screen.getByRole('application', { name: MESSAGES.mapLabel });
    await waitFor(() => expect(map).toHaveClass('leaflet-container'));
    fireEvent.click(map, { clientX: 0, clientY: 0 });
    // The map opens on the parent's position (jsdom lays out no pixels, so the click lands near it, not on it).
    const value = (label: string) => Number((screen.getByLabelText(label) as HTMLInputElement).value);
    await waitFor(() => expect(screen.getByLabelText(MESSAGES.latitude)).not.toHaveValue(''));
    expect(Math.abs(value(MESSAGES.latitude) - -26.2041)).toBeLessThan(1);
    expect(Math.abs(value(MESSAGES.longitude) - 28.0473)).toBeLessThan(1);
    await waitFor(() => expect(map.querySelector('.meridian-map-pin')).not.toBeNull());
  });

  test('editing starts from the tenant, shows its banks, and refuses a level at or below its sub-tenants', async () => {
    signInAs(globalAdmin());
    const { callsTo } = server();
    openEdit(COMPANY);
    await formReady();
    expect(screen.getByLabelText(MESSAGES.name)).toHaveValue('Meridian Lending');
    expect(screen.getByLabelText(MESSAGES.latitude)).toHaveValue('-26.2041');
    expect(await screen.findByText('First Bank')).toBeInTheDocument();

    await choose(TENANT_TEXT.tenantType, 'Branch');
    expect(await screen.findByText('A Branch sits under this tenant, so it must stay above a Branch.')).toBeInTheDocument();
    await save();
    expect(callsTo(`/api/tenants/${COMPANY}`).filter((c) => c.method === 'PUT')).toHaveLength(0);

    await choose(TENANT_TEXT.tenantType, 'Company');
    await retype(MESSAGES.location, 'Rosebank');
    await save();
    await waitFor(() => expect(callsTo(`/api/tenants/${COMPANY}`).filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(callsTo(`/api/tenants/${COMPANY}`).find((c) => c.method === 'PUT')!.body).toMatchObject({
      type: 2,
      parentId: GROUP,
      location: 'Rosebank',
    });
  });

  test('a tenant cannot move under itself or its own sub-tenants', async () => {
    signInAs(globalAdmin());
    server();
    openEdit(COMPANY);
    await formReady();
    fireEvent.mouseDown(screen.getByLabelText(TENANT_TEXT.parentTenant));
    const option = (title: string) => waitFor(() => document.querySelector(`.ant-select-tree-treenode:has([title="${title}"])`)!);
    expect(await option('Sandton Branch (Branch)')).toHaveClass('ant-select-tree-treenode-disabled');
    expect(await option('Meridian Lending (Company)')).toHaveClass('ant-select-tree-treenode-disabled');
    expect(await option('Meridian Tracking (Company)')).not.toHaveClass('ant-select-tree-treenode-disabled');
  });
});
