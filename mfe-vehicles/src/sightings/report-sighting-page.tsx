/**
 * The spotter's phone screen (/vehicles/wanted): the wanted list as cards (registration, make, model,
 * colour, photo, reward; never the debtor), and for one vehicle (?vehicle=<repossession id>) the report
 * form. Works at 390 px: one column, full-width buttons.
 */
import { Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import type { WantedVehicle } from '@meridian/shared/contract/sighting';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { formatMinor } from '@meridian/shared/money-text';
import { RECOVERY_API } from '../dispatches/recovery-api';
import { ReportSightingForm } from './report-sighting-form';
import { SIGHTING_TEXT } from './sighting-text';
import { WantedPhoto } from './wanted-photo';

const WANTED_PAGE = 200;

const describe = (v: WantedVehicle) => [v.make, v.model, v.colour, v.year].filter(Boolean).join(' · ');

function WantedCard({ vehicle, onReport }: { vehicle: WantedVehicle; onReport(): void }) {
  return (
    <Card
      size="small"
      title={vehicle.registrationNumber}
      cover={vehicle.photoUrl ? <WantedPhoto path={vehicle.photoUrl} alt={vehicle.registrationNumber} /> : undefined}
      extra={
        vehicle.dispatchedToMe ? (
          <Tag color="blue">{SIGHTING_TEXT.dispatchedToYou}</Tag>
        ) : (
          <Tag color="gold">{SIGHTING_TEXT.publishedReward}</Tag>
        )
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text>{describe(vehicle)}</Typography.Text>
        <Typography.Text strong>
          {SIGHTING_TEXT.reward}:{' '}
          {vehicle.reward ? formatMinor(vehicle.reward.amountMinor, vehicle.reward.currency) : SIGHTING_TEXT.noReward}
        </Typography.Text>
        <Button type="primary" block onClick={onReport} aria-label={`${SIGHTING_TEXT.report}: ${vehicle.registrationNumber}`}>
          {SIGHTING_TEXT.report}
        </Button>
      </Flex>
    </Card>
  );
}

export default function ReportSightingPage() {
  const [params, setParams] = useSearchParams();
  const chosenId = params.get('vehicle');
  const state = useLoad(
    (signal) => api.get<WantedVehicle[]>(RECOVERY_API.wanted, { query: { size: WANTED_PAGE }, signal }).then((r) => r.data),
    [],
  );
  const choose = (id: string | null) => setParams(id ? { vehicle: id } : {});
  const chosen = state.status === 'loaded' && chosenId ? state.data.find((v) => v.repossessionId === chosenId) : undefined;

  return (
    <PageFrame title={chosen ? `${SIGHTING_TEXT.reportOf} ${chosen.registrationNumber}` : SIGHTING_TEXT.wanted}>
      <LoadPanel state={state}>
        {(wanted) =>
          chosen ? (
            <Flex vertical gap={12} style={{ maxWidth: 480 }}>
              <Button icon={<ArrowLeftOutlined />} onClick={() => choose(null)} style={{ alignSelf: 'flex-start' }}>
                {SIGHTING_TEXT.back}
              </Button>
              <Typography.Text>{describe(chosen)}</Typography.Text>
              <ReportSightingForm vehicle={chosen} onSent={() => choose(null)} />
            </Flex>
          ) : wanted.length === 0 ? (
            <Empty description={SIGHTING_TEXT.noWanted} />
          ) : (
            <Flex vertical gap={12} style={{ maxWidth: 480 }}>
              {wanted.map((v) => (
                <WantedCard key={v.repossessionId} vehicle={v} onReport={() => choose(v.repossessionId)} />
              ))}
            </Flex>
          )
        }
      </LoadPanel>
    </PageFrame>
  );
}
