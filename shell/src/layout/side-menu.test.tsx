import { screen, within } from '@testing-library/react';
import type { DomainModule } from '@meridian/shared/module/domain-module';
import { loadedModulesStore, putRemoteState } from '@meridian/shared/module/loaded-modules';
import { makeUser, renderPage, resetSession, signInAs } from '../pages/parts/page-test-kit';
import { SideMenu } from './side-menu';

const salesMenu: DomainModule['menu'] = [
  { label: 'Sales', order: 30, children: [{ label: 'Leads', path: '/sales/leads', permissions: ['SALES/LEADS'] }] },
];

beforeEach(() => {
  signInAs(makeUser({ rolepermissions: [{ hierarchy: 'SALES/LEADS' }] }));
  putRemoteState({
    name: 'sales',
    title: 'Sales',
    status: 'loaded',
    module: { id: 'sales', title: 'Sales', routes: [], permissions: [], menu: salesMenu },
  });
});
afterEach(() => {
  resetSession();
  loadedModulesStore.setState({ remotes: [] });
});

describe('the sidebar', () => {
  test('each entry is a link to its page, so it opens in a new tab and reads as a link', async () => {
    renderPage(<SideMenu collapsed={false} onNavigate={() => undefined} />, { path: '/sales/leads', at: '/sales/leads' });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByRole('link', { name: 'Leads' })).toHaveAttribute('href', '/sales/leads');
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
  });
});
