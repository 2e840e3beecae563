/** The Payments tab: the loan's payments, paged on the server, newest first; a reversed one stays listed, marked. */
import { Tag } from 'antd';
import type { LoanPayment } from '@meridian/shared/contract/loan-payment';
import { formatMinor } from '@meridian/shared/money-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import type { LoanTabProps } from './loan-tabs';
import { LOANS_API } from './loan-paths';
import { LOAN_TEXT } from './loan-text';

const DEFAULT_SORT = { field: 'paidOn', order: 'DESC' } as const;

export function LoanPaymentsTab({ loan }: LoanTabProps) {
  const format = useTenantFormat();
  const columns: PagedColumn<LoanPayment>[] = [
    { title: LOAN_TEXT.paidOn, dataIndex: 'paidOn', sortField: 'paidOn', render: (day: string) => format.day(day) },
    {
      title: LOAN_TEXT.amount,
      key: 'amountMinor',
      sortField: 'amountMinor',
      align: 'right',
      render: (_: unknown, p: LoanPayment) => formatMinor(p.amountMinor, p.currency),
    },
    { title: LOAN_TEXT.reference, dataIndex: 'reference', render: (reference: string | null) => reference ?? '—' },
    {
      title: LOAN_TEXT.status,
      key: 'reversed',
      render: (_: unknown, p: LoanPayment) => (p.reversed ? <Tag color="red">{LOAN_TEXT.reversed}</Tag> : null),
    },
  ];
  return (
    <PagedTable<LoanPayment>
      url={LOANS_API.payments}
      filters={{ loanId: loan.id }}
      columns={columns}
      rowKey={(p) => p.id}
      label={LOAN_TEXT.payments}
      emptyText={LOAN_TEXT.noPayments}
      searchable={false}
      defaultSort={DEFAULT_SORT}
      stateKey="payments"
      tableId="sales-loan-payments"
    />
  );
}
