/**
 * Gathers the keys asked for during one turn of the event loop and loads them with one call: a
 * thousand connections asking at once cost one statement, not a thousand.
 */
export interface TickBatchOptions {
  /** Only the first caller of a key gets its value, later ones in the same turn get null (a value taken once). */
  firstCallerOnly?: boolean;
}

export function batchedPerTick<V>(
  load: (keys: string[]) => Promise<Map<string, V>>,
  options: TickBatchOptions = {},
): (key: string) => Promise<V | null> {
  let waiting = new Map<string, { resolve: (value: V | null) => void; reject: (error: unknown) => void }[]>();
  let scheduled = false;

  async function loadWaiting() {
    const batch = waiting;
    waiting = new Map();
    scheduled = false;
    try {
      const values = await load([...batch.keys()]);
      for (const [key, callers] of batch)
        callers.forEach((caller, i) => caller.resolve(options.firstCallerOnly && i > 0 ? null : (values.get(key) ?? null)));
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    }
  }

  return (key) =>
    new Promise((resolve, reject) => {
      const callers = waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void loadWaiting());
      }
    });
}
