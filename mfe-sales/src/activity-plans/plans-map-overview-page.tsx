/**
 * Every route plan of a day on one map (/sales/activities/activity-plan/map-overview, plain layout):
 * one colour per plan, each plan's stops numbered in its own order and joined by its route line,
 * with a legend naming the plans and their agents. The day is kept in the address (?date=, today
 * when absent). Without map tiles the plans' stops are listed with their coordinates instead.
 */
import { Col, Empty, Flex, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { isCalendarDay, PLAN_STATUS_NAMES, type MapOverviewPlan } from '@meridian/shared/contract/activity-plan';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { PointsMap, seriesColour } from '@meridian/shared/ui/points-map';
import { localDay } from '../parts/date-field';
import { DaySwitcher } from '../parts/day-switcher';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { MapPageFrame } from '../parts/map-page-frame';
import { useAddressFilters } from '../parts/use-address-filters';
import { PLANS_LIST_PATH, planMapPath } from './activity-plan-paths';
import { PLAN_TEXT } from './activity-plan-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const planLabel = (plan: MapOverviewPlan) => (plan.agentName ? `${plan.name} (${plan.agentName})` : plan.name);

function Legend({ plans }: { plans: MapOverviewPlan[] }) {
  return (
    <Flex vertical gap={8} aria-label={PLAN_TEXT.legend} role="list">
      {plans.map((plan, index) => (
        <Flex key={plan.Id} gap={8} align="start" role="listitem">
          <span
            aria-hidden="true"
            style={{ flex: 'none', width: 12, height: 12, marginTop: 5, borderRadius: '50%', background: seriesColour(index) }}
          />
          <Flex vertical>
            <Link to={planMapPath(plan.Id)}>{plan.name}</Link>
            <Typography.Text type="secondary">
              {[plan.agentName, `${plan.stops.length} ${PLAN_TEXT.stops.toLowerCase()}`, PLAN_STATUS_NAMES[plan.status]]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}

export default function PlansMapOverviewPage() {
  const format = useTenantFormat();
  const today = localDay();
  const filters = useAddressFilters({ date: today });
  const day = filters.values.date && isCalendarDay(filters.values.date) ? filters.values.date : today;
  const loaded = useLoad(
    (signal) =>
      api.get<MapOverviewPlan[]>('/api/activities/activity-plan/map-overview', { signal, query: { date: day } }).then((r) => r.data),
    [day],
  );
  return (
    <MapPageFrame
      subtitle={format.day(day)}
      actions={
        <>
          <DaySwitcher day={day} onChange={(next) => filters.set({ date: next })} />
          <LinkButton to={PLANS_LIST_PATH}>{PLAN_TEXT.backToPlans}</LinkButton>
        </>
      }
    >
      <LoadPanel state={loaded}>
        {(plans) =>
          plans.length === 0 ? (
            <Empty description={PLAN_TEXT.noPlansThatDay} />
          ) : (
            <Row gutter={[24, 16]}>
              <Col xs={24} lg={18}>
                <PointsMap
                  line
                  label={PLAN_TEXT.mapOfTheDay}
                  height="75vh"
                  series={plans.map((plan, index) => ({
                    key: plan.Id,
                    label: planLabel(plan),
                    colour: seriesColour(index),
                    points: plan.stops.map((stop) => ({ key: stop.Id, label: stop.name, lat: stop.lat, lng: stop.lng })),
                  }))}
                />
              </Col>
              <Col xs={24} lg={6}>
                <Legend plans={plans} />
              </Col>
            </Row>
          )
        }
      </LoadPanel>
    </MapPageFrame>
  );
}
