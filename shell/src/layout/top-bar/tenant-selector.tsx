/**
 * The tenant selector of spec 2.6. Loan officers and team leaders see their home tenant's name and
 * cannot switch. Everyone else picks from the tree of tenants beneath them, with a filter and a
 * Reset button (shown once the acting tenant is not the home tenant) that goes back home.
 *
 * Picking a tenant calls `selectTenant` on the session store (so every request from then on sends it
 * as x-tenant-id) and saves it on the user (PUT /api/users/{me} { selectedTenant }).
 *
 * Pages reload their data on a tenant change by keying it on the acting tenant, for example
 *
 *     const tenantId = useSession(requestTenantId);
 *     useEffect(() => { void load(); }, [tenantId]);     // or a query key [..., tenantId]
 *
 * `requestTenantId(state)` is the tenant the http client sends (the selection, or the saved original
 * tenant once an impersonation has ended), so data keyed on it always matches what the server
 * scoped. The shell also remounts the content area when it changes.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Space, TreeSelect, Typography } from 'antd';
import { useShallow } from 'zustand/react/shallow';
import { isInRoleGroup } from '@meridian/shared/contract/roles';
import type { TenantNode, TenantTree } from '@meridian/shared/contract/tenant';
import type { User } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { isLoggedIn, requestTenantId, sessionStore, useSession } from '@meridian/shared/session/session-store';
import { TOP_BAR_INK } from './top-bar-colours';

// ---------------------------------------------------------------------------------------------
// Pure helpers

/** The user's home (initial) tenant: the first of their tenants, which the server also answers as tenantId. */
export function homeTenantIdOf(user: Pick<User, 'tenantId' | 'tenants'>): string | null {
  return user.tenantId || user.tenants[0]?.Id || null;
}

export function homeTenantNameOf(user: Pick<User, 'tenantId' | 'tenants'>): string {
  const home = homeTenantIdOf(user);
  return user.tenants.find((t) => t.Id === home)?.name ?? user.tenants[0]?.name ?? '';
}

export interface TenantOption {
  value: string;
  title: string;
  children: TenantOption[];
}

export const toTreeData = (nodes: readonly TenantNode[]): TenantOption[] =>
  nodes.map((n) => ({ value: n.Id, title: n.name, children: toTreeData(n.children ?? []) }));

/** The filter: the typed text anywhere in the tenant's name, ignoring case and surrounding spaces. */
export function matchesTenantName(input: string, name: unknown): boolean {
  const wanted = input.trim().toLocaleLowerCase();
  return (
    wanted === '' ||
    String(name ?? '')
      .toLocaleLowerCase()
      .includes(wanted)
  );
}

/** The ids from the root down to (and without) `id`, so the tree opens on the current tenant; null when absent. */
export function ancestorsOf(nodes: readonly TenantOption[], id: string): string[] | null {
  for (const node of nodes) {
    if (node.value === id) return [];
    const below = ancestorsOf(node.children, id);
    if (below) return [node.value, ...below];
  }
  return null;
}

function findName(nodes: readonly TenantOption[], id: string): string | null {
  for (const node of nodes) {
    if (node.value === id) return node.title;
    const below = findName(node.children, id);
    if (below !== null) return below;
  }
  return null;
}

/** Which call answers the tree: the user's own descendants, or after an ended impersonation those of the saved tenant (spec 4). */
export function loadTenantTree(endedImpersonationTenant: string | null, signal?: AbortSignal) {
  const options = signal ? { signal } : {};
  return endedImpersonationTenant
    ? api.get<TenantTree>('/api/tenants/descendants-by-specific-tenantid', { ...options, query: { tenantId: endedImpersonationTenant } })
    : api.get<TenantTree>('/api/tenants/descendantsByUserId', options);
}

/**
 * The loaded trees, one per signed-in session and source, so the tree is fetched once per signed-in
 * user even when the layout remounts (a trip through a plain-layout page, say). A failed load is not
 * kept, so the next mount tries again.
 */
const treeCache = new Map<string, Promise<TenantOption[]>>();

function cachedTenantTree(key: string, endedImpersonationTenant: string | null): Promise<TenantOption[]> {
  let tree = treeCache.get(key);
  if (!tree) {
    tree = loadTenantTree(endedImpersonationTenant).then(({ data }) => toTreeData(data?.tenantsArranged ?? []));
    tree.catch(() => treeCache.delete(key));
    treeCache.set(key, tree);
  }
  return tree;
}

/** Forgets the loaded tenant trees: for whoever changes tenants (the tenant administration) and for tests. */
export function forgetTenantTrees() {
  treeCache.clear();
}

/** Acts for `tenantId` from now on and remembers it on the user; a failed save is only logged (spec 8). */
export function chooseTenant(userId: string, tenantId: string) {
  sessionStore.getState().selectTenant(tenantId);
  return api
    .put(`/api/users/${encodeURIComponent(userId)}`, { selectedTenant: tenantId })
    .then(() => undefined)
    .catch((error: unknown) => console.error('[top-bar] could not save the selected tenant:', error));
}

// ---------------------------------------------------------------------------------------------
// Components

export function TenantSelector() {
  const { user, loggedIn } = useSession(useShallow((s) => ({ user: s.user, loggedIn: isLoggedIn(s) })));
  if (!user || !loggedIn) return null;
  if (isInRoleGroup(user.roles, 'fieldAgent')) {
    return (
      <Typography.Text data-testid="tenant-name" style={{ color: TOP_BAR_INK, whiteSpace: 'nowrap' }}>
        {homeTenantNameOf(user)}
      </Typography.Text>
    );
  }
  return <TenantTreeSelector user={user} />;
}

/**
 * The tenants the user may act for, loaded once per session and source (see `cachedTenantTree`), with
 * the acting tenant. Empty until loaded.
 */
function useTenantTree(user: User | null) {
  const { current, endedTenant, sessionId, treeVersion } = useSession(
    useShallow((s) => ({
      current: requestTenantId(s),
      endedTenant: s.impersonationStatus === 'ended' ? s.userTenant : null,
      sessionId: s.sessionId,
      treeVersion: s.tenantTreeVersion,
    })),
  );
  const userId = user?.Id ?? null;
  const mayChoose = !!user && !isInRoleGroup(user.roles, 'fieldAgent');
  // The tree is remembered with its owner, so another user never sees the previous user's tenants.
  const [tree, setTree] = useState<{ userId: string; options: TenantOption[] } | null>(null);

  useEffect(() => {
    if (!userId || !mayChoose) return;
    let active = true;
    // A tenant added or changed in this browser (tenantTreeVersion) makes a new key, so the tree is asked again.
    cachedTenantTree(`${sessionId ?? ''}|${userId}|${endedTenant ?? ''}|${treeVersion}`, endedTenant)
      .then((options) => {
        if (active) setTree({ userId, options });
      })
      .catch((error: unknown) => console.error('[top-bar] could not load the tenant tree:', error));
    return () => {
      active = false;
    };
  }, [sessionId, userId, mayChoose, endedTenant, treeVersion]);

  const options = useMemo(() => (tree && tree.userId === userId ? tree.options : []), [tree, userId]);
  return { current, options };
}

/** The acting tenant's name: one of the user's own tenants, or one below them from the tree; null until known. */
function actingTenantName(user: User, options: readonly TenantOption[], current: string | null): string | null {
  if (!current) return null;
  return user.tenants.find((t) => t.Id === current)?.name ?? findName(options, current);
}

/** The name of the tenant the user is working in, for pages that say so (the dashboard). */
export function useActingTenantName(): string | null {
  const user = useSession((s) => s.user);
  const { current, options } = useTenantTree(user);
  return user ? actingTenantName(user, options, current) : null;
}

function TenantTreeSelector({ user }: { user: User }) {
  const { current, options } = useTenantTree(user);
  const userId = user.Id;
  const home = homeTenantIdOf(user);
  // The tree opens on the acting tenant: its ancestors and itself expanded, so its sub-tenants show.
  const expanded = useMemo(() => (current ? [...(ancestorsOf(options, current) ?? []), current] : []), [options, current]);
  // Until the tree has loaded, a tenant outside the user's own list has no name yet: the placeholder shows, never an id.
  const currentLabel = actingTenantName(user, options, current);

  const choose = (tenantId: string | undefined) => {
    if (!tenantId || tenantId === current) return;
    void chooseTenant(userId, tenantId);
  };

  return (
    <Space.Compact>
      <TreeSelect<{ value: string; label: ReactNode }>
        aria-label={MESSAGES.selectTenant}
        placeholder={MESSAGES.selectTenant}
        labelInValue
        value={current && currentLabel !== null ? { value: current, label: currentLabel } : undefined}
        treeData={options}
        treeDefaultExpandedKeys={expanded}
        showSearch={{ filterTreeNode: (input, node) => matchesTenantName(input, node.title) }}
        onChange={(selected) => choose(selected?.value)}
        popupMatchSelectWidth={false}
        style={{ width: 240 }}
      />
      {home && current !== home && (
        <Button title={MESSAGES.resetTenantTitle} onClick={() => choose(home)}>
          {MESSAGES.resetTenant}
        </Button>
      )}
    </Space.Compact>
  );
}
