/**
 * A payment's allocation: fees, interest, principal and any overpayment, in the loan's currency, each a
 * labelled figure (assistive technology and tests read them by name). The figures are the server's: every
 * payment answer carries the allocation its last replay of the loan stored, so nothing is replayed here.
 * A reversed payment pays nothing.
 */
import { Card, Descriptions, Typography } from 'antd';
import type { LoanPayment, PaymentAllocation } from '@meridian/shared/contract/loan-payment';
import { formatMinor } from '@meridian/shared/money-text';
import { PAYMENT_TEXT } from './payment-text';

export function AllocationFigures({ allocation, currency }: { allocation: PaymentAllocation; currency: string }) {
  const money = (minor: number) => formatMinor(minor, currency);
  const rows = [
    { key: 'fees', label: PAYMENT_TEXT.fees, value: allocation.feeMinor },
    { key: 'interest', label: PAYMENT_TEXT.interest, value: allocation.interestMinor },
    { key: 'principal', label: PAYMENT_TEXT.principal, value: allocation.principalMinor },
    { key: 'overpayment', label: PAYMENT_TEXT.overpayment, value: allocation.overpaymentMinor },
  ];
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={rows.map((row) => ({
        key: row.key,
        label: row.label,
        children: <span aria-label={`${row.label}: ${money(row.value)}`}>{money(row.value)}</span>,
      }))}
    />
  );
}

/** The allocation of one payment, as the server answered it. */
export function AllocationCard({ payment, title = PAYMENT_TEXT.allocationOfThis }: { payment: LoanPayment; title?: string }) {
  return (
    <Card size="small" title={title} role="region" aria-label={title}>
      {payment.reversed ? (
        <Typography.Text type="secondary">{PAYMENT_TEXT.reversedPaysNothing}</Typography.Text>
      ) : (
        <>
          <AllocationFigures allocation={payment.allocation} currency={payment.currency} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {PAYMENT_TEXT.allocationBasis}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}
