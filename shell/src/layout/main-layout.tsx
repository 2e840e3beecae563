/**
 * The main layout of spec 2.6: top bar, condensable sidebar, content and footer. At 992 px and
 * wider the menu toggle collapses the sidebar; narrower, it shows or hides it, and a route change
 * hides it again. The content is remounted when the acting tenant changes, so what it lists reloads.
 */
import { useEffect, useState } from 'react';
import { usePhoneScreen, useWideScreen } from '@meridian/shared/ui/screen-size';
import { Layout, Typography } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { BUILD_INFO } from '@meridian/shared/build-info';
import { requestTenantId, useSession } from '@meridian/shared/session/session-store';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { ImpersonationBanner } from './impersonation-banner';

const SIDER_WIDTH = 248;

export function MainLayout() {
  const wide = useWideScreen();
  const phone = usePhoneScreen();
  const [collapsed, setCollapsed] = useState(false);
  const [shownOnNarrow, setShownOnNarrow] = useState(false);
  const tenantId = useSession(requestTenantId);
  const location = useLocation();

  // The menu state resets after each route change (on narrow screens the sidebar closes).
  useEffect(() => setShownOnNarrow(false), [location.pathname]);

  const toggleMenu = () => (wide ? setCollapsed((c) => !c) : setShownOnNarrow((s) => !s));
  const siderHidden = !wide && !shownOnNarrow;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <TopBar onToggleMenu={toggleMenu} />
      <ImpersonationBanner />
      <Layout>
        {!siderHidden && (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsedWidth={64}
            collapsed={wide && collapsed}
            theme="light"
            style={{
              height: 'calc(100vh - 64px)',
              position: 'sticky',
              top: 64,
              overflow: 'hidden',
              ...(wide ? {} : { position: 'fixed', zIndex: 20, left: 0 }),
            }}
          >
            <SideMenu collapsed={wide && collapsed} onNavigate={() => setShownOnNarrow(false)} />
          </Layout.Sider>
        )}
        {/* minWidth 0 lets the page shrink to the screen: a wide table scrolls inside itself, not the page. */}
        <Layout style={{ minWidth: 0 }}>
          {/* data-path names the address the content was rendered for: a test (or a support screenshot) can tell
              the screen of one address from the one before it, even where both use the same component. */}
          <Layout.Content style={{ padding: phone ? 12 : 24, minWidth: 0 }} data-path={`${location.pathname}${location.search}`}>
            <Outlet key={tenantId ?? 'no-tenant'} />
          </Layout.Content>
          <Layout.Footer style={{ textAlign: 'center', padding: '12px 24px' }}>
            <Typography.Text type="secondary">
              Meridian {BUILD_INFO.version} · build {BUILD_INFO.buildId}
            </Typography.Text>
          </Layout.Footer>
        </Layout>
      </Layout>
    </Layout>
  );
}
