/** A repossession's status as a coloured tag. */
import { Tag } from 'antd';
import type { RepossessionStatus } from '@meridian/shared/contract/repossession';
import { REPOSSESSION_STATUS_COLOURS } from './repossession-text';

export const RepossessionStatusTag = ({ status }: { status: RepossessionStatus }) => (
  <Tag color={REPOSSESSION_STATUS_COLOURS[status]}>{status}</Tag>
);
