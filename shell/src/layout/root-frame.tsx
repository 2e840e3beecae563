/**
 * Around every antd page: the one antd ConfigProvider (brand tokens, light or dark), the antd App for
 * toasts at top right, the realtime socket, and the sync of field users' offline work. Loaded lazily
 * by the router, so the sign-in page does not wait for antd.
 */
import { useEffect } from 'react';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import { Outlet } from 'react-router';
import { NOTIFICATION_SETTINGS } from '@meridian/shared/notification-settings';
import { startFieldSync } from '@meridian/shared/offline/field-sync';
import { startRealtime } from '@meridian/shared/realtime/realtime-connection';
import { useSession } from '@meridian/shared/session/session-store';
import { pageBrand } from '../brands/brands';
import { ReportToasts } from './report-toasts';
import { readableComponents, readableLinkRule, readableLinks, readableQuietText } from './readable-colours';
import './readable-text.css';
import './fit-screen.css';

/**
 * What antd's theme does not reach: the page behind the layout and plain text outside antd's
 * components (no white edge, no dark text on the dark page), the browser's own controls and
 * scrollbars (color-scheme), and CSS keyed on the theme (maps). Inside the ConfigProvider, so its
 * colours are the theme's own.
 */
function PageTheme({ mode, primary }: { mode: 'light' | 'dark'; primary: string }) {
  const { token } = antTheme.useToken();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
    document.body.style.background = token.colorBgLayout;
    document.body.style.color = token.colorText;
  }, [mode, token.colorBgLayout, token.colorText]);
  const linkRule = readableLinkRule(mode, primary);
  return linkRule ? <style data-readable-links>{linkRule}</style> : null;
}

export function RootFrame() {
  const mode = useSession((s) => s.themeMode);
  const brand = pageBrand();

  useEffect(() => startRealtime(), []);
  useEffect(() => startFieldSync(), []);

  return (
    <ConfigProvider
      theme={{
        algorithm: mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: {
          colorPrimary: brand.primary,
          borderRadius: brand.radius,
          ...(brand.fontFamily ? { fontFamily: brand.fontFamily } : {}),
          ...readableQuietText(mode),
          ...readableLinks(mode, brand.primary),
        },
        components: readableComponents(mode, brand.primary),
      }}
    >
      <PageTheme mode={mode} primary={brand.primary} />
      <AntApp notification={NOTIFICATION_SETTINGS}>
        <ReportToasts />
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}
