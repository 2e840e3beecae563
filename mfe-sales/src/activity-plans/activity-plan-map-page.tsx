/**
 * One route plan on the map (/sales/activities/activity-plan/:id/map-view, plain layout): its stops,
 * numbered in visiting order and joined by the route line, beside the list of stops with their time
 * and how far the agent has got with each. Without map tiles the stops are listed with their
 * coordinates instead.
 */
import { Col, Flex, Row, Tag, Timeline, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import type { ActivityPlan, ActivityPlanStop } from '@meridian/shared/contract/activity-plan';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { PointsMap } from '@meridian/shared/ui/points-map';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { MapPageFrame } from '../parts/map-page-frame';
import { editPlanPath, mapOverviewPath, PLANS_LIST_PATH } from './activity-plan-paths';
import { PLAN_TEXT } from './activity-plan-text';
import { PROGRESS_COLOURS, PROGRESS_NAMES } from './plan-progress';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const stopPoints = (stops: ActivityPlanStop[]) => stops.map((stop) => ({ key: stop.Id, label: stop.name, lat: stop.lat, lng: stop.lng }));

function StopTimeline({ stops }: { stops: ActivityPlanStop[] }) {
  const format = useTenantFormat();
  return (
    <Timeline
      items={stops.map((stop) => ({
        key: stop.Id,
        color: PROGRESS_COLOURS[stop.progress],
        content: (
          <Flex vertical>
            <Typography.Text strong>{`${stop.position}. ${stop.name}`}</Typography.Text>
            <Typography.Text type="secondary">{[format.moment(stop.startDate), stop.location].filter(Boolean).join(' · ')}</Typography.Text>
            <span>
              <Tag color={stop.progress === 'pending' ? undefined : PROGRESS_COLOURS[stop.progress]}>
                {stop.status || PROGRESS_NAMES[stop.progress]}
              </Tag>
            </span>
          </Flex>
        ),
      }))}
    />
  );
}

export default function ActivityPlanMapPage() {
  const format = useTenantFormat();
  const { id = '' } = useParams();
  const loaded = useLoad(
    (signal) =>
      Promise.all([
        api.get<ActivityPlan>(`/api/activities/activity-plan/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
        api
          .get<ActivityPlanStop[]>(`/api/activities/activity-plan-activities/${encodeURIComponent(id)}`, {
            signal,
            query: { detailsLevel: 'BASIC' },
          })
          .then((r) => r.data),
      ]),
    [id],
  );
  const plan = loaded.status === 'loaded' ? loaded.data[0] : null;
  return (
    <MapPageFrame
      subtitle={plan ? [plan.name, format.day(plan.planDate), plan.agentName].filter(Boolean).join(' · ') : undefined}
      actions={
        <>
          {plan && <LinkButton to={mapOverviewPath(plan.planDate)}>{PLAN_TEXT.mapOfTheDay}</LinkButton>}
          <LinkButton to={editPlanPath(id)} icon={<EditOutlined />}>
            {MESSAGES.editAction}
          </LinkButton>
          <LinkButton to={PLANS_LIST_PATH}>{PLAN_TEXT.backToPlans}</LinkButton>
        </>
      }
    >
      <LoadPanel state={loaded}>
        {([data, stops]) => (
          <Row gutter={[24, 16]}>
            <Col xs={24} lg={16}>
              <PointsMap points={stopPoints(stops)} line label={`${PLAN_TEXT.routeOf}: ${data.name}`} height="70vh" />
            </Col>
            <Col xs={24} lg={8}>
              {stops.length === 0 ? (
                <Typography.Text type="secondary">{PLAN_TEXT.noStopsYet}</Typography.Text>
              ) : (
                <StopTimeline stops={stops} />
              )}
            </Col>
          </Row>
        )}
      </LoadPanel>
    </MapPageFrame>
  );
}
