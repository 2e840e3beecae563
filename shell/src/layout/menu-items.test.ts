import type { DomainModule } from '@meridian/shared/module/domain-module';
import { ancestorsOf, menuItems } from './menu-items';
import type { RemoteState } from '@meridian/shared/module/loaded-modules';

const domainModule = (menu: DomainModule['menu']): DomainModule => ({ id: 'sales', title: 'Sales', routes: [], permissions: [], menu });
const loaded = (menu: DomainModule['menu'], name = 'sales'): RemoteState => ({
  name,
  title: name,
  status: 'loaded',
  module: domainModule(menu),
});
const holder = (permissions: string[], role = 'Loan Officer') => ({ roles: [{ name: role }], permissions });

const salesMenu: DomainModule['menu'] = [
  {
    label: 'Sales',
    order: 30,
    children: [
      { label: 'Leads', path: '/sales/leads', permissions: ['SALES/LEADS'] },
      { label: 'Teams', path: '/sales/teams', permissions: ['SALES/TEAMS'] },
    ],
  },
];
const adminMenu: DomainModule['menu'] = [
  {
    label: 'Administration',
    order: 90,
    hiddenOffline: true,
    children: [{ label: 'Users', path: '/admin/users/list', permissions: ['ADMIN/USERS'], hiddenOffline: true }],
  },
];

describe('the sidebar menu', () => {
  test('keeps only items whose hierarchies the user holds, and drops a group left empty', () => {
    const items = menuItems([loaded(salesMenu), loaded(adminMenu, 'admin')], holder(['sales/leads']), true);
    expect(items.map((i) => i.label)).toEqual(['Dashboard', 'Sales']);
    expect(items[1]!.children!.map((c) => c.label)).toEqual(['Leads']);
  });

  test('a global administrator sees every item', () => {
    const items = menuItems([loaded(salesMenu), loaded(adminMenu, 'admin')], holder([], 'Global Administrator'), true);
    expect(items.map((i) => i.label)).toEqual(['Dashboard', 'Sales', 'Administration']);
  });

  test('administration is hidden while offline', () => {
    const items = menuItems([loaded(adminMenu, 'admin')], holder([], 'Global Administrator'), false);
    expect(items.map((i) => i.label)).toEqual(['Dashboard']);
  });

  test('a remote that failed shows as unavailable so it can be retried', () => {
    const failed: RemoteState = { name: 'admin', title: 'Administration', status: 'failed', error: 'down' };
    const items = menuItems([loaded(salesMenu), failed], holder(['SALES/LEADS']), true);
    expect(items.at(-1)).toMatchObject({ label: 'Administration', unavailable: 'admin' });
  });

  test('finds the groups to open for the active page', () => {
    const items = menuItems([loaded(salesMenu)], holder(['SALES/TEAMS']), true);
    expect(ancestorsOf(items, '/sales/teams')).toEqual(['menu/Sales']);
    expect(ancestorsOf(items, '/nowhere')).toBeNull();
  });
});
