/**
 * Loans (/loans): the acting subtree's loans, paged, sorted (newest first) and searched on the server by
 * client or product, filtered by status (kept in the address); a row opens the loan's page.
 */
import { loans } from '@meridian/shared/contract/areas/sales';
import { LOAN_STATUSES, type Loan } from '@meridian/shared/contract/loan';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FilterSelect } from '@meridian/shared/ui/filter-select';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { useAddressFilter } from '@meridian/shared/ui/use-address-filter';
import { amountColumn, clientColumn, productColumn } from './loan-columns';
import { LOANS_API } from './loan-paths';
import { LoanStatusTag } from './loan-status-tag';
import { LOAN_STATUS_LABELS, LOAN_TEXT } from './loan-text';

const DEFAULT_SORT = { field: 'dateCreated', order: 'DESC' } as const;
const STATUS_CHOICES = [
  { value: '', label: LOAN_TEXT.allStatuses },
  ...LOAN_STATUSES.map((s) => ({ value: s, label: LOAN_STATUS_LABELS[s] })),
];

export default function LoansListPage() {
  const format = useTenantFormat();
  const canApply = useCan(loans, 'apply');
  const [status, setStatus] = useAddressFilter('status', LOAN_STATUSES);

  const columns: PagedColumn<Loan>[] = [
    clientColumn(LOAN_TEXT.client, (loan) => loan.id),
    productColumn(LOAN_TEXT.product),
    amountColumn(LOAN_TEXT.amount, 'principalMinor', (loan) => loan.principalMinor, 'principalMinor'),
    { title: LOAN_TEXT.status, dataIndex: 'status', sortField: 'status', render: (s: Loan['status']) => <LoanStatusTag status={s} /> },
    { title: LOAN_TEXT.disbursedOn, dataIndex: 'disbursedOn', sortField: 'disbursedOn', render: (day: string | null) => format.day(day) },
    amountColumn(LOAN_TEXT.outstanding, 'outstandingMinor', (loan) => loan.outstandingMinor),
    { title: LOAN_TEXT.arrearsDays, dataIndex: 'arrearsDays', sortField: 'arrearsDays', align: 'right' },
    {
      title: LOAN_TEXT.submittedOn,
      dataIndex: 'submittedOn',
      sortField: 'submittedOn',
      optional: true,
      hiddenByDefault: true,
      render: (day: string) => format.day(day),
    },
  ];

  return (
    <PageFrame
      title={LOAN_TEXT.loans}
      actions={
        canApply ? (
          <LinkButton type="primary" to={loans.screens.apply}>
            {LOAN_TEXT.apply}
          </LinkButton>
        ) : undefined
      }
    >
      <PagedTable<Loan>
        url={LOANS_API.list}
        filters={{ status: status || undefined }}
        columns={columns}
        rowKey={(loan) => loan.id}
        label={LOAN_TEXT.loans}
        emptyText={LOAN_TEXT.noLoans}
        searchPlaceholder={LOAN_TEXT.searchLoans}
        defaultSort={DEFAULT_SORT}
        tableId="sales-loans"
        toolbar={<FilterSelect label={LOAN_TEXT.filterByStatus} value={status} options={STATUS_CHOICES} onChange={setStatus} />}
      />
    </PageFrame>
  );
}
