/**
 * A run's parameters are the report's own query fields as text (what its screen puts in its API query), so
 * each report validates them with the same zod schema its GET route uses. A name the schema does not know is
 * refused too: an export that silently ignored a misspelt filter would hand over the wrong rows.
 */
import type { z } from 'zod';
import { badRequest } from '../../http/errors';

/** The parameters as `schema` reads them; a bad or unknown one is a 400 naming `parameters.<field>`. */
export function parseParameters<S extends z.ZodObject>(schema: S, parameters: Readonly<Record<string, string>>): z.output<S> {
  const known = Object.keys(schema.shape);
  const unknown = Object.keys(parameters).find((name) => !known.includes(name));
  if (unknown) {
    const message = `Unknown report parameter; the report takes: ${known.join(', ')}.`;
    throw badRequest(message, { [`parameters.${unknown}`]: [message] });
  }
  const parsed = schema.safeParse(parameters);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = `parameters.${issue.path.map(String).join('.')}`;
  throw badRequest(issue.message, { [field]: [issue.message] });
}

/** A parameters record without one key (a parameter the run itself reads, like the PAR report's `view`). */
export function without(parameters: Readonly<Record<string, string>>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(parameters).filter(([key]) => key !== name));
}

/** Rows worked out whole (a report's few groups, periods or tenants), read once the writer asks for the first. */
export async function* rowsOf<T>(read: () => Promise<readonly T[]>): AsyncIterable<T> {
  for (const row of await read()) yield row;
}
