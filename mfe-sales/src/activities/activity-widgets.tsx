/**
 * Counts of the window's activities by status and by type (GET /api/activities/for-status-widget and
 * /for-type-widget), above the list. A click on a count filters the list by it.
 */
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { NO_ACTIVITY_TYPE_NAME, type StatusWidgetRow, type TypeWidgetRow } from '@meridian/shared/contract/activity';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import type { ActivityFilters } from './activity-filters';
import { ACTIVITY_API } from './activity-paths';
import { ACTIVITY_TEXT } from './activity-text';

/** Groups per widget: a company has a handful of statuses and types. */
const GROUPS = 100;

interface Count {
  key: string;
  label: string;
  count: number;
  /** The filter value a click sets, or none. */
  filter: string | undefined;
}

function CountCard({
  title,
  counts,
  selected,
  onPick,
}: {
  title: string;
  counts: Count[];
  selected: string | undefined;
  onPick(filter: string | undefined): void;
}) {
  return (
    <Card size="small" title={title}>
      {counts.length === 0 ? (
        <Typography.Text type="secondary">{ACTIVITY_TEXT.noCounts}</Typography.Text>
      ) : (
        <Flex gap={8} wrap>
          {counts.map((count) => {
            const active = count.filter !== undefined && count.filter === selected;
            return (
              <Button
                key={count.key}
                size="small"
                type={active ? 'primary' : 'default'}
                disabled={count.filter === undefined}
                aria-pressed={active}
                onClick={() => onPick(active ? undefined : count.filter)}
              >
                {count.label} <Tag style={{ marginInlineEnd: 0 }}>{count.count.toLocaleString()}</Tag>
              </Button>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}

export interface ActivityWidgetsProps {
  filters: ActivityFilters;
  onPickStatus(status: string | undefined): void;
  onPickType(type: string | undefined): void;
  reloadToken?: number;
}

export function ActivityWidgets({ filters, onPickStatus, onPickType, reloadToken = 0 }: ActivityWidgetsProps) {
  const { startDate, endDate } = filters;
  const loaded = useLoad(
    async (signal) => {
      const query = { startDate, endDate, page: 1, size: GROUPS };
      const [statuses, types] = await Promise.all([
        api.get<StatusWidgetRow[]>(ACTIVITY_API.statusWidget, { signal, query }),
        api.get<TypeWidgetRow[]>(ACTIVITY_API.typeWidget, { signal, query }),
      ]);
      return { statuses: statuses.data, types: types.data };
    },
    // `reloadToken` is not read by the calls: a bump of it loads the figures again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [startDate, endDate, reloadToken],
  );

  if (loaded.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title={ACTIVITY_TEXT.widgetsFailed}
        description={errorText(loaded.error)}
        action={
          <Button size="small" onClick={loaded.reload}>
            {MESSAGES.retry}
          </Button>
        }
      />
    );
  }
  if (loaded.status === 'loading') return <Skeleton active paragraph={{ rows: 2 }} title={false} />;

  const statusCounts: Count[] = loaded.data.statuses.map((row) => ({
    key: row.statusId ?? `name:${row.status}`,
    label: row.status,
    count: row.count,
    // The list takes a status id or, for one without an id, its name.
    filter: row.statusId ?? row.status,
  }));
  const typeCounts: Count[] = loaded.data.types.map((row) => ({
    key: row.activityTypeId ?? `name:${row.typeDesc}`,
    label: row.typeDesc,
    count: row.count,
    // A type id, or the name of types several companies share; activities without a type cannot be filtered.
    filter: row.activityTypeId ?? (row.typeDesc === NO_ACTIVITY_TYPE_NAME ? undefined : row.typeDesc),
  }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <CountCard title={ACTIVITY_TEXT.byStatus} counts={statusCounts} selected={filters.status} onPick={onPickStatus} />
      </Col>
      <Col xs={24} lg={12}>
        <CountCard title={ACTIVITY_TEXT.byType} counts={typeCounts} selected={filters.type} onPick={onPickType} />
      </Col>
    </Row>
  );
}
