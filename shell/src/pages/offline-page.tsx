/**
 * Shown when the browser is offline and the attempted page cannot work offline (spec 2.5 rule 1). The
 * user can retry; once the application is online again they go back to the page they attempted.
 * Drawn without antd and without the menu: it must show when no further code can be fetched. So it
 * promises no menu here: a signed-in user is offered their start page (My Work or the dashboard, both
 * open offline), whose menu holds the other pages that work offline.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { home } from '@meridian/shared/contract/areas/platform';
import { isSafeRedirect, landingAfterLogin } from '@meridian/shared/navigation/landing';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore, useSession } from '@meridian/shared/session/session-store';
import { FirstPaintAlert, FirstPaintButton, FirstPaintCard } from './parts/first-paint-ui';

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export default function OfflinePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const online = useSession((state) => state.networkOnline);
  const user = useSession((state) => state.user);
  const [stillOffline, setStillOffline] = useState(false);
  const redirectFrom = params.get('redirectFrom');
  const target = isSafeRedirect(redirectFrom) ? redirectFrom : home.screens.view;

  const retry = () => {
    // The guard reads the shared online flag; when the browser reports a connection again the flag is
    // brought up to date here (the connectivity check corrects it if the network is still unusable).
    if (!online && browserOnline()) sessionStore.getState().setNetworkOnline(true);
    if (online || browserOnline()) void navigate(target, { replace: true });
    else setStillOffline(true);
  };

  // Back by itself when the connectivity check reports the application online again.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void navigate(target, { replace: true });
    wasOnline.current = online;
  }, [online, navigate, target]);

  return (
    <FirstPaintCard title={MESSAGES.offlinePage} subtitle={MESSAGES.offlinePageDetail}>
      {stillOffline && <FirstPaintAlert kind="warning" text={MESSAGES.stillOffline} />}
      <FirstPaintButton type="button" onClick={retry}>
        {MESSAGES.retry}
      </FirstPaintButton>
      {user && (
        <>
          <p>{MESSAGES.offlinePageStillWorks}</p>
          <nav className="fp-links">
            <Link to={landingAfterLogin(user)}>{MESSAGES.goToStartPage}</Link>
          </nav>
        </>
      )}
    </FirstPaintCard>
  );
}
