/**
 * One agent's actions of one day: the paged, sorted and searched history
 * (GET /api/agent/actions/{date}/{agent}), the same history as a CSV file (the list's search and order,
 * every row), and where each action was recorded on the map, in time order
 * (GET /api/agent/{agent}/{date}).
 */
import { useState } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { AgentDayAction } from '@meridian/shared/contract/field-agent';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { useListAddress } from '@meridian/shared/http/use-paged-list';
import { saveFile } from '@meridian/shared/http/save-file';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { PointsMap } from '@meridian/shared/ui/points-map';
import { displayCoordinate } from '@meridian/shared/geo';
import { isValidPosition } from '@meridian/shared/validation';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { agentLocationPath } from './agent-paths';
import { accuracyText, actionsFileName, AGENT_TEXT } from './agent-text';
import { useCan } from '@meridian/shared/session/use-can';
import { agentHistory } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

/** The history's own state in the address, apart from the summary report's. */
export const HISTORY_STATE_KEY = 'h';
const DEFAULT_SORT = { field: 'dateCreated', order: 'DESC' as const };

export function PositionLink({ lat, lng }: { lat: number | null; lng: number | null }) {
  const canSeePositions = useCan(agentHistory, 'positions');
  if (lat === null || lng === null || !isValidPosition(lat, lng)) return <>—</>;
  const text = `${displayCoordinate(lat)}, ${displayCoordinate(lng)}`;
  return canSeePositions ? (
    <Link to={agentLocationPath(lat, lng)} title={AGENT_TEXT.showOnMap}>
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}

function DownloadCsv({ agentId, day }: { agentId: string; day: string }) {
  const { message } = App.useApp();
  const { state } = useListAddress(HISTORY_STATE_KEY, DEFAULT_SORT);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await api.download(`/api/agent/actions/${encodeURIComponent(day)}/${encodeURIComponent(agentId)}`, {
        query: { download: 'csv', search: state.search || undefined, sortField: state.sortField, sortOrder: state.sortOrder },
      });
      saveFile(file, actionsFileName(day));
    } catch (error) {
      void message.error(`${AGENT_TEXT.downloadFailed} ${errorText(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
      {AGENT_TEXT.downloadCsv}
    </Button>
  );
}

function DayMap({ agentId, day }: { agentId: string; day: string }) {
  const format = useTenantFormat();
  const actions = useLoad(
    (signal) =>
      api.get<AgentDayAction[]>(`/api/agent/${encodeURIComponent(agentId)}/${encodeURIComponent(day)}`, { signal }).then((r) => r.data),
    [agentId, day],
  );
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {AGENT_TEXT.actionsMap}
      </Typography.Title>
      <LoadPanel state={actions}>
        {(list) => {
          const placed = list.filter((a) => a.latitude !== null && a.longitude !== null);
          return (
            <>
              {placed.length === 0 && list.length > 0 && (
                <Typography.Text type="secondary">{AGENT_TEXT.noPositionsThatDay}</Typography.Text>
              )}
              <PointsMap
                line
                label={AGENT_TEXT.actionsMap}
                height={360}
                points={list.map((action) => ({
                  key: action.Id,
                  label: `${format.timeOfDay(action.dateCreated)} ${action.actionName}`,
                  lat: action.latitude,
                  lng: action.longitude,
                }))}
              />
            </>
          );
        }}
      </LoadPanel>
    </Flex>
  );
}

export function AgentDayHistory({ agentId, day }: { agentId: string; day: string }) {
  const format = useTenantFormat();
  const columns: PagedColumn<AgentDayAction>[] = [
    { title: AGENT_TEXT.time, dataIndex: 'dateCreated', sortField: 'dateCreated', render: (iso: string) => format.moment(iso) },
    { title: AGENT_TEXT.action, dataIndex: 'actionName', sortField: 'action' },
    { title: AGENT_TEXT.place, dataIndex: 'location', sortField: 'location', render: (place: string | null) => place ?? '—' },
    {
      title: AGENT_TEXT.position,
      key: 'position',
      render: (_: unknown, action: AgentDayAction) => <PositionLink lat={action.latitude} lng={action.longitude} />,
    },
    { title: AGENT_TEXT.accuracy, dataIndex: 'accuracy', align: 'right', render: (metres: number | null) => accuracyText(metres) },
    { title: AGENT_TEXT.record, dataIndex: 'entityType', sortField: 'entityType', render: (type: string | null) => type ?? '—' },
  ];
  return (
    <Flex vertical gap={24}>
      <PagedTable<AgentDayAction>
        url={`/api/agent/actions/${encodeURIComponent(day)}/${encodeURIComponent(agentId)}`}
        columns={columns}
        rowKey={(action) => action.Id}
        label={AGENT_TEXT.actions}
        emptyText={AGENT_TEXT.noActions}
        searchPlaceholder={AGENT_TEXT.searchActions}
        defaultSort={DEFAULT_SORT}
        toolbar={<DownloadCsv agentId={agentId} day={day} />}
        stateKey={HISTORY_STATE_KEY}
      />
      <DayMap agentId={agentId} day={day} />
    </Flex>
  );
}
