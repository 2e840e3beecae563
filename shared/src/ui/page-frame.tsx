/**
 * The frame of every screen in the main layout: its title (the route's, unless given), an optional
 * line under it, the screen's actions at the right, and the content on one card.
 */
import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useRouteMeta } from '@meridian/shared/ui/route-context';

export function PageFrame({
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
  const heading = title ?? meta?.title ?? '';
  return (
    <Card>
      <Flex justify="space-between" align="start" gap={16} wrap style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {heading}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
        {actions && (
          <Flex gap={8} wrap>
            {actions}
          </Flex>
        )}
      </Flex>
      {children}
    </Card>
  );
}
