/**
 * The screen sizes the layout changes at, decided once: wide (the sidebar sits beside the page) and
 * phone (the top bar folds what does not fit into a second row, the calendar becomes an agenda).
 */
import { useEffect, useState } from 'react';
import { PHONE_SCREEN_MAX_PX, WIDE_SCREEN_BREAKPOINT_PX } from '../constants';

export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return undefined;
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

export const useWideScreen = () => useMediaQuery(`(min-width: ${WIDE_SCREEN_BREAKPOINT_PX}px)`);
export const usePhoneScreen = () => useMediaQuery(`(max-width: ${PHONE_SCREEN_MAX_PX}px)`);
