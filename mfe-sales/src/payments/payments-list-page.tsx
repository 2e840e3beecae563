/**
 * Payments (/clients/payments): every payment of the acting subtree, paged, sorted (latest paid first) and
 * searched on the server by the client or the reference, filtered paid or reversed and by the days paid
 * (all kept in the address); a reversed payment stays listed, marked. Each row shows its channel and the
 * allocation the server stored for it (a reversed one's is zero). A row opens the payment.
 */
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { daySchema } from '@meridian/shared/contract/loan';
import type { LoanPayment, PaymentAllocation } from '@meridian/shared/contract/loan-payment';
import { clientPaperwork } from '@meridian/shared/contract/areas/sales';
import { formatMinor } from '@meridian/shared/money-text';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FilterSelect } from '@meridian/shared/ui/filter-select';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { useAddressFilter } from '@meridian/shared/ui/use-address-filter';
import { DayInput } from '../parts/date-field';
import { NEW_PAYMENT_PATH, PAYMENT_API, paymentEditPath } from './payment-paths';
import { PaymentStatusTag } from './payment-status-tag';
import { CHANNEL_NAMES, PAYMENT_TEXT } from './payment-text';

const DEFAULT_SORT = { field: 'paidOn', order: 'DESC' } as const;
const REVERSED_CHOICES = [
  { value: '', label: PAYMENT_TEXT.allStatuses },
  { value: 'false', label: PAYMENT_TEXT.onlyLive },
  { value: 'true', label: PAYMENT_TEXT.onlyReversed },
];

/** A loan as people quote it: the start of its id. */
export const loanReference = (loanId: string) => loanId.slice(0, 8).toUpperCase();

const isDay = (text: string) => daySchema.safeParse(text).success;

/** The days paid the address asks for: an unreadable day is left out, and an end before the start is not sent. */
export function paidSpanOf(from: string, to: string) {
  const start = isDay(from) ? from : '';
  const end = isDay(to) ? to : '';
  const backwards = Boolean(start && end && end < start);
  return { from: start, to: end, backwards, query: { from: start || undefined, to: (!backwards && end) || undefined } };
}

const ALLOCATION_PARTS: [keyof PaymentAllocation, string][] = [
  ['feeMinor', PAYMENT_TEXT.fees],
  ['interestMinor', PAYMENT_TEXT.interest],
  ['principalMinor', PAYMENT_TEXT.principal],
  ['overpaymentMinor', PAYMENT_TEXT.overpaid],
];

export default function PaymentsListPage() {
  const format = useTenantFormat();
  const mayTake = useCan(clientPaperwork, 'takePayment');
  const [reversed, setReversed] = useAddressFilter('reversed', ['true', 'false']);
  const [fromText, setFrom] = useAddressFilter('from');
  const [toText, setTo] = useAddressFilter('to');
  const span = paidSpanOf(fromText, toText);

  const columns: PagedColumn<LoanPayment>[] = [
    { title: PAYMENT_TEXT.paidOn, dataIndex: 'paidOn', sortField: 'paidOn', render: (day: string) => format.day(day) },
    { title: PAYMENT_TEXT.client, dataIndex: 'clientName', maxWidth: 220 },
    { title: PAYMENT_TEXT.loan, dataIndex: 'loanId', render: (id: string) => loanReference(id) },
    {
      title: PAYMENT_TEXT.amount,
      key: 'amountMinor',
      sortField: 'amountMinor',
      align: 'right',
      render: (_: unknown, p: LoanPayment) => formatMinor(p.amountMinor, p.currency),
    },
    {
      title: PAYMENT_TEXT.channel,
      dataIndex: 'channel',
      optional: true,
      render: (channel: LoanPayment['channel']) => CHANNEL_NAMES[channel],
    },
    ...ALLOCATION_PARTS.map(([part, title]): PagedColumn<LoanPayment> => ({
      title,
      key: part,
      align: 'right',
      optional: true,
      render: (_: unknown, p: LoanPayment) => formatMinor(p.allocation[part], p.currency),
    })),
    { title: PAYMENT_TEXT.reference, dataIndex: 'reference', maxWidth: 200, optional: true, render: (r: string | null) => r ?? '—' },
    { title: PAYMENT_TEXT.status, key: 'status', render: (_: unknown, p: LoanPayment) => <PaymentStatusTag payment={p} /> },
    {
      title: PAYMENT_TEXT.taken,
      dataIndex: 'dateCreated',
      sortField: 'dateCreated',
      hiddenByDefault: true,
      render: (iso: string) => format.moment(iso),
    },
    {
      title: '',
      key: 'actions',
      actions: true,
      render: (_: unknown, p: LoanPayment) => (
        <Link to={paymentEditPath(p.id)} aria-label={`${PAYMENT_TEXT.open} ${p.clientName} ${format.day(p.paidOn)}`}>
          {PAYMENT_TEXT.open}
        </Link>
      ),
    },
  ];

  return (
    <PageFrame
      title={PAYMENT_TEXT.payments}
      actions={
        mayTake ? (
          <LinkButton type="primary" to={NEW_PAYMENT_PATH}>
            {PAYMENT_TEXT.newPayment}
          </LinkButton>
        ) : undefined
      }
    >
      <PagedTable<LoanPayment>
        url={PAYMENT_API.list}
        filters={{ reversed: reversed || undefined, ...span.query }}
        columns={columns}
        rowKey={(p) => p.id}
        label={PAYMENT_TEXT.payments}
        emptyText={PAYMENT_TEXT.noPayments}
        searchPlaceholder={PAYMENT_TEXT.searchPayments}
        defaultSort={DEFAULT_SORT}
        tableId="sales-payments"
        toolbar={
          <Flex gap={8} wrap align="center">
            <FilterSelect label={PAYMENT_TEXT.filterByStatus} value={reversed} options={REVERSED_CHOICES} onChange={setReversed} />
            <DayInput
              ariaLabel={PAYMENT_TEXT.paidFrom}
              value={span.from}
              max={span.to || undefined}
              onChange={(day) => setFrom(day ?? '')}
            />
            <DayInput
              ariaLabel={PAYMENT_TEXT.paidTo}
              value={span.to}
              min={span.from || undefined}
              invalid={span.backwards}
              onChange={(day) => setTo(day ?? '')}
            />
            {span.backwards && (
              <Typography.Text type="danger" role="alert">
                {PAYMENT_TEXT.endBeforeStart}
              </Typography.Text>
            )}
          </Flex>
        }
      />
    </PageFrame>
  );
}
