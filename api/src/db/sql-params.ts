/**
 * Parameters of one SQL statement, numbered as they are added, so that a query built in parts (a
 * scope, then filters) never counts `$n` by hand.
 */
export interface SqlParams {
  /** Adds a value and answers its placeholder (`$3`). */
  add(value: unknown): string;
  /** The values in placeholder order, to pass with the statement. */
  readonly values: unknown[];
}

/** `initial` takes `$1`, `$2`, ... in order; later values follow them. */
export function sqlParams(initial: readonly unknown[] = []): SqlParams {
  const values = [...initial];
  return {
    add(value: unknown) {
      values.push(value);
      return `$${values.length}`;
    },
    values,
  };
}
