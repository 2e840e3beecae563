/**
 * Repossessions (/vehicles/repossessions): every repossession of the acting subtree, paged, sorted
 * (newest first) and searched on the server by the vehicle, filtered by status (kept in the address),
 * each status a coloured tag; a row opens the repossession's page.
 */
import { Link } from 'react-router';
import { REPOSSESSION_STATUSES, type Repossession } from '@meridian/shared/contract/repossession';
import { VEHICLE_LIST_DEFAULTS } from '@meridian/shared/contract/vehicle';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { useAddressFilter } from '@meridian/shared/ui/use-address-filter';
import { FilterSelect } from '@meridian/shared/ui/filter-select';
import { repossessionPath } from '../parts/vehicle-paths';
import { VEHICLES_API } from '../parts/vehicles-api';
import { RepossessionStatusTag } from './repossession-status-tag';
import { REPOSSESSION_TEXT } from './repossession-text';

const DEFAULT_SORT = { field: VEHICLE_LIST_DEFAULTS.sortField, order: VEHICLE_LIST_DEFAULTS.sortOrder } as const;
const STATUS_CHOICES = [{ value: '', label: REPOSSESSION_TEXT.allStatuses }, ...REPOSSESSION_STATUSES.map((s) => ({ value: s, label: s }))];

export default function RepossessionsPage() {
  const format = useTenantFormat();
  const [status, setStatus] = useAddressFilter('status', REPOSSESSION_STATUSES);

  const columns: PagedColumn<Repossession>[] = [
    {
      title: REPOSSESSION_TEXT.vehicle,
      key: 'registrationNumber',
      sortField: 'registrationNumber',
      render: (_: unknown, r: Repossession) => <Link to={repossessionPath(r.id)}>{`${r.registrationNumber} ${r.make}`}</Link>,
    },
    {
      title: REPOSSESSION_TEXT.status,
      dataIndex: 'status',
      sortField: 'status',
      render: (s: Repossession['status']) => <RepossessionStatusTag status={s} />,
    },
    { title: REPOSSESSION_TEXT.reason, dataIndex: 'reason', maxWidth: 280, render: (reason: string | null) => reason ?? '—' },
    { title: REPOSSESSION_TEXT.raised, dataIndex: 'dateCreated', sortField: 'dateCreated', render: (iso: string) => format.moment(iso) },
    {
      title: REPOSSESSION_TEXT.changed,
      dataIndex: 'dateModified',
      sortField: 'dateModified',
      optional: true,
      render: (iso: string) => format.moment(iso),
    },
  ];

  return (
    <PageFrame title={REPOSSESSION_TEXT.repossessions}>
      <PagedTable<Repossession>
        url={VEHICLES_API.repossessions}
        filters={{ status: status || undefined }}
        columns={columns}
        rowKey={(r) => r.id}
        label={REPOSSESSION_TEXT.repossessions}
        emptyText={REPOSSESSION_TEXT.noRepossessions}
        searchPlaceholder={REPOSSESSION_TEXT.searchRepossessions}
        defaultSort={DEFAULT_SORT}
        tableId="vehicles-repossessions"
        toolbar={<FilterSelect label={REPOSSESSION_TEXT.filterByStatus} value={status} options={STATUS_CHOICES} onChange={setStatus} />}
      />
    </PageFrame>
  );
}
