/**
 * The frame of a map page in the plain layout (no top bar or sidebar, so the map gets the screen): its
 * title (the route's, unless given), a line under it, the page's actions (a way back, a day) and the
 * content below.
 */
import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { useRouteMeta } from '@meridian/shared/ui/route-context';

export function MapPageFrame({
  title,
  subtitle,
  actions,
  children,
}: {
  title?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const meta = useRouteMeta();
  return (
    <Flex vertical gap={16} style={{ padding: '16px 24px' }}>
      <Flex justify="space-between" align="start" gap={16} wrap>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title ?? meta?.title ?? ''}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
        {actions && (
          <Flex gap={8} wrap align="center">
            {actions}
          </Flex>
        )}
      </Flex>
      {children}
    </Flex>
  );
}
