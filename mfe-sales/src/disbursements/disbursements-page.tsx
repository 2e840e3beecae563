/**
 * Disbursements (/disbursements): the approved loans waiting to be paid out, each with "Disburse" (the
 * drawer: date, amount, channel), and the recent disbursements; both paged, sorted and searched on the
 * server. A loan disbursed opens its page at the schedule the disbursement made; one held for a checker
 * stays in the list and the page says it waits.
 */
import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { disbursements } from '@meridian/shared/contract/areas/sales';
import type { Disbursement, Loan } from '@meridian/shared/contract/loan';
import type { CheckRequest } from '@meridian/shared/contract/maker-checker';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { amountColumn, clientColumn, productColumn } from '../loans/loan-columns';
import { loanSchedulePath, LOANS_API } from '../loans/loan-paths';
import { LoanStatusTag } from '../loans/loan-status-tag';
import { PendingAlert } from '../loans/pending-alert';
import { DisburseDrawer } from './disburse-drawer';
import { CHANNEL_LABELS, DISBURSEMENT_TEXT, disburseRowLabel } from './disbursement-text';

const WAITING_SORT = { field: 'dateCreated', order: 'ASC' } as const;
const RECENT_SORT = { field: 'disbursedOn', order: 'DESC' } as const;

export default function DisbursementsPage() {
  const format = useTenantFormat();
  const navigate = useNavigate();
  const canDisburse = useCan(disbursements, 'disburse');
  const [disbursing, setDisbursing] = useState<Loan | null>(null);
  const [pending, setPending] = useState<CheckRequest | null>(null);

  const waitingColumns: PagedColumn<Loan>[] = [
    clientColumn(DISBURSEMENT_TEXT.client, (l) => l.id),
    productColumn(DISBURSEMENT_TEXT.product),
    amountColumn(DISBURSEMENT_TEXT.approvedAmount, 'approvedMinor', (l) => l.approvedMinor ?? l.principalMinor),
    { title: DISBURSEMENT_TEXT.approvedOn, dataIndex: 'approvedOn', render: (day: string | null) => format.day(day) },
    ...(canDisburse
      ? [
          {
            title: '',
            key: 'actions',
            actions: true,
            render: (_: unknown, l: Loan) => (
              <Button size="small" type="primary" aria-label={disburseRowLabel(l.clientName)} onClick={() => setDisbursing(l)}>
                {DISBURSEMENT_TEXT.disburse}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const recentColumns: PagedColumn<Disbursement>[] = [
    clientColumn(DISBURSEMENT_TEXT.client, (d) => d.loanId),
    productColumn(DISBURSEMENT_TEXT.product),
    amountColumn(DISBURSEMENT_TEXT.amount, 'amountMinor', (d) => d.amountMinor, 'amountMinor'),
    { title: DISBURSEMENT_TEXT.disbursedOn, dataIndex: 'disbursedOn', sortField: 'disbursedOn', render: (day: string) => format.day(day) },
    { title: DISBURSEMENT_TEXT.channel, dataIndex: 'channel', render: (c: Disbursement['channel']) => CHANNEL_LABELS[c] },
    { title: DISBURSEMENT_TEXT.status, dataIndex: 'status', render: (s: Disbursement['status']) => <LoanStatusTag status={s} /> },
  ];

  return (
    <PageFrame title={DISBURSEMENT_TEXT.disbursements}>
      <Flex vertical gap={24}>
        <PendingAlert request={pending} onClose={() => setPending(null)} />
        <section>
          <Typography.Title level={4}>{DISBURSEMENT_TEXT.waiting}</Typography.Title>
          <PagedTable<Loan>
            url={LOANS_API.list}
            filters={{ status: 'approved' }}
            columns={waitingColumns}
            rowKey={(l) => l.id}
            label={DISBURSEMENT_TEXT.waiting}
            emptyText={DISBURSEMENT_TEXT.noneWaiting}
            searchPlaceholder={DISBURSEMENT_TEXT.searchLoans}
            defaultSort={WAITING_SORT}
            stateKey="waiting"
            tableId="sales-disbursements-waiting"
          />
        </section>
        <section>
          <Typography.Title level={4}>{DISBURSEMENT_TEXT.recent}</Typography.Title>
          <PagedTable<Disbursement>
            url={LOANS_API.disbursements}
            columns={recentColumns}
            rowKey={(d) => d.loanId}
            label={DISBURSEMENT_TEXT.recent}
            emptyText={DISBURSEMENT_TEXT.noneRecent}
            searchPlaceholder={DISBURSEMENT_TEXT.searchLoans}
            defaultSort={RECENT_SORT}
            stateKey="recent"
            tableId="sales-disbursements-recent"
          />
        </section>
      </Flex>
      <DisburseDrawer
        loan={disbursing}
        onClose={() => setDisbursing(null)}
        onDisbursed={(loan) => void navigate(loanSchedulePath(loan.id))}
        onPending={(request) => {
          setDisbursing(null);
          setPending(request);
        }}
      />
    </PageFrame>
  );
}
