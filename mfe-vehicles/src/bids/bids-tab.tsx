/**
 * The repossession's bids, as a tab of its details page: newest first, accepting one with confirmation
 * (which sells the vehicle, so the page is reloaded). Props as the details page passes every tab.
 */
import { bids } from '@meridian/shared/contract/areas/vehicles';
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { BID_API } from './bid-api';
import { bidColumns } from './bid-columns';
import { BID_TEXT } from './bid-text';
import { useAcceptBid } from './use-accept-bid';

const DEFAULT_SORT = { field: 'receivedDate', order: 'DESC' } as const;

export function BidsTab({ repossession, reload }: { repossession: RepossessionDetails; reload: () => void }) {
  const format = useTenantFormat();
  const canAccept = useCan(bids, 'accept');
  const { accept, reloadToken } = useAcceptBid(reload);
  return (
    <PagedTable
      url={BID_API.list}
      filters={{ repossessionId: repossession.id }}
      columns={bidColumns(format, { withVehicle: false, onAccept: canAccept ? accept : undefined })}
      rowKey={(b) => b.id}
      label={BID_TEXT.bids}
      emptyText={BID_TEXT.noBids}
      searchable={false}
      defaultSort={DEFAULT_SORT}
      reloadToken={reloadToken}
      stateKey="bids-"
      tableId="repossession-bids"
    />
  );
}
