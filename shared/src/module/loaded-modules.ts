/**
 * The domain modules the shell has loaded, in the one shared store every area can read: the shell
 * builds its menu and routes from it, and the administration area builds the role editor's
 * permission tree from every loaded remote's hierarchies. Only the shell writes to it.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { DomainModule } from './domain-module';

export type RemoteState =
  | { name: string; title: string; status: 'loaded'; module: DomainModule }
  | { name: string; title: string; status: 'failed'; error: string };

export const loadedModulesStore = createStore<{ remotes: RemoteState[] }>(() => ({ remotes: [] }));

/** Replaces one remote's state (after a retry) or adds it. */
export function putRemoteState(state: RemoteState) {
  loadedModulesStore.setState(({ remotes }) => ({
    remotes: remotes.some((r) => r.name === state.name) ? remotes.map((r) => (r.name === state.name ? state : r)) : [...remotes, state],
  }));
}

export const useLoadedRemotes = () => useStore(loadedModulesStore, (s) => s.remotes);

/** The modules that loaded, for readers that have no use for failures. */
export const loadedModules = (remotes: RemoteState[]): DomainModule[] => remotes.flatMap((r) => (r.status === 'loaded' ? [r.module] : []));
