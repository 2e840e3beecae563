/** The permission check used by the API on every route and by the browser for menus and the guard. */
import { isGlobalAdministrator } from './roles';

export interface PermissionHolder {
  roles: readonly { name: string }[];
  /** The user's own permissions plus role permissions, by hierarchy. */
  permissions: readonly string[];
}

/** Route metadata marker: 'ALL' (the default) or 'ANY' among the required permissions means no restriction (spec 2.5). */
export const UNRESTRICTED = ['ALL', 'ANY'] as const;
const isUnrestricted = (required: readonly string[]) =>
  required.length === 0 || required.some((r) => (UNRESTRICTED as readonly string[]).includes(r));

/**
 * True when the holder may do something that requires any one of `required` hierarchies.
 * A global administrator passes every check; others need a matching hierarchy, case-insensitive.
 */
export function can(holder: PermissionHolder, required: readonly string[]): boolean {
  if (isGlobalAdministrator(holder.roles)) return true;
  if (isUnrestricted(required)) return true;
  const held = new Set(holder.permissions.map((p) => p.trim().toUpperCase()));
  return required.some((r) => held.has(r.trim().toUpperCase()));
}
