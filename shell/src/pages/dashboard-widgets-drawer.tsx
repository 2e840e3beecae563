/**
 * The dashboard widgets sidebar of spec 2.6: a drawer beside the home dashboard listing its widgets,
 * each with a switch. Whether it is open lives in the address (`/?widgets=open`), so the top-bar
 * toggle and the page agree without sharing state, and Back closes it. What is hidden is kept in the
 * session store, on this device.
 */
import { Button, Drawer, Flex, Switch, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore, useSession } from '@meridian/shared/session/session-store';

export interface DashboardWidget {
  id: string;
  title: string;
}

const PARAM = 'widgets';

/** Open, close or toggle the sidebar; used by the page and by the top-bar toggle. */
export function useWidgetsSidebar() {
  const [params, setParams] = useSearchParams();
  const isOpen = params.get(PARAM) === 'open';
  const setOpen = (open: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (open) next.set(PARAM, 'open');
      else next.delete(PARAM);
      return next;
    });
  return { isOpen, open: () => setOpen(true), close: () => setOpen(false), toggle: () => setOpen(!isOpen) };
}

export function DashboardWidgetsDrawer({ widgets }: { widgets: DashboardWidget[] }) {
  const { isOpen, close } = useWidgetsSidebar();
  const hidden = useSession((state) => state.hiddenDashboardWidgets);
  const setHidden = (id: string, hide: boolean) => sessionStore.getState().setDashboardWidgetHidden(id, hide);
  return (
    <Drawer
      title={MESSAGES.dashboardWidgets}
      placement="right"
      size={320}
      open={isOpen}
      onClose={close}
      extra={
        <Button size="small" disabled={hidden.length === 0} onClick={() => widgets.forEach((w) => setHidden(w.id, false))}>
          {MESSAGES.showAllWidgets}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{MESSAGES.dashboardWidgetsHint}</Typography.Paragraph>
      <Flex vertical gap={16} role="list">
        {widgets.map((widget) => (
          <Flex key={widget.id} role="listitem" justify="space-between" align="center">
            <label htmlFor={`widget-${widget.id}`}>{widget.title}</label>
            <Switch id={`widget-${widget.id}`} checked={!hidden.includes(widget.id)} onChange={(shown) => setHidden(widget.id, !shown)} />
          </Flex>
        ))}
      </Flex>
    </Drawer>
  );
}
