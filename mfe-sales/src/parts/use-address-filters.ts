/**
 * A screen's own filters (a day, an agent, a status), kept in the address beside the list's paging,
 * sort and search, so Back, a refresh and a shared link show the same list. A missing value is the
 * filter's default; setting the default (or nothing) removes it from the address. A paged list goes
 * back to page 1 by itself when its `filters` change; one whose address changes instead (an agent's
 * day in the path) is sent back with `resetKeys`.
 */
import { useSearchParams } from 'react-router';

export function useAddressFilters<K extends string>(defaults: Record<K, string | undefined>) {
  const [params, setParams] = useSearchParams();
  const names = Object.keys(defaults) as K[];
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? defaults[name]])) as Record<K, string | undefined>;
  /** `resetKeys` are other address keys to drop at the same time (a list's page kept under a prefix, say). */
  const set = (changes: Partial<Record<K, string | null | undefined>>, resetKeys: readonly string[] = []) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of resetKeys) next.delete(key);
        for (const [name, value] of Object.entries(changes) as [K, string | null | undefined][]) {
          if (value === undefined || value === null || value === '' || value === defaults[name]) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  return { values, set };
}
