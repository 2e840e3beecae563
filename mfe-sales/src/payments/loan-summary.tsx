/** The chosen loan at a glance while a payment is taken: whose it is, what it still owes, any credit, arrears. */
import { Descriptions } from 'antd';
import type { Loan } from '@meridian/shared/contract/loan';
import { formatMinor } from '@meridian/shared/money-text';
import { PAYMENT_TEXT } from './payment-text';

export function LoanSummary({ loan }: { loan: Loan }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2 }}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'client', label: PAYMENT_TEXT.client, children: loan.clientName },
        { key: 'loan', label: PAYMENT_TEXT.loan, children: loan.productName },
        { key: 'outstanding', label: PAYMENT_TEXT.outstanding, children: formatMinor(loan.outstandingMinor, loan.currency) },
        { key: 'credit', label: PAYMENT_TEXT.credit, children: formatMinor(loan.overpaymentMinor, loan.currency) },
        { key: 'arrears', label: PAYMENT_TEXT.arrears, children: PAYMENT_TEXT.arrearsDays(loan.arrearsDays) },
      ]}
    />
  );
}
