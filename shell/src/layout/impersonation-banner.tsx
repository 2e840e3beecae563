/**
 * While an administrator acts as someone else, every page says so under the top bar, with the way
 * back, so nobody forgets whose account their clicks change.
 */
import { Alert } from 'antd';
import { useShallow } from 'zustand/react/shallow';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { impersonationBannerText, MESSAGES } from '@meridian/shared/messages';
import { useSession } from '@meridian/shared/session/session-store';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { displayNameOf } from './top-bar/user-menu';

export function ImpersonationBanner() {
  const { user, impersonator } = useSession(useShallow((s) => ({ user: s.user, impersonator: s.impersonator })));
  if (!user || !impersonator) return null;
  return (
    <Alert
      banner
      type="warning"
      role="status"
      data-testid="impersonation-banner"
      message={impersonationBannerText(displayNameOf(user), impersonator.userName)}
      action={
        <LinkButton to={publicPages.screens.endImpersonation} size="small">
          {MESSAGES.endImpersonation}
        </LinkButton>
      }
    />
  );
}
