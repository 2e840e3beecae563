/**
 * A screen's address from its path and parameter values, typed from the path's `:param` names
 * (`:param?` is optional): `pathTo(leads.screens.edit, { id })`.
 */

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;
type ParamSegment<P extends string> = Extract<Segments<P>, `:${string}`>;
type OptionalName<S> = S extends `:${infer Name}?` ? Name : never;
type RequiredName<S> = S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never;

export type PathParams<P extends string> = { [K in RequiredName<ParamSegment<P>>]: string | number } & {
  [K in OptionalName<ParamSegment<P>>]?: string | number | null;
};

/** pathTo's parameters after the path: none when the path has no required one. */
export type ParamsArgument<P extends string> = [RequiredName<ParamSegment<P>>] extends [never]
  ? [params?: PathParams<P>]
  : [params: PathParams<P>];

/** The fixed start of a path, before its first parameter and without a trailing slash: '/verify/:token' -> '/verify'. */
export const pathBeforeParams = (path: string): string => path.split('/:')[0] ?? path;

export function pathTo<P extends string>(path: P, ...[params]: ParamsArgument<P>): string {
  const values: Readonly<Record<string, string | number | null | undefined>> = params ?? {};
  return path
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const value = values[segment.slice(1, optional ? -1 : undefined)];
      if (value === undefined || value === null) {
        if (optional) return [];
        throw new Error(`pathTo: ${path} needs ${segment}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
}
