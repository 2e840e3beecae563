/**
 * The checker's queue (/loans/approvals): maker-checker requests of the acting subtree, pending ones first
 * (the filter, kept in the address, shows decided ones too), newest first, paged on the server. A pending
 * request is approved (the action is done then, as the checker) or rejected with an optional note. A maker's
 * own request says it waits for another user; the server refuses the maker approving it (403), and that
 * refusal is shown as the server words it. The maker may withdraw their own (reject).
 */
import { useState } from 'react';
import { App, Button, Flex, Tag } from 'antd';
import { Link } from 'react-router';
import { CHECK_DECISION_NOTE_MAX_LENGTH, CHECK_REQUEST_STATUSES, type CheckRequest } from '@meridian/shared/contract/maker-checker';
import { api } from '@meridian/shared/http/api';
import { minorToDecimalText } from '@meridian/shared/money-text';
import { useSession } from '@meridian/shared/session/session-store';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FilterSelect } from '@meridian/shared/ui/filter-select';
import { NoteConfirmDialog } from '@meridian/shared/ui/note-confirm-dialog';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { useAddressFilter } from '@meridian/shared/ui/use-address-filter';
import { loanPath, LOANS_API } from './loan-paths';
import { CHECKED_ACTION_LABELS, LOAN_TEXT } from './loan-text';

type Decision = 'approve' | 'reject';
const DEFAULT_SORT = { field: 'dateCreated', order: 'DESC' } as const;
/** '' (none chosen) is the pending ones: what a checker opens the queue for. */
const SHOWN = ['approved', 'rejected', 'all'] as const;
const SHOWN_CHOICES = [
  { value: '', label: LOAN_TEXT.pending },
  { value: 'approved', label: LOAN_TEXT.requestApproved },
  { value: 'rejected', label: LOAN_TEXT.requestRejected },
  { value: 'all', label: LOAN_TEXT.allRequests },
];
const STATUS_TAGS: Record<CheckRequest['status'], { label: string; color: string }> = {
  pending: { label: LOAN_TEXT.pending, color: 'gold' },
  approved: { label: LOAN_TEXT.requestApproved, color: 'green' },
  rejected: { label: LOAN_TEXT.requestRejected, color: 'default' },
};

/** What the maker asked for, as its payload says it (amounts in minor units written with their decimals). */
export function payloadText(payload: CheckRequest['payload']): string {
  return Object.entries(payload)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) =>
      key.endsWith('Minor') && typeof value === 'number' ? `${key}: ${minorToDecimalText(value)}` : `${key}: ${String(value)}`,
    )
    .join(', ');
}

function DecisionDialog({
  request,
  decision,
  own,
  onClose,
  onDecided,
}: {
  request: CheckRequest;
  decision: Decision;
  own: boolean;
  onClose(): void;
  onDecided(): void;
}) {
  const { message } = App.useApp();
  const title = decision === 'approve' ? LOAN_TEXT.approveRequest : own ? LOAN_TEXT.withdrawRequest : LOAN_TEXT.rejectRequest;

  const decide = async (note: string | null) => {
    const path = decision === 'approve' ? LOANS_API.approveRequest(request.id) : LOANS_API.rejectRequest(request.id);
    await api.post(path, note ? { note } : {});
    void message.success(decision === 'approve' ? LOAN_TEXT.requestDone : LOAN_TEXT.requestClosed);
    onDecided();
  };

  return (
    <NoteConfirmDialog
      title={`${title}: ${CHECKED_ACTION_LABELS[request.action]}`}
      okText={title}
      danger={decision === 'reject'}
      noteLabel={LOAN_TEXT.decisionNote}
      noteMaxLength={CHECK_DECISION_NOTE_MAX_LENGTH}
      onConfirm={decide}
      onClose={onClose}
    />
  );
}

export default function CheckQueuePage() {
  const format = useTenantFormat();
  const me = useSession((session) => session.user?.Id ?? null);
  const [shown, setShown] = useAddressFilter('status', SHOWN);
  const [deciding, setDeciding] = useState<{ request: CheckRequest; decision: Decision } | null>(null);
  const [reloadToken, setReloadToken] = useState(0);
  const status = shown === '' ? 'pending' : shown === 'all' ? undefined : (shown as (typeof CHECK_REQUEST_STATUSES)[number]);

  const columns: PagedColumn<CheckRequest>[] = [
    { title: LOAN_TEXT.made, dataIndex: 'dateCreated', sortField: 'dateCreated', render: (iso: string) => format.moment(iso) },
    {
      title: LOAN_TEXT.request,
      key: 'action',
      render: (_: unknown, r: CheckRequest) => <Link to={loanPath(r.loanId)}>{CHECKED_ACTION_LABELS[r.action]}</Link>,
    },
    { title: LOAN_TEXT.askedFor, key: 'payload', maxWidth: 320, render: (_: unknown, r: CheckRequest) => payloadText(r.payload) || '—' },
    {
      title: LOAN_TEXT.maker,
      key: 'maker',
      render: (_: unknown, r: CheckRequest) => (
        <Flex gap={4} wrap>
          {r.makerName}
          {r.makerUserId === me && r.status === 'pending' && <Tag color="blue">{LOAN_TEXT.ownRequest}</Tag>}
        </Flex>
      ),
    },
    {
      title: LOAN_TEXT.status,
      key: 'status',
      render: (_: unknown, r: CheckRequest) => <Tag color={STATUS_TAGS[r.status].color}>{STATUS_TAGS[r.status].label}</Tag>,
    },
    {
      title: LOAN_TEXT.checker,
      key: 'checker',
      optional: true,
      render: (_: unknown, r: CheckRequest) => (r.checkerName ? `${r.checkerName}${r.checkerNote ? `: ${r.checkerNote}` : ''}` : '—'),
    },
    {
      title: '',
      key: 'actions',
      actions: true,
      render: (_: unknown, r: CheckRequest) =>
        r.status === 'pending' ? (
          <Flex gap={8}>
            <Button size="small" type="primary" onClick={() => setDeciding({ request: r, decision: 'approve' })}>
              {LOAN_TEXT.approve}
            </Button>
            <Button size="small" danger onClick={() => setDeciding({ request: r, decision: 'reject' })}>
              {r.makerUserId === me ? LOAN_TEXT.withdrawRequest : LOAN_TEXT.reject}
            </Button>
          </Flex>
        ) : null,
    },
  ];

  return (
    <PageFrame title={LOAN_TEXT.approvals}>
      <PagedTable<CheckRequest>
        url={LOANS_API.checkRequests}
        filters={{ status }}
        columns={columns}
        rowKey={(r) => r.id}
        label={LOAN_TEXT.requests}
        emptyText={LOAN_TEXT.noRequests}
        searchable={false}
        defaultSort={DEFAULT_SORT}
        reloadToken={reloadToken}
        tableId="sales-check-requests"
        toolbar={<FilterSelect label={LOAN_TEXT.status} value={shown} options={SHOWN_CHOICES} onChange={setShown} />}
      />
      {deciding && (
        <DecisionDialog
          request={deciding.request}
          decision={deciding.decision}
          own={deciding.request.makerUserId === me}
          onClose={() => setDeciding(null)}
          onDecided={() => {
            setDeciding(null);
            setReloadToken((n) => n + 1);
          }}
        />
      )}
    </PageFrame>
  );
}
