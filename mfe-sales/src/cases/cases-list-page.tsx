/**
 * Cases (/sales/cases) of the acting tenant's subtree: paged, sorted and searched on the server,
 * filtered by status, priority and owner (or the user's own), with every filter kept in the address.
 * Overdue open cases stand out. A case opens for editing, is closed from its row after a confirmation,
 * and one or several are deleted after a confirmation.
 */
import { useState } from 'react';
import { Button, Checkbox, Flex, Select, Tag } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import {
  CASE_PRIORITIES,
  CASE_PRIORITY_NAMES,
  CASE_STATUS_NAMES,
  CASE_STATUSES,
  type CasePriority,
  type CaseStatus,
  type SalesCase,
} from '@meridian/shared/contract/case';
import { api } from '@meridian/shared/http/api';
import { deleteSelectedLabel, MESSAGES } from '@meridian/shared/messages';
import { useSession } from '@meridian/shared/session/session-store';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { localDay } from '../parts/date-field';
import { EditRemoveActions } from '@meridian/shared/ui/edit-remove-actions';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { UserSelect } from '../parts/person-select';
import { useAddressFilters } from '../parts/use-address-filters';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { caseBodyOf } from './case-form-schema';
import { DueDate, isClosed } from './case-status';
import { editCasePath, NEW_CASE_PATH } from './case-paths';
import {
  CASE_PRIORITY_COLOURS,
  CASE_STATUS_COLOURS,
  CASE_TEXT,
  casesDeletedMessage,
  closeCaseLabel,
  closeCaseQuestion,
  deleteCasesQuestion,
} from './case-text';
import { useCan } from '@meridian/shared/session/use-can';
import { cases } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const DEFAULT_SORT = { field: 'dateCreated', order: 'DESC' as const };
export default function CasesListPage() {
  const format = useTenantFormat();
  const today = localDay();
  const ownId = useSession((state) => state.user?.Id ?? null);
  const filters = useAddressFilters({ status: undefined, priority: undefined, owner: undefined });
  const canCreate = useCan(cases, 'create');
  const canEdit = useCan(cases, 'edit');
  const [selected, setSelected] = useState<string[]>([]);
  const { confirmAction, reloadToken } = useConfirmedAction();

  const deleteCases = (ids: string[], title?: string) =>
    ids.length > 0 &&
    confirmAction({
      question: deleteCasesQuestion(ids.length, title),
      detail: CASE_TEXT.deleteDetail,
      okText: MESSAGES.deleteAction,
      done: casesDeletedMessage(ids.length),
      call: async () => {
        await api.post<{ deleted: number }>('/api/cases/delete', { ids });
        setSelected((keys) => keys.filter((key) => !ids.includes(key)));
      },
    });

  const closeCase = (salesCase: SalesCase) =>
    confirmAction({
      question: closeCaseQuestion(salesCase.title),
      detail: CASE_TEXT.closeDetail,
      okText: CASE_TEXT.closeAction,
      done: CASE_TEXT.caseClosed,
      call: () => api.put<SalesCase>(`/api/cases/${encodeURIComponent(salesCase.Id)}`, caseBodyOf(salesCase, { status: 'CLOSED' })),
    });

  const columns: PagedColumn<SalesCase>[] = [
    {
      title: CASE_TEXT.title,
      dataIndex: 'title',
      sortField: 'title',
      render: (title: string, c) => (canEdit ? <Link to={editCasePath(c.Id)}>{title}</Link> : title),
    },
    {
      title: CASE_TEXT.status,
      dataIndex: 'status',
      sortField: 'status',
      render: (status: CaseStatus) => <Tag color={CASE_STATUS_COLOURS[status]}>{CASE_STATUS_NAMES[status]}</Tag>,
    },
    {
      title: CASE_TEXT.priority,
      dataIndex: 'priority',
      sortField: 'priority',
      render: (priority: CasePriority) => <Tag color={CASE_PRIORITY_COLOURS[priority]}>{CASE_PRIORITY_NAMES[priority]}</Tag>,
    },
    { title: CASE_TEXT.owner, dataIndex: 'ownerName', sortField: 'ownerName', render: (name: string | null) => name ?? '—' },
    {
      title: CASE_TEXT.about,
      key: 'about',
      render: (_: unknown, c: SalesCase) =>
        c.clientName ? `${CASE_TEXT.client}: ${c.clientName}` : c.leadName ? `${CASE_TEXT.lead}: ${c.leadName}` : '—',
    },
    {
      title: CASE_TEXT.dueDate,
      dataIndex: 'dueDate',
      sortField: 'dueDate',
      render: (_: unknown, c: SalesCase) => <DueDate salesCase={c} today={today} />,
    },
    { title: CASE_TEXT.created, dataIndex: 'dateCreated', sortField: 'dateCreated', render: (iso: string) => format.day(iso) },
    { title: CASE_TEXT.closedAt, dataIndex: 'closedAt', sortField: 'closedAt', render: (iso: string | null) => format.day(iso) },
    ...(canEdit
      ? [
          {
            title: CASE_TEXT.actions,
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, c: SalesCase) => (
              <Flex gap={4} wrap={false}>
                {!isClosed(c.status) && (
                  <Button
                    size="small"
                    type="text"
                    icon={<CheckCircleOutlined />}
                    aria-label={closeCaseLabel(c.title)}
                    title={CASE_TEXT.closeCase}
                    onClick={() => closeCase(c)}
                  />
                )}
                <EditRemoveActions editTo={editCasePath(c.Id)} name={c.title} onRemove={() => deleteCases([c.Id], c.title)} />
              </Flex>
            ),
          },
        ]
      : []),
  ];

  const { status, priority, owner } = filters.values;
  const mine = Boolean(ownId && owner === ownId);
  const toolbar = (
    <>
      <Select
        aria-label={CASE_TEXT.filterByStatus}
        placeholder={CASE_TEXT.allStatuses}
        allowClear
        options={CASE_STATUSES.map((s) => ({ value: s, label: CASE_STATUS_NAMES[s] }))}
        value={status}
        onChange={(value: string | undefined) => filters.set({ status: value })}
        style={{ width: 150 }}
      />
      <Select
        aria-label={CASE_TEXT.filterByPriority}
        placeholder={CASE_TEXT.allPriorities}
        allowClear
        options={CASE_PRIORITIES.map((p) => ({ value: p, label: CASE_PRIORITY_NAMES[p] }))}
        value={priority}
        onChange={(value: string | undefined) => filters.set({ priority: value })}
        style={{ width: 150 }}
      />
      {!mine && (
        <UserSelect
          ariaLabel={CASE_TEXT.filterByOwner}
          placeholder={CASE_TEXT.anyOwner}
          value={owner}
          onChange={(value) => filters.set({ owner: typeof value === 'string' ? value : null })}
          style={{ width: 200 }}
        />
      )}
      {ownId && (
        <Checkbox checked={mine} onChange={(event) => filters.set({ owner: event.target.checked ? ownId : null })}>
          {CASE_TEXT.mine}
        </Checkbox>
      )}
      {canEdit && (
        <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => deleteCases(selected)}>
          {deleteSelectedLabel(selected.length)}
        </Button>
      )}
    </>
  );

  return (
    <PageFrame
      actions={
        canCreate && (
          <LinkButton to={NEW_CASE_PATH} type="primary" icon={<PlusOutlined />}>
            {CASE_TEXT.newCase}
          </LinkButton>
        )
      }
    >
      <PagedTable<SalesCase>
        url="/api/cases"
        filters={{ status, priority, ownerUserId: owner }}
        columns={columns}
        rowKey={(c) => c.Id}
        label={CASE_TEXT.cases}
        emptyText={CASE_TEXT.noCases}
        searchPlaceholder={CASE_TEXT.searchCases}
        defaultSort={DEFAULT_SORT}
        toolbar={toolbar}
        selection={canEdit ? { keys: selected, onChange: setSelected } : undefined}
        reloadToken={reloadToken}
      />
    </PageFrame>
  );
}
