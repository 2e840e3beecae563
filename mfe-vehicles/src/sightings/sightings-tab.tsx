/** The Sightings tab of a repossession's details page: its sightings on the map and in a list, confirmed by staff. */
import { useMemo } from 'react';
import { Flex } from 'antd';
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import type { Sighting } from '@meridian/shared/contract/sighting';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { PointsMap } from '@meridian/shared/ui/points-map';
import { RECOVERY_API } from '../dispatches/recovery-api';
import { sightingColumns } from './sighting-columns';
import { SIGHTING_TEXT } from './sighting-text';
import { useSightingActions } from './use-sighting-actions';

export function SightingsTab({ repossession, reload }: { repossession: RepossessionDetails; reload: () => void }) {
  const format = useTenantFormat();
  // Confirming may move the repossession to Sighted: its page reloads too.
  const actions = useSightingActions(reload);
  const filters = useMemo(() => ({ repossessionId: repossession.id }), [repossession.id]);
  // `reloadToken` is not read by the call: a bump of it (after a confirmation) loads the map's sightings again.
  const all = useLoad(
    (signal) => api.get<Sighting[]>(RECOVERY_API.sightings, { query: { ...filters, size: 200 }, signal }).then((r) => r.data),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the token is read by no call: its bump loads again
    [filters, actions.reloadToken],
  );
  const points = (all.status === 'loaded' ? all.data : []).map((s) => ({
    key: s.id,
    label: format.moment(s.seenAt),
    lat: s.latitude,
    lng: s.longitude,
  }));
  return (
    <Flex vertical gap={16}>
      <PointsMap points={points} height={300} label={SIGHTING_TEXT.sightingsMap} />
      <PagedTable<Sighting>
        url={RECOVERY_API.sightings}
        filters={filters}
        columns={sightingColumns(format, actions)}
        rowKey={(s) => s.id}
        label={SIGHTING_TEXT.sightings}
        emptyText={SIGHTING_TEXT.noSightings}
        searchable={false}
        defaultSort={{ field: 'seenAt', order: 'DESC' }}
        reloadToken={actions.reloadToken}
        stateKey="repossession-sightings"
        tableId="vehicles-repossession-sightings"
      />
    </Flex>
  );
}
