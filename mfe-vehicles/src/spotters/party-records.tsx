/**
 * What a spotter or third party did, on its details page: rewards earned (summed per currency), its
 * dispatches with their rewards, and sightings (a spotter's own; a third party's vehicles').
 */
import { Card, Descriptions, Flex, Table, Tag } from 'antd';
import type { Dispatch, Money } from '@meridian/shared/contract/dispatch';
import type { Sighting } from '@meridian/shared/contract/sighting';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { DISPATCH_STATUS_LABELS } from '../dispatches/dispatch-text';
import { formatMinor, formatMinorList } from '@meridian/shared/money-text';
import { SPOTTER_TEXT } from './spotter-text';

export function PartyRecords({
  dispatches,
  sightings,
  rewardsEarned,
  sightingsHint,
}: {
  dispatches: Dispatch[];
  sightings: Sighting[];
  rewardsEarned: Money[];
  sightingsHint?: string;
}) {
  const format = useTenantFormat();
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={1}
        items={[{ key: 'earned', label: SPOTTER_TEXT.rewardsEarned, children: formatMinorList(rewardsEarned, SPOTTER_TEXT.noRewards) }]}
      />
      <Card size="small" title={SPOTTER_TEXT.dispatches}>
        <Table<Dispatch>
          aria-label={SPOTTER_TEXT.dispatches}
          rowKey={(d) => d.id}
          dataSource={dispatches}
          pagination={false}
          size="small"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: SPOTTER_TEXT.noDispatches }}
          columns={[
            { title: SPOTTER_TEXT.vehicle, key: 'vehicle', render: (_, d) => d.registrationNumber },
            { title: SPOTTER_TEXT.status, key: 'status', render: (_, d) => <Tag>{DISPATCH_STATUS_LABELS[d.status]}</Tag> },
            {
              title: SPOTTER_TEXT.reward,
              key: 'reward',
              render: (_, d) => (d.reward ? formatMinor(d.reward.amountMinor, d.reward.currency) : ''),
            },
            { title: SPOTTER_TEXT.dispatched, key: 'date', render: (_, d) => format.moment(d.dateCreated) },
          ]}
        />
      </Card>
      <Card size="small" title={SPOTTER_TEXT.sightings} extra={sightingsHint}>
        <Table<Sighting>
          aria-label={SPOTTER_TEXT.sightings}
          rowKey={(g) => g.id}
          dataSource={sightings}
          pagination={false}
          size="small"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: SPOTTER_TEXT.noSightings }}
          columns={[
            { title: SPOTTER_TEXT.vehicle, key: 'vehicle', render: (_, g) => `${g.registrationNumber} ${g.make}` },
            { title: SPOTTER_TEXT.seen, key: 'seen', render: (_, g) => format.moment(g.seenAt) },
            { title: SPOTTER_TEXT.position, key: 'position', render: (_, g) => `${g.latitude.toFixed(6)}, ${g.longitude.toFixed(6)}` },
            { title: SPOTTER_TEXT.status, key: 'status', render: (_, g) => g.status },
          ]}
        />
      </Card>
    </Flex>
  );
}
