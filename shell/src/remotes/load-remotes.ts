/**
 * Learns the remotes at start from /remotes.json, registers them with the federation runtime the
 * build plugin created (a separate instance would not share its singletons), and loads every
 * `./module` in parallel. A remote that is down or throws is reported, not fatal.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { DomainModule } from '@meridian/shared/module/domain-module';

export interface RemoteDescriptor { name: string; entry: string; title?: string }
export type RemoteState =
  | { name: string; title: string; status: 'loaded'; module: DomainModule }
  | { name: string; title: string; status: 'failed'; error: string };

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

export async function loadAllRemotes(remotes: RemoteDescriptor[]): Promise<RemoteState[]> {
  registerRemotes(remotes.map((r) => ({ name: r.name, entry: r.entry })), { force: true });
  return Promise.all(remotes.map(loadDomainModule));
}
