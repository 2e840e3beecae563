/**
 * Around every antd page: the one antd ConfigProvider (brand tokens, light or dark), the antd App for
 * toasts at top right, the realtime socket, and the sync of field users' offline work. Loaded lazily
 * by the router, so the sign-in page does not wait for antd.
 */
import { useEffect } from 'react';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import { Outlet } from 'react-router';
import { startFieldSync } from '@meridian/shared/offline/field-sync';
import { startRealtime } from '@meridian/shared/realtime/realtime-connection';
import { useSession } from '@meridian/shared/session/session-store';
import { pageBrand } from '../brands/brands';
import { ReportToasts } from './report-toasts';

export function RootFrame() {
  const mode = useSession((s) => s.themeMode);
  const brand = pageBrand();

  useEffect(() => startRealtime(), []);
  useEffect(() => startFieldSync(), []);

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
      </AntApp>
    </ConfigProvider>
  );
}
