/**
 * Test support for the administration screens (imported by *.test.tsx only): signed-in administrators
 * and the antd App around a page, over the product's shared page kit.
 */
import type { ReactElement } from 'react';
import { App } from 'antd';
import { act, configure } from '@testing-library/react';
import type { User } from '@meridian/shared/contract/user';
import type { DomainModule } from '@meridian/shared/module/domain-module';
import { loadedModulesStore, type RemoteState } from '@meridian/shared/module/loaded-modules';
import { sessionStore } from '@meridian/shared/session/session-store';
import { fakeSession, fakeUser } from '@meridian/shared/testing/session-fixtures';
import { renderPage } from '@meridian/shared/testing/page-test-kit';

// antd pages render slowly in jsdom, more so when the machine runs several test files at once:
// the default 1 s for findBy/waitFor fails tests that are only slow.
configure({ asyncUtilTimeout: 10_000 });

export const GROUP = '10000000-0000-4000-8000-000000000001';
export const COMPANY = '10000000-0000-4000-8000-000000000002';
export const BRANCH = '10000000-0000-4000-8000-000000000003';
export const TEAM = '10000000-0000-4000-8000-000000000004';
export const OTHER_COMPANY = '10000000-0000-4000-8000-000000000005';

/** A global administrator: passes every permission check. */
export const globalAdmin = (): User =>
  fakeUser({ Id: '20000000-0000-4000-8000-000000000001', userName: 'global-administrator', tenantId: GROUP, roles: [{ Id: 'r-ga', name: 'Global Administrator' }] });

/** A company administrator holding only the hierarchies given. */
export const companyAdmin = (hierarchies: string[]): User =>
  fakeUser({
    Id: '20000000-0000-4000-8000-000000000002',
    userName: 'company-administrator',
    tenantId: COMPANY,
    roles: [{ Id: 'r-ca', name: 'Company Administrator' }],
    rolepermissions: hierarchies.map((hierarchy) => ({ hierarchy })),
  });

export function signInAs(user: User, selectedTenant: string = user.tenantId) {
  act(() => {
    sessionStore.getState().signIn(fakeSession(user));
    sessionStore.getState().selectTenant(selectedTenant);
  });
}

export function resetSession() {
  act(() => sessionStore.getState().signOut());
  localStorage.clear();
  loadedModulesStore.setState({ remotes: [] });
}

/** Remotes as the shell reports them once loaded: a module each, or a failure. */
export function loadRemotes(remotes: Array<Pick<DomainModule, 'id' | 'title' | 'permissions'> | { id: string; title: string; failed: true }>) {
  const states: RemoteState[] = remotes.map((r) =>
    'failed' in r
      ? { name: r.id, title: r.title, status: 'failed', error: 'down' }
      : { name: r.id, title: r.title, status: 'loaded', module: { ...r, routes: [], menu: [] } },
  );
  act(() => loadedModulesStore.setState({ remotes: states }));
}

/** Renders an administration page inside the antd App (modal, message) at `at`, on the route `path`. */
export const renderAdminPage = (page: ReactElement, where: { path: string; at: string }) => renderPage(<App>{page}</App>, where);

/** The open confirmation dialog (antd renders it in a portal). */
export const dialog = () => document.querySelector<HTMLElement>('.ant-modal-confirm');

export { fail, fakeFetch, ok, typist, type FakeCall, type FakeReply } from '@meridian/shared/testing/page-test-kit';
