/** Whether a case is closed (resolved or closed), and its due date marked when an open case has passed it. */
import { Flex, Tag, Typography } from 'antd';
import { CASE_CLOSED_STATUSES, type CaseStatus, type SalesCase } from '@meridian/shared/contract/case';
import { CASE_TEXT } from './case-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

export const isClosed = (status: CaseStatus) => CASE_CLOSED_STATUSES.includes(status);

export function DueDate({ salesCase, today }: { salesCase: Pick<SalesCase, 'dueDate' | 'status'>; today: string }) {
  const format = useTenantFormat();
  if (!salesCase.dueDate) return <>—</>;
  const overdue = !isClosed(salesCase.status) && salesCase.dueDate < today;
  return (
    <Flex gap={4} align="center" wrap={false}>
      <Typography.Text type={overdue ? 'danger' : undefined}>{format.day(salesCase.dueDate)}</Typography.Text>
      {overdue && <Tag color="red">{CASE_TEXT.overdue}</Tag>}
    </Flex>
  );
}
