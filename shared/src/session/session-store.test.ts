import type { AuthSession } from '../contract/auth';
import type { User } from '../contract/user';
import { can } from '../contract/access';
import {
  createSessionStore,
  isLoggedIn,
  permissionsOf,
  requestTenantId,
  sessionStore,
  SESSION_STORAGE_KEYS,
  type SessionData,
} from './session-store';
import { fakeJwt, fakeSession, fakeUser } from '../testing/session-fixtures';

const HOME_TENANT = '11111111-1111-4111-8111-111111111111';
const BRANCH_TENANT = '22222222-2222-4222-8222-222222222222';
const OTHER_TENANT = '33333333-3333-4333-8333-333333333333';
const AGENT_HOME = '44444444-4444-4444-8444-444444444444';

const jwt = (exp: number) => fakeJwt({ sub: 'x', exp });
const future = Math.floor(Date.now() / 1000) + 3600;

/** A Storage that records what was written, independent of the store's own memory fallback. */
class FakeStorage implements Storage {
  readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  json(key: string): Record<string, unknown> {
    return JSON.parse(this.getItem(key) ?? 'null');
  }
}

/** Every value written to storage, to search for what must never be there. */
const everythingStored = (storage: FakeStorage) => [...storage.items.values()].join('\n');

/** Thandi, a branch manager at the home tenant. */
const user = (overrides: Partial<User> = {}): User =>
  fakeUser({
    Id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    firstName: 'Thandi',
    lastName: 'Mokoena',
    userName: 'thandi',
    emailAddress: 'thandi@example.com',
    tenantId: HOME_TENANT,
    roles: [{ Id: 'r1', name: 'Branch Manager' }],
    permissions: [{ Id: 'p1', hierarchy: 'CLIENTS' }],
    rolepermissions: [{ hierarchy: 'SALES/LEADS' }],
    ...overrides,
  });

const session = (overrides: Partial<AuthSession> = {}): AuthSession =>
  fakeSession(user(), {
    token: jwt(future),
    refreshToken: 'refresh-admin-0001',
    sessionId: 'session-admin',
    expiresAt: new Date(future * 1000).toISOString(),
    ...overrides,
  });

const agentSession = () =>
  session({
    user: user({
      Id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      userName: 'agent',
      tenantId: AGENT_HOME,
      roles: [{ Id: 'r2', name: 'Loan Officer' }],
    }),
    token: jwt(future + 1),
    refreshToken: 'refresh-agent-0001',
    sessionId: 'session-agent',
    impersonator: { Id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', userName: 'thandi' },
  });

/** The state without its actions, so two stores can be compared by value. */
const dataOf = (store: ReturnType<typeof createSessionStore>): SessionData =>
  Object.fromEntries(Object.entries(store.getState()).filter(([, value]) => typeof value !== 'function')) as unknown as SessionData;

describe('sign in and persistence', () => {
  test('signing in stores the user with SessionID and selectedTenant under the key user, and no token anywhere in storage', () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage);
    store.getState().signIn(session());

    const stored = storage.json('user');
    expect(stored).toMatchObject({
      Id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      userName: 'thandi',
      SessionID: 'session-admin',
      selectedTenant: HOME_TENANT,
    });
    expect(stored).not.toHaveProperty('token');
    expect(stored).not.toHaveProperty('refreshToken');
    expect(everythingStored(storage)).not.toContain(jwt(future));
    expect(everythingStored(storage)).not.toContain('refresh-admin-0001');
    expect(store.getState().token).toBe(jwt(future));
    expect(store.getState()).not.toHaveProperty('refreshToken');
    expect(storage.json(SESSION_STORAGE_KEYS.session)).toMatchObject({ impersonator: null });
    expect(storage.getItem('impersonationStatus')).toBeNull();
    expect(storage.getItem('userTenant')).toBeNull();
  });

  test("the selected tenant starts as the user's saved selection, else the home tenant", () => {
    const withSelection = createSessionStore(new FakeStorage());
    withSelection.getState().signIn(session({ user: user({ selectedTenant: BRANCH_TENANT }) }));
    expect(withSelection.getState().selectedTenantId).toBe(BRANCH_TENANT);

    const withoutSelection = createSessionStore(new FakeStorage());
    withoutSelection.getState().signIn(session());
    expect(withoutSelection.getState().selectedTenantId).toBe(HOME_TENANT);
  });

  test('a new store over the same storage reads back the session, impersonation included, but no access token (memory only)', () => {
    const storage = new FakeStorage();
    const first = createSessionStore(storage);
    first.getState().signIn(session());
    first.getState().selectTenant(BRANCH_TENANT);
    first.getState().startImpersonation(agentSession());
    first.getState().setAgentOnline(true);

    expect(storage.getItem('impersonationStatus')).toBe('in-progress');
    expect(storage.getItem('userTenant')).toBe(BRANCH_TENANT);

    const restored = dataOf(createSessionStore(storage));
    expect(restored).toEqual({ ...dataOf(first), token: null, expiresAt: null });
    expect(restored.agentOnline).toBe(true);
    expect(restored.user?.userName).toBe('agent');
    expect(restored.impersonator?.userName).toBe('thandi');
  });

  test('tokens an older build kept under user are dropped from storage as soon as the store starts', () => {
    const storage = new FakeStorage();
    storage.setItem(
      'user',
      JSON.stringify({
        ...user(),
        token: jwt(future),
        refreshToken: 'refresh-old-build',
        SessionID: 'session-admin',
        selectedTenant: null,
      }),
    );
    const store = createSessionStore(storage);

    expect(store.getState().user?.userName).toBe('thandi');
    expect(store.getState().token).toBeNull();
    expect(everythingStored(storage)).not.toContain('refresh-old-build');
    expect(everythingStored(storage)).not.toContain(jwt(future));
  });

  test('selecting a tenant stores it on the user as selectedTenant', () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage);
    store.getState().signIn(session());
    store.getState().selectTenant(BRANCH_TENANT);

    expect(store.getState().user?.selectedTenant).toBe(BRANCH_TENANT);
    expect(storage.json('user').selectedTenant).toBe(BRANCH_TENANT);
  });

  test('a refresh replaces the access token and keeps the selected tenant', () => {
    const store = createSessionStore(new FakeStorage());
    store.getState().signIn(session());
    store.getState().selectTenant(BRANCH_TENANT);
    store.getState().refreshed(session({ token: jwt(future + 900), refreshToken: undefined, expiresAt: 'later' }));

    expect(store.getState()).toMatchObject({ token: jwt(future + 900), expiresAt: 'later', selectedTenantId: BRANCH_TENANT });
  });

  test('a refresh answered for an impersonation another tab started shows it here; one answered after it ended there shows that', () => {
    const store = createSessionStore(new FakeStorage());
    store.getState().signIn(session());
    store.getState().refreshed(agentSession());
    expect(store.getState()).toMatchObject({ impersonationStatus: 'in-progress', impersonator: { userName: 'thandi' } });
    expect(store.getState().user?.userName).toBe('agent');

    store.getState().refreshed(session({ token: jwt(future + 5) }));
    expect(store.getState()).toMatchObject({ impersonationStatus: 'ended', impersonator: null, token: jwt(future + 5) });
    expect(store.getState().user?.userName).toBe('thandi');
  });
});

describe('sign out', () => {
  test('clears user, tokens, tenants and impersonation from the store and from storage', () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage);
    store.getState().signIn(session());
    store.getState().startImpersonation(agentSession());
    store.getState().setAgentOnline(true);
    store.getState().signOut();

    expect(store.getState()).toMatchObject({
      user: null,
      token: null,
      sessionId: null,
      expiresAt: null,
      impersonator: null,
      selectedTenantId: null,
      impersonationStatus: null,
      userTenant: null,
      agentOnline: false,
    });
    expect(storage.getItem('user')).toBeNull();
    expect(storage.getItem('impersonationStatus')).toBeNull();
    expect(storage.getItem('userTenant')).toBeNull();
    expect(storage.json(SESSION_STORAGE_KEYS.session)).toMatchObject({ impersonator: null });
  });

  test('keeps the network status, which belongs to the browser rather than the user', () => {
    const store = createSessionStore(new FakeStorage());
    store.getState().signIn(session());
    store.getState().setNetworkOnline(false);
    store.getState().signOut();
    expect(store.getState().networkOnline).toBe(false);
  });
});

describe('impersonation', () => {
  test("starting keeps the administrator's tenant, none of the administrator's tokens, and swaps in the impersonated user", () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage);
    store.getState().signIn(session());
    store.getState().selectTenant(BRANCH_TENANT);
    store.getState().startImpersonation(agentSession());

    const state = dataOf(store);
    expect(state.user?.userName).toBe('agent');
    expect(state.token).toBe(jwt(future + 1));
    expect(state.selectedTenantId).toBe(AGENT_HOME);
    expect(state.impersonationStatus).toBe('in-progress');
    expect(state.userTenant).toBe(BRANCH_TENANT);
    expect(JSON.stringify(state)).not.toContain(jwt(future));
    expect(everythingStored(storage)).not.toContain(jwt(future));
  });

  test("ending takes on the administrator's session the server answered, in the saved tenant, and marks it ended", () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage);
    store.getState().signIn(session());
    store.getState().selectTenant(BRANCH_TENANT);
    store.getState().startImpersonation(agentSession());
    store.getState().endImpersonation(session({ token: jwt(future + 60), refreshToken: undefined }));

    const state = dataOf(store);
    expect(state).toMatchObject({
      token: jwt(future + 60),
      sessionId: 'session-admin',
      impersonator: null,
      selectedTenantId: BRANCH_TENANT,
      impersonationStatus: 'ended',
      userTenant: BRANCH_TENANT,
    });
    expect(state.user?.userName).toBe('thandi');
    expect(storage.getItem('impersonationStatus')).toBe('ended');
    expect(everythingStored(storage)).not.toContain(jwt(future + 60));
  });

  test('a second impersonation still returns to the first administrator', () => {
    const store = createSessionStore(new FakeStorage());
    store.getState().signIn(session());
    store.getState().startImpersonation(agentSession());
    store
      .getState()
      .startImpersonation(
        session({ user: user({ Id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', userName: 'third', tenantId: OTHER_TENANT }) }),
      );
    store.getState().endImpersonation(session());

    expect(store.getState().user?.userName).toBe('thandi');
    expect(store.getState().selectedTenantId).toBe(HOME_TENANT);
  });

  test('choosing a tenant after impersonation ended makes requests go to the new choice', () => {
    const store = createSessionStore(new FakeStorage());
    store.getState().signIn(session());
    store.getState().startImpersonation(agentSession());
    store.getState().endImpersonation(session());
    expect(requestTenantId(store.getState())).toBe(HOME_TENANT);

    store.getState().selectTenant(OTHER_TENANT);
    expect(requestTenantId(store.getState())).toBe(OTHER_TENANT);
    expect(store.getState().impersonationStatus).toBeNull();
  });
});

describe('reading stored state', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  test('invalid JSON under user is logged and yields an empty session', () => {
    const storage = new FakeStorage();
    storage.setItem('user', '{"Id": "broken');
    const state = dataOf(createSessionStore(storage));

    expect(logged).toHaveBeenCalled();
    expect(state.user).toBeNull();
    expect(state.token).toBeNull();
    expect(state.selectedTenantId).toBeNull();
  });

  test('invalid JSON under meridian.session is logged and leaves the stored user intact', () => {
    const storage = new FakeStorage();
    storage.setItem('user', JSON.stringify({ ...user(), SessionID: 's-1', selectedTenant: BRANCH_TENANT }));
    storage.setItem(SESSION_STORAGE_KEYS.session, 'not json');
    const state = dataOf(createSessionStore(storage));

    expect(logged).toHaveBeenCalled();
    expect(state).toMatchObject({ token: null, sessionId: 's-1', selectedTenantId: BRANCH_TENANT, expiresAt: null, impersonator: null });
    expect(state.user?.userName).toBe('thandi');
  });

  test('a stored user without id, roles or permissions is logged and ignored', () => {
    const storage = new FakeStorage();
    storage.setItem('user', JSON.stringify({ userName: 'x', token: jwt(future) }));
    const state = dataOf(createSessionStore(storage));

    expect(logged).toHaveBeenCalled();
    expect(state.user).toBeNull();
    expect(state.token).toBeNull();
  });

  test('an unknown impersonation status is read as none', () => {
    const storage = new FakeStorage();
    storage.setItem('impersonationStatus', 'maybe');
    expect(dataOf(createSessionStore(storage)).impersonationStatus).toBeNull();
  });
});

describe('selectors', () => {
  test('logged in means an access token in memory that has not expired', () => {
    expect(isLoggedIn({ token: jwt(future) })).toBe(true);
    expect(isLoggedIn({ token: jwt(1_000) })).toBe(false);
    expect(isLoggedIn({ token: null })).toBe(false);
    expect(isLoggedIn({ token: jwt(2_000) }, 1_999_999)).toBe(true);
  });

  test("permissions are the user's own plus role permissions, by hierarchy", () => {
    const holder = permissionsOf({ user: user() });
    expect(holder.permissions).toEqual(['CLIENTS', 'SALES/LEADS']);
    expect(can(holder, ['SALES/LEADS'])).toBe(true);
    expect(can(holder, ['CLIENTS'])).toBe(true);
    expect(can(holder, ['ADMIN/USERS'])).toBe(false);
    expect(permissionsOf({ user: null })).toEqual({ roles: [], permissions: [] });
  });

  test('requests act for the selected tenant, or for the saved user tenant once impersonation has ended', () => {
    expect(requestTenantId({ selectedTenantId: BRANCH_TENANT, impersonationStatus: null, userTenant: null })).toBe(BRANCH_TENANT);
    expect(requestTenantId({ selectedTenantId: BRANCH_TENANT, impersonationStatus: 'in-progress', userTenant: HOME_TENANT })).toBe(
      BRANCH_TENANT,
    );
    expect(requestTenantId({ selectedTenantId: BRANCH_TENANT, impersonationStatus: 'ended', userTenant: HOME_TENANT })).toBe(HOME_TENANT);
  });
});

describe('the module singleton', () => {
  test('works in Node, where there is no localStorage, by keeping the session in memory', () => {
    expect(typeof globalThis.localStorage).toBe('undefined');
    sessionStore.getState().signIn(session());
    expect(sessionStore.getState().user?.userName).toBe('thandi');
    sessionStore.getState().signOut();
    expect(sessionStore.getState().user).toBeNull();
  });
});

describe('theme choice', () => {
  test('the light/dark choice is remembered under the theme key and survives sign-out', () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage);
    store.getState().setThemeMode('dark');
    expect(storage.getItem('theme')).toBe('dark');
    store.getState().signOut();
    expect(store.getState().themeMode).toBe('dark');
    expect(createSessionStore(storage).getState().themeMode).toBe('dark');
  });
});

describe('dashboard widget choice', () => {
  test('hidden widgets are remembered on the device, shown again on request, and survive sign-out', () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage);
    store.getState().setDashboardWidgetHidden('notifications', true);
    store.getState().setDashboardWidgetHidden('stats', true);
    store.getState().setDashboardWidgetHidden('stats', true);
    expect(store.getState().hiddenDashboardWidgets).toEqual(['notifications', 'stats']);
    store.getState().setDashboardWidgetHidden('notifications', false);
    store.getState().signOut();
    expect(store.getState().hiddenDashboardWidgets).toEqual(['stats']);
    expect(createSessionStore(storage).getState().hiddenDashboardWidgets).toEqual(['stats']);
  });

  test('an unreadable stored choice shows every widget', () => {
    const storage = new FakeStorage();
    storage.setItem('meridian.dashboard.hidden', '{not json');
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(createSessionStore(storage).getState().hiddenDashboardWidgets).toEqual([]);
    spy.mockRestore();
  });
});
