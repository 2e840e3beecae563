/**
 * The one session store of the product (ARCHITECTURE: `session`). It lives in the shared package, which
 * module federation shares as a singleton, so the shell and every remote read the same instance
 * (PITFALLS: a store exposed by the host was seen to be created twice).
 *
 * Persistence uses the spec's local-storage field names (platform spec section 3) so the stored user
 * looks like the one the product has always kept: key `user` holds the user JSON together with
 * `SessionID` and `selectedTenant`; `impersonationStatus` and `userTenant` are their own keys;
 * everything else lives under `meridian.session`.
 *
 * No token is ever stored (security finding 11): the spec's `token` and `refreshToken` fields are
 * gone from storage. The access token lives in this store's memory only; the refresh token is an
 * HttpOnly cookie no script can read. After a reload the stored user is there and the token is not:
 * the shell asks the server for a new access token through the cookie (http-client `renewSession`),
 * and offline the stored user alone opens the offline screens until the connection is back.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { AuthSession } from '../contract/auth';
import type { User } from '../contract/user';
import type { PermissionHolder } from '../contract/access';
import type { Settings } from '../contract/setting';
import { STORAGE_KEYS } from '../constants';
import { parseStoredJson } from '../stored-json';
import { isTokenExpired } from './token-expiry';

export type ImpersonationStatus = 'in-progress' | 'ended';
export type Impersonator = AuthSession['impersonator'];

export interface SessionData {
  user: User | null;
  /** The access token, in memory only: never written to storage. */
  token: string | null;
  sessionId: string | null;
  /** ISO time the access token expires, as the server answered it. */
  expiresAt: string | null;
  impersonator: Impersonator;
  selectedTenantId: string | null;
  impersonationStatus: ImpersonationStatus | null;
  /** The administrator's selected tenant when impersonation started (spec: the saved original tenant). */
  userTenant: string | null;
  networkOnline: boolean;
  agentOnline: boolean;
  /** Light or dark look, remembered under the spec's theme key; it outlives sign-out. */
  themeMode: ThemeMode;
  /** Dashboard widgets hidden from the home page (spec 2.6 widgets sidebar); a device preference that outlives sign-out. */
  hiddenDashboardWidgets: string[];
  /** Bumped whenever this browser adds, changes or removes a tenant, so that tenant pickers load the tree again. */
  tenantTreeVersion: number;
  /** The effective settings of the tenant last loaded (tenant-settings.ts), kept so a reload offline still shows its formats. */
  tenantSettings: LoadedTenantSettings | null;
}

export interface LoadedTenantSettings {
  tenantId: string;
  values: Settings;
}

export type ThemeMode = 'light' | 'dark';

export interface SessionActions {
  signIn(session: AuthSession): void;
  refreshed(session: AuthSession): void;
  signOut(): void;
  selectTenant(tenantId: string): void;
  startImpersonation(session: AuthSession): void;
  /** The administrator's own session, as the server answered the end of the impersonation. */
  endImpersonation(adminSession: AuthSession): void;
  setNetworkOnline(online: boolean): void;
  setAgentOnline(online: boolean): void;
  setThemeMode(mode: ThemeMode): void;
  setDashboardWidgetHidden(widgetId: string, hidden: boolean): void;
  tenantsChanged(): void;
  tenantSettingsLoaded(settings: LoadedTenantSettings): void;
}

export type SessionState = SessionData & SessionActions;
export type SessionStore = StoreApi<SessionState>;

/** Local-storage keys; the first three are the spec's names, the last holds what the spec does not name. */
export const SESSION_STORAGE_KEYS = {
  user: 'user',
  impersonationStatus: STORAGE_KEYS.impersonationStatus,
  userTenant: STORAGE_KEYS.userTenant,
  session: 'meridian.session',
} as const;

/** The `user` key: the user with the session fields the spec keeps beside it, tokens excepted. */
type StoredUser = User & { SessionID: string | null; selectedTenant: string | null };

/** Fields an older build kept under `user`; read only to be dropped. */
type LegacyTokenField = 'token' | 'refreshToken';

/** The `meridian.session` key. */
interface StoredSessionExtras {
  impersonator: Impersonator;
  networkOnline: boolean;
  agentOnline: boolean;
  tenantSettings?: LoadedTenantSettings | null;
}

const logStorageProblem = (problem: unknown) => console.error('[session] stored session ignored:', problem);

/** Browsers report their own connectivity; elsewhere (Node, tests) assume online until told otherwise. */
const browserSaysOnline = (): boolean | null =>
  typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean' ? navigator.onLine : null;

export const emptySession = (): SessionData => ({
  user: null,
  token: null,
  sessionId: null,
  expiresAt: null,
  impersonator: null,
  selectedTenantId: null,
  impersonationStatus: null,
  userTenant: null,
  networkOnline: browserSaysOnline() ?? true,
  agentOnline: false,
  themeMode: 'light',
  hiddenDashboardWidgets: [],
  tenantTreeVersion: 0,
  tenantSettings: null,
});

// ---------------------------------------------------------------------------------------------
// Storage

/** A Storage kept in memory: the fallback where localStorage is missing (Node) or blocked (privacy modes). */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

/** localStorage when the environment has one; touching it can throw (SecurityError) when storage is blocked. */
function defaultStorage(): Storage {
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // Blocked storage: fall through to memory so the application still runs for this page view.
  }
  return createMemoryStorage();
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Enough of a User to run the permission check and the tenant selector without crashing. */
function looksLikeUser(value: unknown): value is User {
  return (
    isRecord(value) &&
    typeof value.Id === 'string' &&
    Array.isArray(value.roles) &&
    Array.isArray(value.permissions) &&
    Array.isArray(value.rolepermissions) &&
    Array.isArray(value.tenants)
  );
}

function looksLikeImpersonator(value: unknown): value is NonNullable<Impersonator> {
  return isRecord(value) && typeof value.Id === 'string' && typeof value.userName === 'string';
}

/** Splits the stored `user` key into the user and the session fields kept beside it; tokens an older build stored are dropped. */
function readStoredUser(storage: Storage): Pick<SessionData, 'user' | 'sessionId' | 'selectedTenantId'> | null {
  const stored = parseStoredJson<StoredUser & Partial<Record<LegacyTokenField, unknown>>>(
    storage.getItem(SESSION_STORAGE_KEYS.user),
    logStorageProblem,
  );
  const { token: _token, refreshToken: _refreshToken, SessionID, ...user } = stored;
  if (!looksLikeUser(user)) {
    if (Object.keys(stored).length > 0) logStorageProblem('the stored user lacks its id, roles, permissions or tenants');
    return null;
  }
  return {
    user,
    sessionId: stringOrNull(SessionID),
    selectedTenantId: stringOrNull(user.selectedTenant) ?? user.tenantId ?? null,
  };
}

function readImpersonationStatus(storage: Storage): ImpersonationStatus | null {
  const raw = storage.getItem(SESSION_STORAGE_KEYS.impersonationStatus);
  return raw === 'in-progress' || raw === 'ended' ? raw : null;
}

/** Only the shape is checked here; tenant-settings.ts takes each value only when it has its default's type. */
function looksLikeTenantSettings(value: unknown): value is LoadedTenantSettings {
  return isRecord(value) && typeof value.tenantId === 'string' && isRecord(value.values);
}

function readExtras(storage: Storage): Partial<StoredSessionExtras> {
  const stored = parseStoredJson<StoredSessionExtras>(storage.getItem(SESSION_STORAGE_KEYS.session), logStorageProblem);
  return {
    impersonator: looksLikeImpersonator(stored.impersonator) ? stored.impersonator : null,
    tenantSettings: looksLikeTenantSettings(stored.tenantSettings) ? stored.tenantSettings : null,
    ...(typeof stored.networkOnline === 'boolean' ? { networkOnline: stored.networkOnline } : {}),
    ...(typeof stored.agentOnline === 'boolean' ? { agentOnline: stored.agentOnline } : {}),
  };
}

function readHiddenWidgets(storage: Storage): string[] {
  const stored = parseStoredJson<string[]>(storage.getItem(STORAGE_KEYS.hiddenDashboardWidgets), logStorageProblem);
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

/** The persisted session; any unreadable part is logged and left empty rather than breaking start-up. */
export function readStoredSession(storage: Storage): SessionData {
  const empty = emptySession();
  const user = readStoredUser(storage);
  const extras = readExtras(storage);
  return {
    ...empty,
    ...(user ?? {}),
    impersonator: user ? (extras.impersonator ?? null) : null,
    impersonationStatus: readImpersonationStatus(storage),
    userTenant: stringOrNull(storage.getItem(SESSION_STORAGE_KEYS.userTenant)),
    // The browser's live answer beats a stored one: a stale "offline" must not send an online user to /offline.
    networkOnline: browserSaysOnline() ?? extras.networkOnline ?? empty.networkOnline,
    agentOnline: user ? (extras.agentOnline ?? false) : false,
    tenantSettings: user ? (extras.tenantSettings ?? null) : null,
    themeMode: storage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light',
    hiddenDashboardWidgets: readHiddenWidgets(storage),
  };
}

function writeOrRemove(storage: Storage, key: string, value: string | null) {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
}

function storedUserOf(state: SessionData): StoredUser | null {
  if (!state.user) return null;
  return {
    ...state.user,
    SessionID: state.sessionId,
    selectedTenant: state.selectedTenantId,
  };
}

/** Writes the session under the spec's keys, without any token; a full or blocked storage is logged, never thrown into the UI. */
export function writeStoredSession(storage: Storage, state: SessionData) {
  const storedUser = storedUserOf(state);
  const extras: StoredSessionExtras = {
    impersonator: state.impersonator,
    networkOnline: state.networkOnline,
    agentOnline: state.agentOnline,
    tenantSettings: state.tenantSettings,
  };
  try {
    writeOrRemove(storage, SESSION_STORAGE_KEYS.user, storedUser ? JSON.stringify(storedUser) : null);
    writeOrRemove(storage, SESSION_STORAGE_KEYS.impersonationStatus, state.impersonationStatus);
    writeOrRemove(storage, SESSION_STORAGE_KEYS.userTenant, state.userTenant);
    storage.setItem(SESSION_STORAGE_KEYS.session, JSON.stringify(extras));
    storage.setItem(STORAGE_KEYS.theme, state.themeMode);
    storage.setItem(STORAGE_KEYS.hiddenDashboardWidgets, JSON.stringify(state.hiddenDashboardWidgets));
  } catch (error) {
    console.error('[session] could not save the session:', error);
  }
}

// ---------------------------------------------------------------------------------------------
// Transitions (pure: state in, changes out)

const homeTenantOf = (user: User) => user.selectedTenant ?? user.tenantId;

/**
 * The user with `selectedTenant` set to the tenant the store selected, so the user in memory always matches
 * the stored one (where the spec keeps the selection on the user).
 */
const withSelectedTenant = (user: User, selectedTenantId: string | null): User => ({ ...user, selectedTenant: selectedTenantId });

/** What the store keeps of a session answer: never a refresh token, even one a non-browser answer carried. */
function fromAuthSession(session: AuthSession): Pick<SessionData, 'user' | 'token' | 'sessionId' | 'expiresAt' | 'impersonator'> {
  return {
    user: session.user,
    token: session.token,
    sessionId: session.sessionId,
    expiresAt: session.expiresAt,
    impersonator: session.impersonator,
  };
}

/** The session the store holds now, in the shape the API answered it (without refresh token); null without an access token. */
export function currentAuthSession(state: SessionData): AuthSession | null {
  if (!state.user || !state.token) return null;
  return {
    user: withSelectedTenant(state.user, state.selectedTenantId),
    token: state.token,
    sessionId: state.sessionId ?? '',
    expiresAt: state.expiresAt ?? '',
    impersonator: state.impersonator,
  };
}

const signedOut = (state: SessionData): SessionData => ({
  ...emptySession(),
  networkOnline: state.networkOnline,
  themeMode: state.themeMode,
  hiddenDashboardWidgets: state.hiddenDashboardWidgets,
});

const withWidgetHidden = (hidden: string[], widgetId: string, hide: boolean) =>
  hide ? [...new Set([...hidden, widgetId])] : hidden.filter((id) => id !== widgetId);

function signedIn(state: SessionData, session: AuthSession): SessionData {
  const selectedTenantId = homeTenantOf(session.user);
  return { ...signedOut(state), ...fromAuthSession(session), user: withSelectedTenant(session.user, selectedTenantId), selectedTenantId };
}

/**
 * The impersonation state as the server's answer says it is. The refresh cookie is one per browser, so
 * a tab may learn from a refresh that another tab started or ended an impersonation.
 */
function impersonationStatusAfter(state: SessionData, session: AuthSession): ImpersonationStatus | null {
  if (session.impersonator) return 'in-progress';
  return state.impersonationStatus === 'in-progress' ? 'ended' : state.impersonationStatus;
}

/**
 * A new access token (and the user as the server sees it now), keeping the tenant the user is working in.
 * The cookie may meanwhile belong to someone else (another tab signed in as another user, or started or
 * ended an impersonation): then the answer is taken as a new sign-in of that user.
 */
function refreshedWith(state: SessionData, session: AuthSession): Partial<SessionData> {
  if (state.user && state.user.Id !== session.user.Id) {
    return { ...signedIn(state, session), impersonationStatus: impersonationStatusAfter(state, session), userTenant: state.userTenant };
  }
  const selectedTenantId = state.selectedTenantId ?? homeTenantOf(session.user);
  return { ...fromAuthSession(session), user: withSelectedTenant(session.user, selectedTenantId), selectedTenantId };
}

/**
 * Selecting a tenant stores it on the user too (spec 2.6). After an impersonation has ended, requests go to
 * the saved original tenant (spec 7.1); an explicit new choice supersedes that, so the ended state is cleared,
 * otherwise the selector would change nothing the server sees.
 */
function tenantSelected(state: SessionData, tenantId: string): Partial<SessionData> {
  const user = state.user ? withSelectedTenant(state.user, tenantId) : null;
  const leavesEndedImpersonation = state.impersonationStatus === 'ended';
  return {
    user,
    selectedTenantId: tenantId,
    ...(leavesEndedImpersonation ? { impersonationStatus: null, userTenant: null } : {}),
  };
}

/**
 * Swaps in the impersonated user's session. The administrator's own session stays on the server (it
 * is what ending returns to); the store keeps only the tenant the administrator was working in.
 */
function impersonating(state: SessionData, session: AuthSession): Partial<SessionData> {
  const alreadyImpersonating = state.impersonationStatus === 'in-progress';
  const selectedTenantId = homeTenantOf(session.user);
  return {
    ...fromAuthSession(session),
    user: withSelectedTenant(session.user, selectedTenantId),
    selectedTenantId,
    impersonationStatus: 'in-progress',
    userTenant: alreadyImpersonating ? state.userTenant : state.selectedTenantId,
    agentOnline: false,
  };
}

/** The administrator again, with the session the server answered, working in the saved tenant (spec 4). */
function impersonationEnded(state: SessionData, adminSession: AuthSession): SessionData {
  const selectedTenantId = state.userTenant ?? homeTenantOf(adminSession.user);
  return {
    ...state,
    ...fromAuthSession(adminSession),
    user: withSelectedTenant(adminSession.user, selectedTenantId),
    selectedTenantId,
    impersonationStatus: 'ended',
    agentOnline: false,
  };
}

// ---------------------------------------------------------------------------------------------
// The store

const dataOf = ({
  signIn,
  refreshed,
  signOut,
  selectTenant,
  startImpersonation,
  endImpersonation,
  setNetworkOnline,
  setAgentOnline,
  setThemeMode,
  setDashboardWidgetHidden,
  tenantsChanged,
  tenantSettingsLoaded,
  ...data
}: SessionState): SessionData => data;

/** A session store persisted to `storage`; tests pass a fake Storage, the browser uses localStorage. */
export function createSessionStore(storage: Storage = defaultStorage()): SessionStore {
  const store = createStore<SessionState>()((set) => ({
    ...readStoredSession(storage),
    signIn: (session) => set((state) => signedIn(dataOf(state), session)),
    refreshed: (session) => set((state) => refreshedWith(dataOf(state), session)),
    signOut: () => set((state) => signedOut(dataOf(state))),
    selectTenant: (tenantId) => set((state) => tenantSelected(dataOf(state), tenantId)),
    startImpersonation: (session) => set((state) => impersonating(dataOf(state), session)),
    endImpersonation: (adminSession) => set((state) => impersonationEnded(dataOf(state), adminSession)),
    setNetworkOnline: (online) => set({ networkOnline: online }),
    setThemeMode: (mode) => set({ themeMode: mode }),
    setAgentOnline: (online) => set({ agentOnline: online }),
    setDashboardWidgetHidden: (widgetId, hide) =>
      set((state) => ({ hiddenDashboardWidgets: withWidgetHidden(state.hiddenDashboardWidgets, widgetId, hide) })),
    tenantsChanged: () => set((state) => ({ tenantTreeVersion: state.tenantTreeVersion + 1 })),
    tenantSettingsLoaded: (settings) => set({ tenantSettings: settings }),
  }));
  store.subscribe((state) => writeStoredSession(storage, dataOf(state)));
  // Rewritten at once, so tokens an older build left in storage are gone from the first page view on.
  writeStoredSession(storage, dataOf(store.getState()));
  return store;
}

let browserStore: SessionStore | null = null;

/** The product's one store, created on first use so importing this module in Node (SSR, tests, the API) costs nothing. */
export function getSessionStore(): SessionStore {
  return (browserStore ??= createSessionStore());
}

/** The singleton as a StoreApi whose every call goes to the lazily created store. */
export const sessionStore: SessionStore = {
  getState: () => getSessionStore().getState(),
  getInitialState: () => getSessionStore().getInitialState(),
  setState: ((partial: Parameters<SessionStore['setState']>[0], replace?: boolean) =>
    getSessionStore().setState(partial as SessionState, replace as true)) as SessionStore['setState'],
  subscribe: (listener) => getSessionStore().subscribe(listener),
};

/**
 * React hook over the singleton: re-renders only when the selected value changes (compared with Object.is).
 * Select primitives, or wrap an object-building selector in `useShallow` from 'zustand/react/shallow':
 * a selector returning a fresh object each call makes React re-render without end.
 */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

// ---------------------------------------------------------------------------------------------
// Selectors

/** Signed in: an access token in memory that has not expired (expiry read from the token itself, spec section 5). */
export const isLoggedIn = (state: Pick<SessionData, 'token'>, now: number = Date.now()) =>
  state.token !== null && !isTokenExpired(state.token, now);

/** The user's own permissions plus role permissions, by hierarchy (spec 2.5 rule 4), for `can()`. */
export function permissionsOf(state: Pick<SessionData, 'user'>): PermissionHolder {
  const user = state.user;
  if (!user) return { roles: [], permissions: [] };
  return {
    roles: user.roles,
    permissions: [...user.permissions.map((p) => p.hierarchy), ...user.rolepermissions.map((p) => p.hierarchy)],
  };
}

/** The x-tenant-id of every request: the selected tenant, or the saved user tenant once impersonation has ended (spec 7.1). */
export function requestTenantId(state: Pick<SessionData, 'selectedTenantId' | 'impersonationStatus' | 'userTenant'>): string | null {
  if (state.impersonationStatus === 'ended' && state.userTenant) return state.userTenant;
  return state.selectedTenantId;
}
