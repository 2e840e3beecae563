/**
 * Custom reports (/reports): the reports of the acting tenant's subtree the caller may see (their category's
 * roles and tenants allow them), paged, sorted and searched on the server, with the category as a filter.
 * Report writers open one in the builder and delete one after a confirmation.
 */
import { Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { customReports } from '@meridian/shared/contract/areas/reports';
import type { CustomReportListItem } from '@meridian/shared/contract/custom-report';
import type { ReportCategory } from '@meridian/shared/contract/report-category';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { useSession } from '@meridian/shared/session/session-store';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { EditRemoveActions } from '@meridian/shared/ui/edit-remove-actions';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { useState } from 'react';
import { CATEGORY_API } from '../report-categories/category-paths';
import { editReportPath, NEW_REPORT_PATH, REPORT_API } from './custom-report-paths';
import { deleteReportQuestion, REPORT_TEXT } from './custom-report-text';

const DEFAULT_SORT = { field: 'name', order: 'ASC' as const };

export default function CustomReportsPage() {
  const format = useTenantFormat();
  const canCreate = useCan(customReports, 'create');
  const canEdit = useCan(customReports, 'edit');
  const me = useSession((state) => state.user?.Id ?? null);
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const categories = useLoad(
    async (signal) => (me ? (await api.get<ReportCategory[]>(CATEGORY_API.byUser(me), { signal })).data : []),
    [me],
  );
  const { confirmAction, reloadToken } = useConfirmedAction();

  const deleteReport = (report: CustomReportListItem) =>
    confirmAction({
      question: deleteReportQuestion(report.name),
      detail: report.categoryName ?? REPORT_TEXT.noCategory,
      okText: MESSAGES.deleteAction,
      done: REPORT_TEXT.deleted,
      call: () => api.post(REPORT_API.remove, { id: report.id }),
    });

  const columns: PagedColumn<CustomReportListItem>[] = [
    {
      title: REPORT_TEXT.name,
      dataIndex: 'name',
      sortField: 'name',
      render: (name: string, report) => (canEdit ? <Link to={editReportPath(report.id)}>{name}</Link> : name),
    },
    { title: REPORT_TEXT.dataset, dataIndex: 'datasetLabel', sortField: 'dataset', render: (label: string) => <Tag>{label}</Tag> },
    {
      title: REPORT_TEXT.category,
      dataIndex: 'categoryName',
      sortField: 'category',
      render: (name: string | null) => name ?? REPORT_TEXT.none,
    },
    { title: REPORT_TEXT.owner, dataIndex: 'ownerName', optional: true, render: (name: string | null) => name ?? REPORT_TEXT.none },
    { title: REPORT_TEXT.modified, dataIndex: 'dateModified', sortField: 'dateModified', render: (iso: string) => format.moment(iso) },
    ...(canEdit
      ? [
          {
            title: REPORT_TEXT.actions,
            key: 'actions',
            actions: true,
            render: (_: unknown, report: CustomReportListItem) => (
              <EditRemoveActions editTo={editReportPath(report.id)} name={report.name} onRemove={() => deleteReport(report)} />
            ),
          },
        ]
      : []),
  ];

  const toolbar = (
    <Select
      aria-label={REPORT_TEXT.category}
      placeholder={REPORT_TEXT.category}
      allowClear
      loading={categories.status === 'loading'}
      options={(categories.status === 'loaded' ? categories.data : []).map((c) => ({ value: c.id, label: c.path }))}
      value={categoryId}
      onChange={(value: string | undefined) => setCategoryId(value)}
      style={{ minWidth: 180 }}
    />
  );

  return (
    <PageFrame
      actions={
        canCreate && (
          <LinkButton to={NEW_REPORT_PATH} type="primary" icon={<PlusOutlined />}>
            {REPORT_TEXT.newReport}
          </LinkButton>
        )
      }
    >
      <PagedTable<CustomReportListItem>
        url={REPORT_API.list}
        filters={{ categoryId }}
        columns={columns}
        rowKey={(report) => report.id}
        label={REPORT_TEXT.reports}
        emptyText={REPORT_TEXT.noReports}
        searchPlaceholder={REPORT_TEXT.searchReports}
        defaultSort={DEFAULT_SORT}
        toolbar={toolbar}
        reloadToken={reloadToken}
      />
    </PageFrame>
  );
}
