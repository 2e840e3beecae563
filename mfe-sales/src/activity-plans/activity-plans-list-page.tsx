/**
 * Route plans (/sales/activities/activity-plan): the plans of a window of days (today to 30 days
 * ahead unless chosen), optionally of one agent, paged, sorted and searched on the server, with the
 * window, agent, page, sort and search kept in the address. A plan opens for editing or on its map;
 * one or several plans are deleted after a confirmation that also asks whether their activities go
 * with them.
 */
import { useState } from 'react';
import { App, Button, Checkbox, Flex, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ACTIVITY_PLAN_LIMITS, PLAN_STATUS_NAMES, type ActivityPlanListItem } from '@meridian/shared/contract/activity-plan';
import { addDays } from '@meridian/shared/contract/field-agent';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { AgentSelect } from '../parts/person-select';
import { DayInput, localDay } from '../parts/date-field';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { useAddressFilters } from '../parts/use-address-filters';
import { DAY_OVERVIEW_PATH, editPlanPath, mapOverviewPath, NEW_PLAN_PATH, planMapPath } from './activity-plan-paths';
import {
  deletePlansQuestion,
  deleteSelectedPlansLabel,
  PLAN_STATUS_COLOURS,
  PLAN_TEXT,
  plansDeletedMessage,
  rowActionLabel,
} from './activity-plan-text';
import { useCan } from '@meridian/shared/session/use-can';
import { activityPlans } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const DEFAULT_SORT = { field: 'planDate', order: 'ASC' as const };

/** The question's body: what deleting does, and the choice to delete the plans' activities too. */
function DeleteDetail({ onChange }: { onChange(deleteActivities: boolean): void }) {
  return (
    <Flex vertical gap={8}>
      <Typography.Text>{PLAN_TEXT.deleteDetail}</Typography.Text>
      <Checkbox onChange={(event) => onChange(event.target.checked)}>{PLAN_TEXT.alsoDeleteActivities}</Checkbox>
      <Typography.Text type="secondary">{PLAN_TEXT.alsoDeleteActivitiesHint}</Typography.Text>
    </Flex>
  );
}

export default function ActivityPlansListPage() {
  const format = useTenantFormat();
  const { modal, message } = App.useApp();
  const today = localDay();
  const filters = useAddressFilters({ from: today, to: addDays(today, ACTIVITY_PLAN_LIMITS.defaultWindowDays), agent: undefined });
  const canSeeDayOverview = useCan(activityPlans, 'dayOverview');
  const [selected, setSelected] = useState<string[]>([]);
  const [reloadToken, setReloadToken] = useState(0);

  const deletePlans = (ids: string[], name?: string) => {
    if (ids.length === 0) return;
    let deleteActivities = false;
    void modal.confirm({
      title: deletePlansQuestion(ids.length, name),
      content: <DeleteDetail onChange={(checked) => (deleteActivities = checked)} />,
      okText: MESSAGES.deleteAction,
      okButtonProps: { danger: true },
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        try {
          const { data } = await api.delete<{ deleted: number; activitiesDeleted: number }>('/api/activities/activity-plan/delete', {
            body: { activityPlans: ids, deleteActivities },
          });
          void message.success(plansDeletedMessage(data.deleted, deleteActivities ? data.activitiesDeleted : null));
          setSelected((keys) => keys.filter((key) => !ids.includes(key)));
          setReloadToken((n) => n + 1);
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });
  };

  const columns: PagedColumn<ActivityPlanListItem>[] = [
    { title: PLAN_TEXT.date, dataIndex: 'planDate', sortField: 'planDate', render: (day: string) => format.day(day) },
    {
      title: PLAN_TEXT.name,
      dataIndex: 'name',
      sortField: 'name',
      render: (name: string, plan) => <Link to={editPlanPath(plan.Id)}>{name}</Link>,
    },
    { title: PLAN_TEXT.agent, dataIndex: 'agentName', sortField: 'agentName', render: (name: string | null) => name ?? '—' },
    { title: PLAN_TEXT.stops, dataIndex: 'stopCount', sortField: 'stopCount', align: 'right' },
    {
      title: PLAN_TEXT.status,
      dataIndex: 'status',
      sortField: 'status',
      render: (status: ActivityPlanListItem['status']) => (
        <Tag color={PLAN_STATUS_COLOURS[status]}>{PLAN_STATUS_NAMES[status] ?? status}</Tag>
      ),
    },
    { title: PLAN_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
    {
      title: PLAN_TEXT.actions,
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, plan: ActivityPlanListItem) => {
        const map = rowActionLabel(PLAN_TEXT.showMap, plan.name);
        const edit = rowActionLabel(MESSAGES.editAction, plan.name);
        const remove = rowActionLabel(MESSAGES.deleteAction, plan.name);
        return (
          <Flex gap={4} wrap={false}>
            <LinkButton to={planMapPath(plan.Id)} size="small" type="text" icon={<EnvironmentOutlined />} aria-label={map} title={map}>
              {null}
            </LinkButton>
            <LinkButton to={editPlanPath(plan.Id)} size="small" type="text" icon={<EditOutlined />} aria-label={edit} title={edit}>
              {null}
            </LinkButton>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={remove}
              title={remove}
              onClick={() => deletePlans([plan.Id], plan.name)}
            />
          </Flex>
        );
      },
    },
  ];

  const { from, to, agent } = filters.values;
  const toolbar = (
    <>
      <DayInput ariaLabel={PLAN_TEXT.windowFrom} value={from} max={to} onChange={(day) => filters.set({ from: day })} />
      <DayInput ariaLabel={PLAN_TEXT.windowTo} value={to} min={from} onChange={(day) => filters.set({ to: day })} />
      <AgentSelect
        ariaLabel={PLAN_TEXT.filterByAgent}
        placeholder={PLAN_TEXT.allAgents}
        value={agent}
        onChange={(value) => filters.set({ agent: typeof value === 'string' ? value : null })}
        style={{ width: 220 }}
      />
      <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => deletePlans(selected)}>
        {deleteSelectedPlansLabel(selected.length)}
      </Button>
    </>
  );

  return (
    <PageFrame
      actions={
        <>
          <LinkButton to={mapOverviewPath(from ?? today)} icon={<EnvironmentOutlined />}>
            {PLAN_TEXT.mapOfTheDay}
          </LinkButton>
          {canSeeDayOverview && <LinkButton to={DAY_OVERVIEW_PATH}>{PLAN_TEXT.dayOverview}</LinkButton>}
          <LinkButton to={NEW_PLAN_PATH} type="primary" icon={<PlusOutlined />}>
            {PLAN_TEXT.newPlan}
          </LinkButton>
        </>
      }
    >
      <PagedTable<ActivityPlanListItem>
        url="/api/activities/activity-plan"
        filters={{ startDate: from, endDate: to, agentUserId: agent }}
        columns={columns}
        rowKey={(plan) => plan.Id}
        label={PLAN_TEXT.plans}
        emptyText={PLAN_TEXT.noPlans}
        searchPlaceholder={PLAN_TEXT.searchPlans}
        defaultSort={DEFAULT_SORT}
        toolbar={toolbar}
        selection={{ keys: selected, onChange: setSelected }}
        reloadToken={reloadToken}
      />
    </PageFrame>
  );
}
