/**
 * Sightings (/vehicles/sightings): staff see every sighting of the acting subtree on the shared map (the
 * latest 200 seen) and in a paged list, filtered by status, and confirm them; a field spotter reaching
 * this page sees only their own (the API decides).
 */
import { SIGHTING_STATUSES, type Sighting } from '@meridian/shared/contract/sighting';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { PointsMap } from '@meridian/shared/ui/points-map';
import { useAddressFilter } from '@meridian/shared/ui/use-address-filter';
import { FilterSelect } from '@meridian/shared/ui/filter-select';
import { RECOVERY_API } from '../dispatches/recovery-api';
import { sightingColumns } from './sighting-columns';
import { SIGHTING_STATUS_LABELS, SIGHTING_TEXT } from './sighting-text';
import { useSightingActions } from './use-sighting-actions';

const DEFAULT_SORT = { field: 'seenAt', order: 'DESC' } as const;
const MAP_SIZE = 200;
const STATUS_CHOICES = [
  { value: '', label: SIGHTING_TEXT.allStatuses },
  ...SIGHTING_STATUSES.map((status) => ({ value: status, label: SIGHTING_STATUS_LABELS[status] })),
];

export default function SightingsPage() {
  const format = useTenantFormat();
  const actions = useSightingActions();
  const [status, setStatus] = useAddressFilter('status', SIGHTING_STATUSES);
  // `reloadToken` is not read by the call: a bump of it (after a confirmation) loads the map's sightings again.
  const latest = useLoad(
    (signal) =>
      api
        .get<Sighting[]>(RECOVERY_API.sightings, {
          query: { size: MAP_SIZE, sortField: 'seenAt', sortOrder: 'DESC', status: status || undefined },
          signal,
        })
        .then((r) => r.data),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the token is read by no call: its bump loads again
    [status, actions.reloadToken],
  );
  const points = (latest.status === 'loaded' ? latest.data : []).map((s) => ({
    key: s.id,
    label: `${s.registrationNumber} ${s.make}, ${format.moment(s.seenAt)}`,
    lat: s.latitude,
    lng: s.longitude,
  }));

  return (
    <PageFrame title={SIGHTING_TEXT.sightings}>
      <PointsMap points={points} height={360} label={SIGHTING_TEXT.sightingsMap} />
      <PagedTable<Sighting>
        url={RECOVERY_API.sightings}
        filters={{ status: status || undefined }}
        columns={sightingColumns(format, actions)}
        rowKey={(s) => s.id}
        label={SIGHTING_TEXT.sightings}
        emptyText={SIGHTING_TEXT.noSightings}
        searchPlaceholder={SIGHTING_TEXT.searchSightings}
        defaultSort={DEFAULT_SORT}
        reloadToken={actions.reloadToken}
        tableId="vehicles-sightings"
        toolbar={<FilterSelect label={SIGHTING_TEXT.filterByStatus} value={status} options={STATUS_CHOICES} onChange={setStatus} />}
      />
    </PageFrame>
  );
}
