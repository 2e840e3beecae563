/**
 * Bids (/vehicles/bids): the bids the public made on the acting subtree's listed vehicles, newest
 * received first (spec 9), paged and sorted on the server, filtered by vehicle (kept in the address);
 * accepting one asks first. Offline it shows the copy kept on this device (bids-offline.ts), saying so.
 */
import { useEffect, useState } from 'react';
import { Alert, Table } from 'antd';
import { useSearchParams } from 'react-router';
import { bids } from '@meridian/shared/contract/areas/vehicles';
import type { StaffListing } from '@meridian/shared/contract/bid';
import { api } from '@meridian/shared/http/api';
import { useCan } from '@meridian/shared/session/use-can';
import { useSession } from '@meridian/shared/session/session-store';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { FilterSelect } from '@meridian/shared/ui/filter-select';
import { LISTING_API } from '../listing/listing-api';
import { BID_API } from './bid-api';
import { bidColumns } from './bid-columns';
import { BID_TEXT } from './bid-text';
import { keepBidsOnDevice, keptBids, type KeptBids } from './bids-offline';
import { useAcceptBid } from './use-accept-bid';

const DEFAULT_SORT = { field: 'receivedDate', order: 'DESC' } as const;

/** The listed vehicles to filter by: the ones bids are accepted on. */
function useListedVehicles(online: boolean) {
  const [choices, setChoices] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (!online) return undefined;
    let stopped = false;
    api.get<StaffListing[]>(LISTING_API.staffListing, { query: { size: 1000 } }).then(
      ({ data }) =>
        !stopped &&
        setChoices(data.map((l) => ({ value: l.id, label: [l.registrationNumber, l.make, l.model].filter(Boolean).join(' ') }))),
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [online]);
  return choices;
}

function SavedCopy({ userId }: { userId: string }) {
  const format = useTenantFormat();
  const [kept, setKept] = useState<KeptBids | null | undefined>(undefined);
  useEffect(() => {
    let stopped = false;
    keptBids(userId).then(
      (copy) => !stopped && setKept(copy ?? null),
      () => !stopped && setKept(null),
    );
    return () => {
      stopped = true;
    };
  }, [userId]);
  if (kept === undefined) return null;
  if (kept === null) return <Alert type="warning" showIcon role="status" title={BID_TEXT.noSavedCopy} />;
  const columns = bidColumns(format, { withVehicle: true }).map(
    ({ sortField: _s, optional: _o, hiddenByDefault: _h, actions: _a, maxWidth: _m, ...c }) => c,
  );
  return (
    <>
      <Alert type="warning" showIcon role="status" title={BID_TEXT.savedCopy(format.moment(kept.keptAt))} style={{ marginBottom: 16 }} />
      <Table
        aria-label={BID_TEXT.bids}
        rowKey="id"
        columns={columns}
        dataSource={kept.items}
        pagination={{ pageSize: 20 }}
        scroll={{ x: true }}
      />
    </>
  );
}

export default function BidsPage() {
  const format = useTenantFormat();
  const online = useSession((state) => state.networkOnline);
  const userId = useSession((state) => state.user?.Id ?? null);
  const canAccept = useCan(bids, 'accept');
  const [params, setParams] = useSearchParams();
  const vehicle = params.get('repossessionId') ?? '';
  const vehicles = useListedVehicles(online);
  const { accept, reloadToken } = useAcceptBid();

  // Online, the newest bids are kept on the device for the next time the connection is gone.
  useEffect(() => {
    if (online && userId) keepBidsOnDevice(userId).catch(() => undefined);
  }, [online, userId, reloadToken]);

  const setVehicle = (next: string) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next) changed.set('repossessionId', next);
        else changed.delete('repossessionId');
        return changed;
      },
      { replace: true },
    );

  return (
    <PageFrame title={BID_TEXT.bids}>
      {!online && userId ? (
        <SavedCopy userId={userId} />
      ) : (
        <PagedTable
          url={BID_API.list}
          filters={{ repossessionId: vehicle || undefined }}
          columns={bidColumns(format, { withVehicle: true, onAccept: canAccept ? accept : undefined })}
          rowKey={(b) => b.id}
          label={BID_TEXT.bids}
          emptyText={BID_TEXT.noBids}
          searchPlaceholder={BID_TEXT.search}
          defaultSort={DEFAULT_SORT}
          reloadToken={reloadToken}
          tableId="vehicle-bids"
          toolbar={
            <FilterSelect
              label={BID_TEXT.filterByVehicle}
              value={vehicle}
              options={[{ value: '', label: BID_TEXT.allVehicles }, ...vehicles]}
              onChange={setVehicle}
              searchable
              minWidth={200}
            />
          }
        />
      )}
    </PageFrame>
  );
}
