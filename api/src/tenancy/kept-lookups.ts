/**
 * A lookup per key kept for a moment, for values that every request needs and that rarely change
 * (a subtree's tenants, a tenant's time zone): a change made through this process is seen at once
 * (its route calls `forget`), one made through another API process within `keptMs`.
 */
import type { Queryable } from '../db/database';

export function keptLookups<T>(keptMs: number, read: (q: Queryable, key: string) => Promise<T>) {
  const kept = new Map<string, { value: T; until: number }>();
  // Bumped by every forget, so that a lookup begun before a change is not kept.
  let generation = 0;
  return {
    async get(q: Queryable, key: string): Promise<T> {
      const hit = kept.get(key);
      if (hit && hit.until > Date.now()) return hit.value;
      const begun = generation;
      const value = await read(q, key);
      if (begun === generation) kept.set(key, { value, until: Date.now() + keptMs });
      return value;
    },
    forget() {
      generation++;
      kept.clear();
    },
  };
}
