/**
 * A loan's page (/loans/:id): client and product, status, the figures that matter (amounts in the loan's
 * currency, dates in the tenant's format), the moves the user may make, and the tabs (loan-tabs.tsx), the
 * open one kept in the address. A move held for a checker (202) leaves the loan as it was and says so.
 */
import { useState } from 'react';
import { Descriptions, Flex, Tabs } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import type { CheckRequest } from '@meridian/shared/contract/maker-checker';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { formatMinor } from '@meridian/shared/money-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LoanActions } from './loan-actions';
import { LOANS_API } from './loan-paths';
import { LoanStatusTag } from './loan-status-tag';
import { LOAN_TABS } from './loan-tabs';
import { loanTitle, LOAN_TEXT } from './loan-text';
import { PendingAlert } from './pending-alert';

function LoanFigures({ loan }: { loan: LoanDetails }) {
  const format = useTenantFormat();
  const money = (minor: number | null) => (minor === null ? '—' : formatMinor(minor, loan.currency));
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 4 }}
      items={[
        { key: 'amount', label: LOAN_TEXT.amount, children: money(loan.principalMinor) },
        { key: 'approved', label: LOAN_TEXT.approvedShort, children: money(loan.approvedMinor) },
        {
          key: 'disbursed',
          label: LOAN_TEXT.disbursedOn,
          children: loan.disbursedOn ? `${money(loan.disbursedMinor)} · ${format.day(loan.disbursedOn)}` : '—',
        },
        { key: 'outstanding', label: LOAN_TEXT.outstanding, children: money(loan.outstandingMinor) },
        { key: 'arrears', label: LOAN_TEXT.arrearsDays, children: loan.arrearsDays },
        { key: 'instalments', label: LOAN_TEXT.instalments, children: loan.instalments },
        { key: 'rate', label: LOAN_TEXT.rate, children: `${loan.annualRatePercent}% (${loan.interestMethod})` },
        { key: 'frequency', label: LOAN_TEXT.frequency, children: loan.repaymentFrequency },
        { key: 'submitted', label: LOAN_TEXT.submittedOn, children: format.day(loan.submittedOn) },
        ...(loan.overpaymentMinor > 0 ? [{ key: 'over', label: LOAN_TEXT.overpayment, children: money(loan.overpaymentMinor) }] : []),
      ]}
    />
  );
}

function LoanView({ loan, reload }: { loan: LoanDetails; reload(): void }) {
  const [params, setParams] = useSearchParams();
  const [pending, setPending] = useState<CheckRequest | null>(null);
  const active = LOAN_TABS.some((t) => t.key === params.get('tab')) ? params.get('tab')! : LOAN_TABS[0]!.key;
  return (
    <PageFrame title={loanTitle(loan.clientName, loan.productName)} subtitle={<LoanStatusTag status={loan.status} />}>
      <Flex vertical gap={16}>
        <LoanFigures loan={loan} />
        <PendingAlert request={pending} onClose={() => setPending(null)} />
        <LoanActions
          loan={loan}
          reload={() => {
            setPending(null);
            reload();
          }}
          onPending={setPending}
          onDisbursed={() => {
            setPending(null);
            setParams({ tab: 'schedule' }, { replace: true });
            reload();
          }}
        />
        <Tabs
          activeKey={active}
          onChange={(tab) => setParams({ tab }, { replace: true })}
          items={LOAN_TABS.map(({ key, label, Tab }) => ({ key, label, children: <Tab loan={loan} /> }))}
        />
      </Flex>
    </PageFrame>
  );
}

export default function LoanPage() {
  const { id = '' } = useParams();
  const state = useLoad((signal) => api.get<LoanDetails>(LOANS_API.one(id), { signal }).then((r) => r.data), [id]);
  return <LoadPanel state={state}>{(loan) => <LoanView loan={loan} reload={state.reload} />}</LoadPanel>;
}
