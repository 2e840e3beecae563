/**
 * The address the http client calls for one of a resource's API paths. The area data names API paths
 * as the server registers them, under its /api prefix; the client sends a path as given, so the
 * prefix is added here, once: `apiPath(leads.api.one, { id })` is '/api/leads/<id>'.
 */
import { pathTo, type ParamsArgument } from '../contract/areas/path-to';

export const API_PREFIX = '/api';

export function apiPath<P extends string>(path: P, ...params: ParamsArgument<P>): string {
  return `${API_PREFIX}${pathTo(path, ...params)}`;
}
