/** The remotes as loaded at start, and a way to retry one that failed. */
import { createContext, useContext } from 'react';
import type { RemoteState } from './load-remotes';

export interface RemotesValue {
  remotes: RemoteState[];
  retry(name: string): Promise<void>;
}

export const RemotesContext = createContext<RemotesValue>({ remotes: [], retry: async () => undefined });
export const useRemotes = () => useContext(RemotesContext);
