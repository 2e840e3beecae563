/**
 * The frame of a tracking map page in the plain layout (no top bar or sidebar, so the map gets the
 * screen): a bar with the page's heading, a way back to the area and the page's actions, and the
 * content filling the rest of the window. The background is the theme's (the shell paints the page),
 * so the bar reads in dark mode too.
 */
import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useRouteMeta } from '@meridian/shared/ui/route-context';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { MESSAGES } from '@meridian/shared/messages';

export function MapPageFrame({ title, actions, children }: { title?: string; actions?: ReactNode; children: ReactNode }) {
  const meta = useRouteMeta();
  return (
    <Flex vertical style={{ height: '100vh', minHeight: 0 }}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ padding: '8px 16px', flex: 'none' }}>
        <Flex align="center" gap={8}>
          <LinkButton to="/" type="text" icon={<ArrowLeftOutlined />} aria-label={MESSAGES.goToStartPage} title={MESSAGES.goToStartPage}>
            {null}
          </LinkButton>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
            {title ?? meta?.title ?? ''}
          </Typography.Title>
        </Flex>
        {actions && (
          <Flex gap={8} wrap align="center">
            {actions}
          </Flex>
        )}
      </Flex>
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>{children}</div>
    </Flex>
  );
}
