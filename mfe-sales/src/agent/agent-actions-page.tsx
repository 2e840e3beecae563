/**
 * Agent actions (/sales/agents/actions): on one tab an agent's actions of a day (the history, its CSV
 * file and its map), on the other the summary report of every agent over a day, week or month. The
 * tab, agent, day and period are kept in the address, so a link from elsewhere (the day overview, a
 * line of the summary) opens the same view.
 */
import { Empty, Flex, Segmented, Tabs } from 'antd';
import { isCalendarDay } from '@meridian/shared/contract/activity-plan';
import { SUMMARY_PERIODS, type SummaryPeriod } from '@meridian/shared/contract/field-agent';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { AgentSelect } from '../parts/person-select';
import { localDay } from '../parts/date-field';
import { DaySwitcher } from '../parts/day-switcher';
import { useAddressFilters } from '../parts/use-address-filters';
import { AgentDayHistory, HISTORY_STATE_KEY } from './agent-day-history';
import { agentDayPath } from './agent-paths';
import { AgentSummaryReport, isSummaryPeriod, SUMMARY_STATE_KEY } from './agent-summary-report';
import { AGENT_TEXT, PERIOD_NAMES } from './agent-text';

type Tab = 'history' | 'summary';

export default function AgentActionsPage() {
  const today = localDay();
  const filters = useAddressFilters({ tab: 'history', agent: undefined, date: today, period: 'day' });
  const { agent } = filters.values;
  const tab: Tab = filters.values.tab === 'summary' ? 'summary' : 'history';
  const day = filters.values.date && isCalendarDay(filters.values.date) ? filters.values.date : today;
  const period: SummaryPeriod = isSummaryPeriod(filters.values.period) ? filters.values.period : 'day';

  const history = (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <AgentSelect
          ariaLabel={AGENT_TEXT.agent}
          value={agent}
          allowClear={false}
          onChange={(value) => filters.set({ agent: typeof value === 'string' ? value : null }, [`${HISTORY_STATE_KEY}.page`])}
          style={{ width: 260 }}
        />
        <DaySwitcher day={day} onChange={(next) => filters.set({ date: next }, [`${HISTORY_STATE_KEY}.page`])} />
      </Flex>
      {agent ? <AgentDayHistory key={`${agent}/${day}`} agentId={agent} day={day} /> : <Empty description={AGENT_TEXT.chooseAgentFirst} />}
    </Flex>
  );

  const summary = (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <Segmented<SummaryPeriod>
          aria-label={AGENT_TEXT.period}
          value={period}
          onChange={(next) => filters.set({ period: next })}
          options={SUMMARY_PERIODS.map((p) => ({ value: p, label: PERIOD_NAMES[p] }))}
        />
        <DaySwitcher
          day={day}
          label={AGENT_TEXT.reportDay}
          onChange={(next) => filters.set({ date: next }, [`${SUMMARY_STATE_KEY}.page`])}
        />
      </Flex>
      <AgentSummaryReport day={day} period={period} dayOfAgent={(agentId) => agentDayPath(agentId, day)} />
    </Flex>
  );

  return (
    <PageFrame>
      <Tabs
        activeKey={tab}
        onChange={(key) => filters.set({ tab: key })}
        items={[
          { key: 'history', label: AGENT_TEXT.history, children: history },
          { key: 'summary', label: AGENT_TEXT.summary, children: summary },
        ]}
      />
    </PageFrame>
  );
}
