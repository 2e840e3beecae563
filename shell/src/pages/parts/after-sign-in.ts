/** Where a freshly signed-in user goes next (platform spec 2.5 redirectFrom, 2.6 landing pages). */
import type { User } from '@meridian/shared/contract/user';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { landingAfterLogin } from '@meridian/shared/navigation/landing';
import { withRedirectFrom } from '@meridian/shared/navigation/navigation-guard';

/** Pages that would undo or repeat the sign-in if a user were sent back to them right after it. */
const NOT_AFTER_SIGN_IN: readonly string[] = [publicPages.screens.login, publicPages.screens.logout, publicPages.screens.endImpersonation];
const pathOf = (target: string) => target.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';

/**
 * The attempted page (when safe and sensible) or the role's landing page. A user whose password must
 * change sets it first (the update-password page), and is sent on to the same place afterwards.
 */
export function nextPageAfterSignIn(user: Pick<User, 'roles' | 'mustChangePassword'>, redirectFrom: string | null): string {
  const wanted = redirectFrom && !NOT_AFTER_SIGN_IN.includes(pathOf(redirectFrom)) ? redirectFrom : null;
  if (user.mustChangePassword)
    return wanted ? withRedirectFrom(publicPages.screens.updatePassword, wanted, '') : publicPages.screens.updatePassword;
  return landingAfterLogin(user, wanted);
}
