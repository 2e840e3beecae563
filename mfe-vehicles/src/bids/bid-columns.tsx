/** The columns of a bids table: when received, the vehicle, the bidder, the amount, the status, and accepting. */
import { Button, Tag } from 'antd';
import type { Bid } from '@meridian/shared/contract/bid';
import { formatMinor } from '@meridian/shared/money-text';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { BID_STATUS_COLOURS, BID_STATUS_LABELS, BID_TEXT } from './bid-text';

/** A bid may be accepted while it is open and its vehicle is still Listed. */
export const acceptable = (bid: Bid) => bid.status === 'received' && bid.repossessionStatus === 'Listed';

export function bidColumns(format: TenantFormatters, options: { withVehicle: boolean; onAccept?: (bid: Bid) => void }): PagedColumn<Bid>[] {
  const columns: PagedColumn<Bid>[] = [
    { title: BID_TEXT.received, dataIndex: 'receivedDate', sortField: 'receivedDate', render: (v: string) => format.moment(v) },
  ];
  if (options.withVehicle)
    columns.push({
      title: BID_TEXT.vehicle,
      key: 'vehicle',
      render: (_: unknown, bid: Bid) => [bid.registrationNumber, bid.make, bid.model].filter(Boolean).join(' '),
    });
  columns.push(
    { title: BID_TEXT.bidder, dataIndex: 'bidderName', maxWidth: 200 },
    { title: BID_TEXT.contact, dataIndex: 'bidderContact', optional: true, maxWidth: 220 },
    {
      title: BID_TEXT.amount,
      dataIndex: 'amountMinor',
      sortField: 'amountMinor',
      align: 'right',
      render: (_: unknown, bid: Bid) => formatMinor(bid.amountMinor, bid.currency),
    },
    {
      title: BID_TEXT.status,
      dataIndex: 'status',
      sortField: 'status',
      render: (_: unknown, bid: Bid) => <Tag color={BID_STATUS_COLOURS[bid.status]}>{BID_STATUS_LABELS[bid.status]}</Tag>,
    },
  );
  const { onAccept } = options;
  if (onAccept)
    columns.push({
      key: 'actions',
      actions: true,
      render: (_: unknown, bid: Bid) =>
        acceptable(bid) && (
          <Button size="small" type="primary" onClick={() => onAccept(bid)} aria-label={`${BID_TEXT.accept} ${bid.bidderName}`}>
            {BID_TEXT.accept}
          </Button>
        ),
    });
  return columns;
}
