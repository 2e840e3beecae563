/** The top-bar toggle of the dashboard widgets sidebar (spec 2.6): on the home dashboard only. */
import { Button, Tooltip } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { home } from '@meridian/shared/contract/areas/platform';
import { MESSAGES } from '@meridian/shared/messages';
import { useWidgetsSidebar } from '../../pages/dashboard-widgets-drawer';
import { TOP_BAR_INK } from './top-bar-colours';

export function DashboardWidgetsToggle() {
  const { pathname } = useLocation();
  const sidebar = useWidgetsSidebar();
  if (pathname !== home.screens.view) return null;
  return (
    <Tooltip title={MESSAGES.dashboardWidgets}>
      <Button
        type="text"
        aria-label={MESSAGES.dashboardWidgets}
        aria-pressed={sidebar.isOpen}
        icon={<AppstoreOutlined style={{ color: TOP_BAR_INK }} />}
        onClick={sidebar.toggle}
      />
    </Tooltip>
  );
}
