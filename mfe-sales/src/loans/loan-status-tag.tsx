/** A loan's status as a coloured tag. */
import { Tag } from 'antd';
import type { LoanStatus } from '@meridian/shared/contract/loan';
import { LOAN_STATUS_COLOURS, LOAN_STATUS_LABELS } from './loan-text';

export const LoanStatusTag = ({ status }: { status: LoanStatus }) => (
  <Tag color={LOAN_STATUS_COLOURS[status]}>{LOAN_STATUS_LABELS[status]}</Tag>
);
