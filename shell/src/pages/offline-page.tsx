/**
 * Shown when the browser is offline and the attempted page cannot work offline (spec 2.5 rule 1). The
 * user can retry; once the application is online again they go back to the page they attempted.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { isSafeRedirect } from '@meridian/shared/navigation/landing';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore, useSession } from '@meridian/shared/session/session-store';

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export default function OfflinePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const online = useSession((state) => state.networkOnline);
  const [stillOffline, setStillOffline] = useState(false);
  const redirectFrom = params.get('redirectFrom');
  const target = isSafeRedirect(redirectFrom) ? redirectFrom : '/';

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
    <Result
      status="warning"
      title={MESSAGES.offlinePage}
      subTitle={MESSAGES.offlineDetail}
      extra={
        <>
          {stillOffline && <Alert type="warning" showIcon title={MESSAGES.stillOffline} style={{ marginBottom: 16 }} />}
          <Button type="primary" onClick={retry}>
            {MESSAGES.retry}
          </Button>
        </>
      }
    />
  );
}
