/**
 * The Schedule tab: the loan's instalments as the API stored them (due date, principal, interest, fees, total,
 * paid, outstanding), each with its state: paid, overdue (due before today in the tenant's zone and not
 * paid), partly paid or due; the totals under them. Amounts in the loan's currency from minor units.
 */
import { Tag } from 'antd';
import type { LoanInstalment } from '@meridian/shared/contract/loan';
import { formatMinor } from '@meridian/shared/money-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { TableBox } from '@meridian/shared/ui/table-box';
import type { LoanTabProps } from './loan-tabs';
import { LOAN_TEXT } from './loan-text';
import { ScheduleTable } from './schedule-table';

type InstalmentState = 'paid' | 'overdue' | 'partly-paid' | 'due';

const paidOf = (i: LoanInstalment) => i.totalMinor - i.outstandingMinor;

export function instalmentState(i: LoanInstalment, today: string): InstalmentState {
  if (i.outstandingMinor <= 0) return 'paid';
  if (i.dueDate < today) return 'overdue';
  return paidOf(i) > 0 ? 'partly-paid' : 'due';
}

const STATE_TAGS: Record<InstalmentState, { label: string; color: string }> = {
  paid: { label: LOAN_TEXT.instalmentPaid, color: 'green' },
  overdue: { label: LOAN_TEXT.instalmentOverdue, color: 'red' },
  'partly-paid': { label: LOAN_TEXT.instalmentPartlyPaid, color: 'gold' },
  due: { label: LOAN_TEXT.instalmentDue, color: 'default' },
};

export function LoanScheduleTab({ loan }: LoanTabProps) {
  const format = useTenantFormat();
  const today = format.calendarDay(new Date().toISOString());
  const { totals } = loan;
  return (
    <TableBox>
      <ScheduleTable<LoanInstalment, number>
        label={LOAN_TEXT.schedule}
        rows={loan.schedule}
        money={(minor) => formatMinor(minor, loan.currency)}
        emptyText={LOAN_TEXT.noSchedule}
        amounts={[
          { title: LOAN_TEXT.principal, pick: (i) => i.principalMinor },
          { title: LOAN_TEXT.interest, pick: (i) => i.interestMinor },
          { title: LOAN_TEXT.fees, pick: (i) => i.feeMinor },
          { title: LOAN_TEXT.total, pick: (i) => i.totalMinor, total: totals.dueMinor },
          { title: LOAN_TEXT.paid, pick: paidOf, total: totals.paidMinor },
          { title: LOAN_TEXT.outstanding, pick: (i) => i.outstandingMinor, total: totals.outstandingMinor },
        ]}
        after={[
          {
            title: LOAN_TEXT.status,
            key: 'state',
            render: (_: unknown, i: LoanInstalment) => {
              const tag = STATE_TAGS[instalmentState(i, today)];
              return <Tag color={tag.color}>{tag.label}</Tag>;
            },
          },
        ]}
      />
    </TableBox>
  );
}
