/**
 * The page of a route whose screen has not been built yet: it names the screen and the permissions
 * it needs, so navigation, guards and menus can be used and tested end to end before the screen lands.
 */
import { Card, Descriptions, Tag, Typography } from 'antd';
import { useRouteMeta } from '@meridian/shared/ui/route-context';

export default function RouteOverview() {
  const meta = useRouteMeta();
  return (
    <Card>
      <Typography.Title level={3}>{meta?.title ?? 'Screen'}</Typography.Title>
      <Typography.Paragraph type="secondary">
        This screen is part of a later delivery; its address and access rules are already in force.
      </Typography.Paragraph>
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Address">{meta?.path}</Descriptions.Item>
        <Descriptions.Item label="Needs">
          {(meta?.allowedPermissions ?? []).map((p) => (
            <Tag key={p}>{p}</Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label="Offline">{meta?.offline ? 'Available offline' : 'Online only'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
