/**
 * Learns the remotes from /remotes.json, registers them with the federation runtime the build plugin
 * created (a separate instance would not share its singletons), and loads every `./module` in
 * parallel. This happens once a user is signed in: the sign-in page needs none of the areas, so a
 * user who has not signed in downloads none of them. A remote that is down or throws is reported,
 * not fatal, and can be retried.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { DomainModule } from '@meridian/shared/module/domain-module';
import { loadedModulesStore, putRemoteState, type RemoteState } from '@meridian/shared/module/loaded-modules';

export interface RemoteDescriptor {
  name: string;
  entry: string;
  title?: string;
}

export async function fetchRemoteList(url = '/remotes.json'): Promise<RemoteDescriptor[]> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as RemoteDescriptor[];
}

export async function loadDomainModule(remote: RemoteDescriptor): Promise<RemoteState> {
  const title = remote.title ?? remote.name;
  try {
    const loaded = await loadRemote<{ default: DomainModule }>(`${remote.name}/module`);
    if (!loaded?.default?.routes) throw new Error('the remote exposes no DomainModule');
    return { name: remote.name, title, status: 'loaded', module: loaded.default };
  } catch (error) {
    return { name: remote.name, title, status: 'failed', error: (error as Error).message };
  }
}

let descriptors: RemoteDescriptor[] = [];
let loading: Promise<RemoteState[]> | null = null;

async function loadAll(): Promise<RemoteState[]> {
  try {
    descriptors = await fetchRemoteList();
  } catch (error) {
    // Without the list the shell still shows its own pages; the next call asks again.
    console.error('[shell] could not read /remotes.json', error);
    loading = null;
    return [];
  }
  registerRemotes(
    descriptors.map((r) => ({ name: r.name, entry: r.entry })),
    { force: true },
  );
  const states = await Promise.all(descriptors.map(loadDomainModule));
  loadedModulesStore.setState({ remotes: states });
  return states;
}

/** Loads every remote the first time it is called; later calls answer the same result. */
export function loadRemotesOnce(): Promise<RemoteState[]> {
  return (loading ??= loadAll());
}

/** Loads one remote again (the menu's Retry) and publishes its new state. */
export async function retryRemote(name: string): Promise<RemoteState | null> {
  const descriptor = descriptors.find((d) => d.name === name);
  if (!descriptor) return null;
  const state = await loadDomainModule(descriptor);
  putRemoteState(state);
  return state;
}
