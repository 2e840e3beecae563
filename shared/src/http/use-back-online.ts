/**
 * Calls back when the connection returns: on the browser's `online` event, and when the
 * connectivity check (the session store's `networkOnline`) finds the server reachable again. The
 * first comes as soon as a network exists, the second once our server answers; whichever comes first
 * lets an offline screen refresh itself without the user pressing anything.
 */
import { useEffect, useEffectEvent } from 'react';
import { sessionStore } from '@meridian/shared/session/session-store';

export function useWhenBackOnline(callback: () => void) {
  const backOnline = useEffectEvent(() => callback());
  useEffect(() => {
    const onOnline = () => backOnline();
    window.addEventListener('online', onOnline);
    const unsubscribe = sessionStore.subscribe((state, previous) => {
      if (state.networkOnline && !previous.networkOnline) backOnline();
    });
    return () => {
      window.removeEventListener('online', onOnline);
      unsubscribe();
    };
  }, []);
}
