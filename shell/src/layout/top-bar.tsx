/** The top bar of spec 2.6, composed of its widgets. */
import { Button, Flex, Layout, Tooltip } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { brandLogo, pageBrand } from '../brands/brands';
import { AgentIndicator } from './top-bar/agent-indicator';
import { DashboardWidgetsToggle } from './top-bar/dashboard-widgets-toggle';
import { FullscreenToggle } from './top-bar/fullscreen-toggle';
import { NetworkIndicator } from './top-bar/network-indicator';
import { NotificationBell } from './top-bar/notification-bell';
import { SearchBox } from './top-bar/search-box';
import { TenantSelector } from './top-bar/tenant-selector';
import { UserMenu } from './top-bar/user-menu';

export function TopBar({ onToggleMenu }: { onToggleMenu(): void }) {
  const brand = pageBrand();
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 30,
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        paddingInline: 16,
        background: brand.primary,
      }}
    >
      <Tooltip title="Menu">
        <Button type="text" icon={<MenuOutlined style={{ color: '#fff' }} />} aria-label="Toggle menu" onClick={onToggleMenu} />
      </Tooltip>
      <Link
        to="/"
        aria-label={`${brand.name} home`}
        style={{ display: 'flex', alignItems: 'center', gap: 8, color: '#fff', fontWeight: 600 }}
      >
        <img src={brandLogo(brand)} alt={`${brand.name} logo`} width={32} height={32} data-brand={brand.id} />
        <span>{brand.name}</span>
      </Link>
      <TenantSelector />
      <SearchBox />
      <Flex gap={8} align="center" style={{ marginLeft: 'auto' }}>
        <DashboardWidgetsToggle />
        <AgentIndicator />
        <NetworkIndicator />
        <FullscreenToggle />
        <NotificationBell />
        <UserMenu />
      </Flex>
    </Layout.Header>
  );
}
