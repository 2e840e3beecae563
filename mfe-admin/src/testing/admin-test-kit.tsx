/**
 * Test support for the administration screens (imported by *.test.tsx only): signed-in administrators
 * and the antd App around a page, over the product's shared page kit.
 */
import { act } from '@testing-library/react';
import type { User } from '@meridian/shared/contract/user';
import type { DomainModule } from '@meridian/shared/module/domain-module';
import { loadedModulesStore, type RemoteState } from '@meridian/shared/module/loaded-modules';
import { fakeUser } from '@meridian/shared/testing/session-fixtures';

export const GROUP = '10000000-0000-4000-8000-000000000001';
export const COMPANY = '10000000-0000-4000-8000-000000000002';
export const BRANCH = '10000000-0000-4000-8000-000000000003';
export const TEAM = '10000000-0000-4000-8000-000000000004';
export const OTHER_COMPANY = '10000000-0000-4000-8000-000000000005';

/** A global administrator: passes every permission check. */
export const globalAdmin = (): User =>
  fakeUser({
    Id: '20000000-0000-4000-8000-000000000001',
    userName: 'global-administrator',
    tenantId: GROUP,
    roles: [{ Id: 'r-ga', name: 'Global Administrator' }],
  });

/** A company administrator holding only the hierarchies given. */
export const companyAdmin = (hierarchies: string[]): User =>
  fakeUser({
    Id: '20000000-0000-4000-8000-000000000002',
    userName: 'company-administrator',
    tenantId: COMPANY,
    roles: [{ Id: 'r-ca', name: 'Company Administrator' }],
    rolepermissions: hierarchies.map((hierarchy) => ({ hierarchy })),
  });

/** Remotes as the shell reports them once loaded: a module each, or a failure. */
export function loadRemotes(
  remotes: Array<Pick<DomainModule, 'id' | 'title' | 'permissions'> | { id: string; title: string; failed: true }>,
) {
  const states: RemoteState[] = remotes.map((r) =>
    'failed' in r
      ? { name: r.id, title: r.title, status: 'failed', error: 'down' }
      : { name: r.id, title: r.title, status: 'loaded', module: { ...r, routes: [], menu: [] } },
  );
  act(() => loadedModulesStore.setState({ remotes: states }));
}

export {
  confirmDialog as dialog,
  fail,
  fakeFetch,
  ok,
  renderAppPage as renderAdminPage,
  resetSession,
  signInAs,
  typist,
  type FakeCall,
  type FakeReply,
} from '@meridian/shared/testing/page-test-kit';
