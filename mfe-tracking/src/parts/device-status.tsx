/** A device's status as a coloured dot with its word beside it (or read out only, where space is short): never colour alone. */
import { Flex, Typography } from 'antd';
import type { DeviceStatus } from '@meridian/shared/contract/geo-device';
import { VisuallyHidden } from '@meridian/shared/ui/visually-hidden';
import { STATUS_COLOURS } from './status-colours';
import { TRACKING_TEXT } from './tracking-text';

export const STATUS_NAMES: Record<DeviceStatus, string> = {
  online: TRACKING_TEXT.online,
  offline: TRACKING_TEXT.offline,
  unknown: TRACKING_TEXT.unknown,
};

export function StatusDot({ status, withText = false }: { status: DeviceStatus; withText?: boolean }) {
  const dot = (
    <span
      aria-hidden="true"
      data-status={status}
      style={{ display: 'inline-block', flex: 'none', width: 10, height: 10, borderRadius: '50%', background: STATUS_COLOURS[status] }}
    />
  );
  if (!withText) {
    return (
      <>
        {dot}
        <VisuallyHidden>{STATUS_NAMES[status]}</VisuallyHidden>
      </>
    );
  }
  return (
    <Flex align="center" gap={6} component="span">
      {dot}
      <Typography.Text>{STATUS_NAMES[status]}</Typography.Text>
    </Flex>
  );
}
