/** Where a user goes after signing in (platform spec 2.5 redirectFrom, 2.6 and section 6 landing pages). */
import { landingPath } from '../contract/roles';
import type { User } from '../contract/user';

/**
 * A redirectFrom is followed only when it is a path on this origin. '//host' is protocol-relative and
 * browsers treat '/\host' the same way, so both would send a freshly signed-in user to another site
 * (an open redirect); control characters are refused because browsers strip them before parsing.
 */
export function isSafeRedirect(redirectFrom: string | null | undefined): redirectFrom is string {
  if (!redirectFrom || !redirectFrom.startsWith('/')) return false;
  if (redirectFrom.startsWith('//') || redirectFrom.startsWith('/\\')) return false;
  return !/[\u0000-\u001f\u007f]/.test(redirectFrom);
}

/** The page the user attempted before signing in when it is safe, else the landing page of their roles. */
export function landingAfterLogin(user: Pick<User, 'roles'>, redirectFrom?: string | null): string {
  return isSafeRedirect(redirectFrom) ? redirectFrom : landingPath(user.roles);
}
