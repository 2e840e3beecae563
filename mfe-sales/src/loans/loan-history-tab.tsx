/**
 * The History tab: every change of the loan and its payments as the API keeps them, newest last: when (in the
 * tenant's zone), who, what, and each changed field from before to after (amounts in minor units written in
 * the loan's currency).
 */
import { Table } from 'antd';
import type { LendingChange } from '@meridian/shared/contract/loan-product';
import { formatMinor } from '@meridian/shared/money-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { TableBox } from '@meridian/shared/ui/table-box';
import type { LoanTabProps } from './loan-tabs';
import { historyActionLabel, LOAN_TEXT } from './loan-text';

const EMPTY = '—';

function valueText(field: string, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (field.endsWith('Minor') && typeof value === 'number') return formatMinor(value, currency);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function changeLines(change: LendingChange, currency: string): string[] {
  return Object.entries(change.changes).map(
    ([field, [before, after]]) => `${field}: ${valueText(field, before, currency)} → ${valueText(field, after, currency)}`,
  );
}

export function LoanHistoryTab({ loan }: LoanTabProps) {
  const format = useTenantFormat();
  return (
    <TableBox>
      <Table<LendingChange>
        aria-label={LOAN_TEXT.history}
        rowKey={(c) => c.id}
        size="small"
        dataSource={loan.history}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: LOAN_TEXT.noHistory }}
        columns={[
          { title: LOAN_TEXT.when, dataIndex: 'dateCreated', render: (iso: string) => format.moment(iso) },
          { title: LOAN_TEXT.who, dataIndex: 'userName', render: (name: string | null) => name ?? LOAN_TEXT.unknownUser },
          {
            title: LOAN_TEXT.action,
            key: 'action',
            render: (_: unknown, c: LendingChange) =>
              `${historyActionLabel(c.action)}${c.entity === 'payment' ? ` (${LOAN_TEXT.payments.toLowerCase()})` : ''}`,
          },
          {
            title: LOAN_TEXT.changes,
            key: 'changes',
            render: (_: unknown, c: LendingChange) => (
              <div>
                {changeLines(c, loan.currency).map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </div>
            ),
          },
        ]}
      />
    </TableBox>
  );
}
