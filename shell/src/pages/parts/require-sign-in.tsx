/**
 * For the public routes of spec 2.1 that still act as someone (update-password, impersonate, the
 * authorize flow, an administrator's password change): without a session the visitor signs in first
 * and comes back here through redirectFrom.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { User } from '@meridian/shared/contract/user';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { withRedirectFrom } from '@meridian/shared/navigation/navigation-guard';
import { isLoggedIn, useSession } from '@meridian/shared/session/session-store';

export function RequireSignIn({ children }: { children: (user: User) => ReactNode }) {
  const signedIn = useSession((state) => isLoggedIn(state));
  const user = useSession((state) => state.user);
  const location = useLocation();
  if (!signedIn || !user) return <Navigate to={withRedirectFrom(publicPages.screens.login, location.pathname, location.search)} replace />;
  return <>{children(user)}</>;
}
