/**
 * Around every page: the one antd ConfigProvider (brand tokens, light or dark), the antd App for
 * toasts at top right, the realtime socket and the connectivity check, scroll reset on navigation.
 */
import { useEffect } from 'react';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { onSignedOut } from '@meridian/shared/http/api';
import { useSession } from '@meridian/shared/session/session-store';
import { pageBrand } from '../brands/brands';
import { startRealtime } from '../realtime/realtime-connection';
import { startConnectivityCheck } from './top-bar/connectivity-check';
import { ReportToasts } from './report-toasts';

export function RootFrame() {
  const mode = useSession((s) => s.themeMode);
  const brand = pageBrand();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = brand.name;
    onSignedOut((redirectFrom) => navigate(`/login?redirectFrom=${encodeURIComponent(redirectFrom)}`));
    const stopRealtime = startRealtime();
    const stopConnectivity = startConnectivityCheck({});
    return () => {
      stopRealtime();
      stopConnectivity();
    };
  }, [brand, navigate]);

  return (
    <ConfigProvider
      theme={{
        algorithm: mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { colorPrimary: brand.primary, borderRadius: brand.radius, ...(brand.fontFamily ? { fontFamily: brand.fontFamily } : {}) },
      }}
    >
      <AntApp notification={{ placement: 'topRight' }}>
        <ReportToasts />
        <Outlet />
        <ScrollRestoration />
      </AntApp>
    </ConfigProvider>
  );
}
