/**
 * The main layout of spec 2.6: top bar, condensable sidebar, content and footer. At 992 px and
 * wider the menu toggle collapses the sidebar; narrower, it shows or hides it, and a route change
 * hides it again. The content is remounted when the acting tenant changes, so what it lists reloads.
 */
import { useEffect, useState } from 'react';
import { Layout, Typography } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { BUILD_INFO } from '@meridian/shared/build-info';
import { WIDE_SCREEN_BREAKPOINT_PX } from '@meridian/shared/constants';
import { requestTenantId, useSession } from '@meridian/shared/session/session-store';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

const SIDER_WIDTH = 248;

function useWideScreen() {
  const query = `(min-width: ${WIDE_SCREEN_BREAKPOINT_PX}px)`;
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setWide(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return wide;
}

export function MainLayout() {
  const wide = useWideScreen();
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
        <Layout>
          <Layout.Content style={{ padding: 24 }}>
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
