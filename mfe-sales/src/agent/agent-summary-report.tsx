/**
 * The agents' summary report (GET /api/agent/summary-report): per agent of the acting tenant's
 * subtree over the day, ISO week or month around a day, their time online, activities completed,
 * files added and last known position. Paged (20 a page), sorted (region first) and searched on the
 * server.
 */
import { Link } from 'react-router';
import { SUMMARY_PERIODS, summaryPeriod, type AgentSummaryRow, type SummaryPeriod } from '@meridian/shared/contract/field-agent';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { PositionLink } from './agent-day-history';
import { AGENT_TEXT, onlineText } from './agent-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

export const SUMMARY_STATE_KEY = 's';
const DEFAULT_SORT = { field: 'regionName', order: 'DESC' as const };

export const isSummaryPeriod = (value: string | undefined): value is SummaryPeriod =>
  (SUMMARY_PERIODS as readonly string[]).includes(value ?? '');

export function AgentSummaryReport({
  day,
  period,
  dayOfAgent,
}: {
  day: string;
  period: SummaryPeriod;
  dayOfAgent(agentId: string): string;
}) {
  const format = useTenantFormat();
  const window = summaryPeriod(day, period);
  const columns: PagedColumn<AgentSummaryRow>[] = [
    { title: AGENT_TEXT.region, dataIndex: 'regionName', sortField: 'regionName' },
    {
      title: AGENT_TEXT.agent,
      dataIndex: 'agentName',
      sortField: 'agentName',
      render: (name: string, row) => <Link to={dayOfAgent(row.userId)}>{name}</Link>,
    },
    { title: AGENT_TEXT.userName, dataIndex: 'userName', sortField: 'userName' },
    { title: AGENT_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
    { title: AGENT_TEXT.online, dataIndex: 'onlineMinutes', align: 'right', render: (minutes: number) => onlineText(minutes) },
    { title: AGENT_TEXT.activitiesCompleted, dataIndex: 'activitiesCompleted', align: 'right' },
    { title: AGENT_TEXT.filesAdded, dataIndex: 'filesAdded', align: 'right' },
    {
      title: AGENT_TEXT.lastPosition,
      key: 'lastPosition',
      render: (_: unknown, row: AgentSummaryRow) =>
        row.lastPosition ? (
          <>
            <PositionLink lat={row.lastPosition.latitude} lng={row.lastPosition.longitude} />
            <div style={{ fontSize: 12, opacity: 0.65 }}>{format.moment(row.lastPosition.at)}</div>
          </>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <PagedTable<AgentSummaryRow>
      url="/api/agent/summary-report"
      filters={{ thedate: day, period }}
      columns={columns}
      rowKey={(row) => row.userId}
      label={`${AGENT_TEXT.summary} ${window.from === window.to ? window.from : `${window.from} – ${window.to}`}`}
      emptyText={AGENT_TEXT.noAgents}
      searchPlaceholder={AGENT_TEXT.searchAgents}
      defaultSort={DEFAULT_SORT}
      stateKey={SUMMARY_STATE_KEY}
    />
  );
}
