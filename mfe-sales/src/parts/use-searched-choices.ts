/**
 * Choices found on the server as the user types into a picker (a client, a group, an agent): the text
 * is sent after a pause, one short page of matches comes back, and a failure is kept for the picker to
 * show. Nothing is downloaded whole, so a tenant with 100,000 clients picks as fast as one with ten.
 */
import { useEffect, useState } from 'react';
import { SEARCH_DELAY_MS } from '@meridian/shared/http/use-paged-list';
import { useLoad } from '@meridian/shared/http/use-load';

export function useSearchedChoices<T>(find: (search: string, signal: AbortSignal) => Promise<T[]>, deps: readonly unknown[] = []) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // The caller's deps say when its `find` (often a fresh closure) looks elsewhere, as for useLoad itself.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const found = useLoad((signal) => find(search, signal), [search, ...deps]);
  return {
    /** For the picker's showSearch.onSearch. */
    onSearch: setTyped,
    /** Forget the typed text (after a pick). */
    clear: () => setTyped(''),
    matches: found.status === 'loaded' ? found.data : [],
    loading: found.status === 'loading',
    failed: found.status === 'failed' ? found.error : null,
    reload: found.reload,
  };
}
