/**
 * Sales targets (/sales/targets) of the acting tenant's subtree: paged, sorted and searched on the
 * server, filtered by metric and by a window the period must overlap (kept in the address), each with a
 * bar of what has been achieved against the target. A target opens for editing; one or several are
 * deleted after a confirmation.
 */
import { useState } from 'react';
import { Button, Select, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { TARGET_METRIC_NAMES, TARGET_METRICS, type Target } from '@meridian/shared/contract/target';
import { api } from '@meridian/shared/http/api';
import { deleteSelectedLabel, MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { DayInput } from '../parts/date-field';
import { EditRemoveActions } from '@meridian/shared/ui/edit-remove-actions';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { useAddressFilters } from '../parts/use-address-filters';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { editTargetPath, NEW_TARGET_PATH } from './target-paths';
import { deleteTargetsQuestion, TARGET_TEXT, targetsDeletedMessage } from './target-text';
import { TargetProgress } from './target-progress';
import { useCan } from '@meridian/shared/session/use-can';
import { targets } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const DEFAULT_SORT = { field: 'dateCreated', order: 'DESC' as const };

export default function TargetsListPage() {
  const format = useTenantFormat();
  const filters = useAddressFilters({ metric: undefined, from: undefined, to: undefined });
  const canCreate = useCan(targets, 'create');
  const canEdit = useCan(targets, 'edit');
  const [selected, setSelected] = useState<string[]>([]);
  const { confirmAction, reloadToken } = useConfirmedAction();

  const deleteTargets = (ids: string[], name?: string) =>
    ids.length > 0 &&
    confirmAction({
      question: deleteTargetsQuestion(ids.length, name),
      detail: TARGET_TEXT.deleteDetail,
      okText: MESSAGES.deleteAction,
      done: targetsDeletedMessage(ids.length),
      call: async () => {
        await api.post<{ deleted: number }>('/api/targets/delete', { ids });
        setSelected((keys) => keys.filter((key) => !ids.includes(key)));
      },
    });

  const columns: PagedColumn<Target>[] = [
    {
      title: TARGET_TEXT.name,
      dataIndex: 'name',
      sortField: 'name',
      render: (name: string, target) => (canEdit ? <Link to={editTargetPath(target.Id)}>{name}</Link> : name),
    },
    {
      title: TARGET_TEXT.metric,
      dataIndex: 'metric',
      sortField: 'metric',
      render: (metric: Target['metric']) => TARGET_METRIC_NAMES[metric] ?? metric,
    },
    {
      title: TARGET_TEXT.forWhom,
      key: 'for',
      render: (_: unknown, target: Target) =>
        target.teamId ? (
          <>
            <Tag>{TARGET_TEXT.team}</Tag>
            {target.teamName}
          </>
        ) : (
          <>
            <Tag>{TARGET_TEXT.agent}</Tag>
            {target.userFullName}
          </>
        ),
    },
    {
      title: TARGET_TEXT.period,
      dataIndex: 'periodStart',
      sortField: 'periodStart',
      render: (start: string, target) => `${format.day(start)} – ${format.day(target.periodEnd)}`,
    },
    {
      title: TARGET_TEXT.target,
      dataIndex: 'targetValue',
      sortField: 'targetValue',
      align: 'right',
      render: (value: number) => value.toLocaleString(),
    },
    { title: TARGET_TEXT.progress, key: 'progress', render: (_: unknown, target: Target) => <TargetProgress target={target} /> },
    { title: TARGET_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
    ...(canEdit
      ? [
          {
            title: TARGET_TEXT.actions,
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, target: Target) => (
              <EditRemoveActions
                editTo={editTargetPath(target.Id)}
                name={target.name}
                onRemove={() => deleteTargets([target.Id], target.name)}
              />
            ),
          },
        ]
      : []),
  ];

  const { metric, from, to } = filters.values;
  const toolbar = (
    <>
      <Select
        aria-label={TARGET_TEXT.filterByMetric}
        placeholder={TARGET_TEXT.allMetrics}
        allowClear
        options={TARGET_METRICS.map((m) => ({ value: m, label: TARGET_METRIC_NAMES[m] }))}
        value={metric}
        onChange={(value: string | undefined) => filters.set({ metric: value })}
        popupMatchSelectWidth={false}
        style={{ width: 200 }}
      />
      <DayInput ariaLabel={TARGET_TEXT.periodFrom} value={from} max={to} onChange={(value) => filters.set({ from: value })} />
      <DayInput ariaLabel={TARGET_TEXT.periodTo} value={to} min={from} onChange={(value) => filters.set({ to: value })} />
      {canEdit && (
        <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => deleteTargets(selected)}>
          {deleteSelectedLabel(selected.length)}
        </Button>
      )}
    </>
  );

  return (
    <PageFrame
      actions={
        canCreate && (
          <LinkButton to={NEW_TARGET_PATH} type="primary" icon={<PlusOutlined />}>
            {TARGET_TEXT.newTarget}
          </LinkButton>
        )
      }
    >
      <PagedTable<Target>
        url="/api/targets"
        filters={{ metric, periodFrom: from, periodTo: to }}
        columns={columns}
        rowKey={(target) => target.Id}
        label={TARGET_TEXT.targets}
        emptyText={TARGET_TEXT.noTargets}
        searchPlaceholder={TARGET_TEXT.searchTargets}
        defaultSort={DEFAULT_SORT}
        toolbar={toolbar}
        selection={canEdit ? { keys: selected, onChange: setSelected } : undefined}
        reloadToken={reloadToken}
      />
    </PageFrame>
  );
}
