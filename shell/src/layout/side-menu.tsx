/** The permission-shaped sidebar, with the light/dark toggle, the install prompt and the build footer. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Menu, Space, Tooltip, Typography, type MenuProps } from 'antd';
import {
  BarChartOutlined,
  BulbOutlined,
  CarOutlined,
  DashboardOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  MailOutlined,
  ReloadOutlined,
  RiseOutlined,
  SettingOutlined,
  TeamOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { BUILD_INFO } from '@meridian/shared/build-info';
import { permissionsOf, useSession } from '@meridian/shared/session/session-store';
import { useLoadedRemotes } from '@meridian/shared/module/loaded-modules';
import { retryRemote } from '../remotes/load-remotes';
import { ancestorsOf, menuItems, type VisibleItem } from './menu-items';
import { useInstallPrompt } from './use-install-prompt';

const ICONS: Record<string, React.ReactNode> = {
  dashboard: <DashboardOutlined />,
  team: <TeamOutlined />,
  mail: <MailOutlined />,
  rise: <RiseOutlined />,
  'bar-chart': <BarChartOutlined />,
  environment: <EnvironmentOutlined />,
  car: <CarOutlined />,
  setting: <SettingOutlined />,
  warning: <WarningOutlined />,
};
const SCROLL_THRESHOLD_PX = 500;
const SCROLL_DELAY_MS = 300;

function toAntItems(items: VisibleItem[], retry: (name: string) => void): MenuProps['items'] {
  return items.map((item) => {
    if (item.unavailable) {
      return {
        key: item.key,
        icon: ICONS.warning,
        label: (
          <Space>
            <span>{item.label} unavailable</span>
            <Tooltip title="Retry loading this area">
              <Button
                size="small"
                type="text"
                icon={<ReloadOutlined />}
                aria-label={`Retry ${item.label}`}
                onClick={(e) => {
                  e.stopPropagation();
                  retry(item.unavailable!);
                }}
              />
            </Tooltip>
          </Space>
        ),
      };
    }
    return {
      key: item.key,
      icon: item.icon ? ICONS[item.icon] : undefined,
      // A real link, so it opens in a new tab, copies and reads as a link to assistive technology.
      label: item.path ? <Link to={item.path}>{item.label}</Link> : item.label,
      children: item.children ? toAntItems(item.children, retry) : undefined,
    };
  });
}

export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate(): void }) {
  const remotes = useLoadedRemotes();
  const { user, online, mode, setThemeMode } = useSession(
    useShallow((s) => ({ user: s.user, online: s.networkOnline, mode: s.themeMode, setThemeMode: s.setThemeMode })),
  );
  const holder = useMemo(() => permissionsOf({ user }), [user]);
  const location = useLocation();
  const install = useInstallPrompt();
  const items = useMemo(() => menuItems(remotes, holder, online), [remotes, holder, online]);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const container = useRef<HTMLDivElement>(null);

  useEffect(
    () => setOpenKeys((keys) => [...new Set([...keys, ...(ancestorsOf(items, location.pathname) ?? [])])]),
    [items, location.pathname],
  );

  // A long sidebar scrolls to the active item when it lies below 500 px (spec 2.6).
  useEffect(() => {
    const timer = setTimeout(() => {
      const nav = container.current?.querySelector<HTMLElement>('nav');
      const active = nav?.querySelector<HTMLElement>('.ant-menu-item-selected');
      // Only the menu scrolls: scrollIntoView would scroll the page as well, so it opened a few pixels down.
      if (nav && active && active.offsetTop > SCROLL_THRESHOLD_PX) {
        const below = active.getBoundingClientRect().top - nav.getBoundingClientRect().top;
        nav.scrollTop += below - (nav.clientHeight - active.offsetHeight) / 2;
      }
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.pathname]);

  return (
    <div ref={container} style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <nav aria-label="Main menu" style={{ flex: 1, overflowY: 'auto' }}>
        <Menu
          mode="inline"
          items={toAntItems(items, (name) => void retryRemote(name))}
          selectedKeys={[location.pathname]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          // The entry's link navigates; on a narrow screen the menu then gets out of the way.
          onClick={onNavigate}
        />
      </nav>
      <Space direction={collapsed ? 'vertical' : 'horizontal'} style={{ padding: 12, justifyContent: 'space-between' }}>
        <Tooltip title={mode === 'dark' ? 'Light theme' : 'Dark theme'}>
          <Button
            type="text"
            icon={<BulbOutlined />}
            aria-label="Toggle light and dark theme"
            onClick={() => setThemeMode(mode === 'dark' ? 'light' : 'dark')}
          />
        </Tooltip>
        {install && (
          <Tooltip title="Install the app">
            <Button type="text" icon={<DownloadOutlined />} aria-label="Install the app" onClick={install} />
          </Tooltip>
        )}
        {!collapsed && (
          <Typography.Text type="secondary" style={{ fontSize: 11 }} data-testid="build-info">
            v{BUILD_INFO.version} · {BUILD_INFO.buildId}
          </Typography.Text>
        )}
      </Space>
    </div>
  );
}
