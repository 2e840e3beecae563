import { useEffect, useRef } from 'react';

/**
 * Runs a page's one-shot action (verify a token, sign out, start impersonation) once per mount.
 * React's strict mode runs effects twice in development; a single-use token spent by the first run
 * would make the second report a false failure, so the second run is skipped.
 */
export function useRunOnce(action: () => void | Promise<void>) {
  const started = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void latest.current();
  }, []);
}
