/** Loads data for a page with visible loading and error states, and cancels the call when the page goes. */
import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { isAbortError } from './api-error';

export type LoadState<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: unknown };

export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): LoadState<T> & { reload: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => setState({ status: 'loaded', data }),
      // An aborted call is the page leaving (or the inputs changing), not a failure to show.
      (error: unknown) => {
        if (!isAbortError(error) && !controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
    // The caller's deps decide when to load again (the lint checks them at each useLoad call, as for
    // useEffect); `load` itself is a fresh closure on every render, so listing it would load every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
