/** The shell: one router and one menu built from every remote that loaded. */
import { useCallback, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { buildRouter } from './routing/build-router';
import { RemotesContext } from './remotes/remotes-context';
import { loadDomainModule, type RemoteDescriptor, type RemoteState } from './remotes/load-remotes';

export function App({ initial, descriptors }: { initial: RemoteState[]; descriptors: RemoteDescriptor[] }) {
  const [remotes, setRemotes] = useState(initial);
  const router = useMemo(() => buildRouter(remotes), [remotes]);
  const retry = useCallback(async (name: string) => {
    const descriptor = descriptors.find((d) => d.name === name);
    if (!descriptor) return;
    const state = await loadDomainModule(descriptor);
    setRemotes((current) => current.map((r) => (r.name === name ? state : r)));
  }, [descriptors]);
  const value = useMemo(() => ({ remotes, retry }), [remotes, retry]);
  return (
    <RemotesContext.Provider value={value}>
      <RouterProvider router={router} />
    </RemotesContext.Provider>
  );
}
