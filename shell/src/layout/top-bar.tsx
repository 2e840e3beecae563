/**
 * The top bar of spec 2.6, composed of its widgets. On a phone what does not fit (the tenant,
 * search, the agent and network states, full screen) folds into a second row opened from "More",
 * so the bell and the user menu always stay on screen.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Flex, Layout, Tooltip } from 'antd';
import { MenuOutlined, MoreOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { MESSAGES } from '@meridian/shared/messages';
import { brandLogo, pageBrand } from '../brands/brands';
import { AgentIndicator } from './top-bar/agent-indicator';
import { DashboardWidgetsToggle } from './top-bar/dashboard-widgets-toggle';
import { FullscreenToggle } from './top-bar/fullscreen-toggle';
import { NetworkIndicator } from './top-bar/network-indicator';
import { NotificationBell } from './top-bar/notification-bell';
import { SearchBox } from './top-bar/search-box';
import { TenantSelector } from './top-bar/tenant-selector';
import { UserMenu } from './top-bar/user-menu';
import { TOP_BAR_INK } from './top-bar/top-bar-colours';

const TOP_BAR_HEIGHT = 64;

/** Where the user works and what they look for: they give way on a phone. */
function PlaceAndSearch({ phone }: { phone: boolean }) {
  return (
    <>
      <TenantSelector />
      <SearchBox width={phone ? '100%' : 240} />
    </>
  );
}

/** States and toggles: they give way on a phone too. */
function StatusWidgets() {
  return (
    <>
      <DashboardWidgetsToggle />
      <AgentIndicator />
      <NetworkIndicator />
      <FullscreenToggle />
    </>
  );
}

function SecondRow({ background, children }: { background: string; children: ReactNode }) {
  return (
    <Flex
      id="top-bar-more"
      role="region"
      aria-label={MESSAGES.moreOfTopBar}
      wrap
      gap={8}
      align="center"
      style={{ position: 'sticky', top: TOP_BAR_HEIGHT, zIndex: 29, padding: '8px 12px', background }}
    >
      {children}
    </Flex>
  );
}

export function TopBar({ onToggleMenu }: { onToggleMenu(): void }) {
  const brand = pageBrand();
  const phone = usePhoneScreen();
  const [moreOpen, setMoreOpen] = useState(false);
  const location = useLocation();
  // Like the sidebar on a phone, the folded row gets out of the way when the user goes elsewhere.
  useEffect(() => setMoreOpen(false), [location.pathname]);

  return (
    <>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 30,
          display: 'flex',
          alignItems: 'center',
          gap: phone ? 4 : 16,
          paddingInline: phone ? 8 : 16,
          background: brand.primary,
          // antd's header line height (64 px) would stretch the search box to the bar's full height.
          lineHeight: 'normal',
        }}
      >
        <Tooltip title="Menu">
          <Button type="text" icon={<MenuOutlined style={{ color: TOP_BAR_INK }} />} aria-label="Toggle menu" onClick={onToggleMenu} />
        </Tooltip>
        <Link
          to="/"
          aria-label={`${brand.name} home`}
          style={{ display: 'flex', alignItems: 'center', gap: 8, color: TOP_BAR_INK, fontWeight: 600, minWidth: 0 }}
        >
          <img src={brandLogo(brand)} alt={`${brand.name} logo`} width={32} height={32} data-brand={brand.id} />
          {!phone && <span>{brand.name}</span>}
        </Link>
        {!phone && <PlaceAndSearch phone={false} />}
        <Flex gap={phone ? 0 : 8} align="center" style={{ marginLeft: 'auto' }}>
          {!phone && <StatusWidgets />}
          <NotificationBell />
          <UserMenu />
          {phone && (
            <Tooltip title={MESSAGES.moreOfTopBar}>
              <Button
                type="text"
                icon={<MoreOutlined style={{ color: TOP_BAR_INK }} />}
                aria-label={MESSAGES.moreOfTopBar}
                aria-expanded={moreOpen}
                aria-controls="top-bar-more"
                onClick={() => setMoreOpen((open) => !open)}
              />
            </Tooltip>
          )}
        </Flex>
      </Layout.Header>
      {phone && moreOpen && (
        <SecondRow background={brand.primary}>
          <PlaceAndSearch phone />
          <StatusWidgets />
        </SecondRow>
      )}
    </>
  );
}
